"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { InventoryAnswer, LocationStock } from "@store/contract";
import { ClientApiError, clientGet, clientPathParam } from "@/lib/client-api";
import { useVariantId } from "@/product/useVariant";
import { cutPostcode } from "@/shipping/postcode";
import ZipInput from "@/shipping/ZipInput";
import { currentPosition } from "./geolocation";
import { distanceText, MY_STORE_DRAWER_ID, StoreAddress } from "./MyStoreDrawer";
import {
  CHANGE_STORE, CHECK_STOCK_HEADING, CHOOSE_A_STORE, CONFIGURABLE_STOCK_NOTE, GEOLOCATION_ERROR, MY_STORE_LABEL, NO_STORES_FOUND,
  SET_MY_STORE_LABEL, USE_MY_LOCATION,
} from "./messages";
import { useMyStore } from "./useMyStore";
import { storeListErrorText, storeLocationOf, userZipSet } from "./state";
import { useAppDispatch } from "@/lib/store";
import { SubmitButton } from "@/lib/SubmitButton";
import styles from "./Inventory.module.css";

type Query = { zip: string } | { lat: number; long: number } | { storelocationid: string };

const stockText = (entry: LocationStock) => (entry.in_stock && entry.qty > 0 ? `${entry.qty} in stock` : "Out of stock");

/**
 * Store stock of the product (spec 002 §4, §7 GET /products/{id}/inventory): by ZIP code or the
 * shopper's position; each store with its quantity and distance and a "Set as My Store" action.
 * The first store of a list becomes My Store while none is chosen. Never asked for a configurable
 * product (spec 002 §5): nothing is asked until the shopper chooses an option, then the chosen
 * child's stock is.
 */
export default function StoreStock({ parentId, initialId, isConfigurable }: { parentId: string; initialId: string | null; isConfigurable: boolean }) {
  const variantId = useVariantId(parentId, initialId ?? "");
  const productId = isConfigurable && variantId === parentId ? "" : variantId;
  const { myStore, myStoreLoaded, setMyStore, storeListReceived, openDrawer } = useMyStore();
  const dispatch = useAppDispatch();
  const id = useId();
  const [zip, setZip] = useState("");
  const [stores, setStores] = useState<LocationStock[] | null>(null);
  const [myStock, setMyStock] = useState<LocationStock | null>(null);
  const [status, setStatus] = useState<"idle" | "pending" | "rejected">("idle");
  const [error, setError] = useState("");
  const lastQuery = useRef<Query | null>(null);
  const request = useRef(0);

  const ask = async (query: Query): Promise<LocationStock[]> => {
    const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const answer = await clientGet<InventoryAnswer>(`/products/${clientPathParam(productId)}/inventory?${params}`);
    return Array.isArray(answer.store_list) ? answer.store_list : [answer.store_list];
  };

  const check = async (query: Query) => {
    if (!productId) return;
    lastQuery.current = query;
    const mine = ++request.current;
    setStatus("pending");
    setError("");
    try {
      const list = await ask(query);
      if (mine !== request.current) return;
      setStores(list);
      setStatus("idle");
      storeListReceived(list);
    } catch (caught) {
      if (mine !== request.current) return;
      setStatus("rejected");
      setError(storeListErrorText(caught instanceof ClientApiError ? caught.status : 0, caught instanceof Error ? caught.message : ""));
    }
  };

  // My Store's stock of this product (and again when another child is chosen)
  const myStoreId = myStore?.storelocationid;
  useEffect(() => {
    if (!productId || !myStoreId) return setMyStock(null);
    let live = true;
    ask({ storelocationid: myStoreId }).then((list) => live && setMyStock(list[0] ?? null), () => live && setMyStock(null));
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId, myStoreId]);

  // a list already shown follows the chosen child
  useEffect(() => {
    if (lastQuery.current && productId) void check(lastQuery.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = cutPostcode(zip);
    if (!code) return;
    dispatch(userZipSet(code));
    void check({ zip: code });
  };
  const locate = async () => {
    const position = await currentPosition();
    if (position) void check(position);
    else {
      setStatus("rejected");
      setError(GEOLOCATION_ERROR);
    }
  };

  return (
    <section className={styles.stock} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>{CHECK_STOCK_HEADING}</h2>
      <div className={styles.myStoreLine}>
        {myStoreLoaded && myStore ? (
          <p>
            <span className={styles.label}>{MY_STORE_LABEL}:</span> {myStore.store_name}
            {myStock ? <span className={myStock.qty > 0 ? styles.qtyIn : styles.qtyOut}> — {stockText(myStock)}</span> : null}
          </p>
        ) : (
          <p>{myStoreLoaded ? "No store chosen yet." : "\u00a0"}</p>
        )}
        <button type="button" className={styles.linkButton} onClick={() => openDrawer("store-stock")} aria-haspopup="dialog" aria-controls={MY_STORE_DRAWER_ID}>
          {myStore ? CHANGE_STORE : CHOOSE_A_STORE}
        </button>
      </div>
      {!productId ? (
        <p className={styles.note}>{CONFIGURABLE_STOCK_NOTE}</p>
      ) : (
        <form className={styles.search} onSubmit={submit} aria-label={CHECK_STOCK_HEADING}>
          <label htmlFor={`${id}-zip`}>ZIP code</label>
          <div className={styles.searchRow}>
            <ZipInput id={`${id}-zip`} name="zip" value={zip} onChange={setZip} />
            <SubmitButton className="button button--secondary" disabled={status === "pending"}>Check stock</SubmitButton>
          </div>
          <button type="button" className={styles.linkButton} onClick={() => void locate()}>{USE_MY_LOCATION}</button>
        </form>
      )}
      <div aria-live="polite">
        {status === "pending" ? <p>Checking stores…</p> : null}
        {status === "rejected" ? <p className={styles.error} role="alert">{error}</p> : null}
      </div>
      {stores && status !== "rejected" ? (
        stores.length === 0 ? <p>{NO_STORES_FOUND}</p> : (
          <ul className={styles.stores} aria-label="Store stock" data-testid="store-stock-list">
            {stores.map((entry) => {
              const mine = myStore?.storelocationid === entry.storelocationid;
              return (
                <li key={entry.storelocationid} className={styles.store}>
                  <div className={styles.storeText}>
                    <p className={styles.storeName}>
                      {entry.store_name}
                      {entry.distance !== null ? <span className={styles.distance}> · {distanceText(entry.distance)}</span> : null}
                    </p>
                    <StoreAddress store={entry} />
                    <p className={entry.qty > 0 ? styles.qtyIn : styles.qtyOut} data-testid="store-qty">{stockText(entry)}</p>
                  </div>
                  {mine ? <span className={styles.mine}>{MY_STORE_LABEL}</span> : (
                    <button type="button" className="button button--secondary" onClick={() => setMyStore(storeLocationOf(entry))} aria-label={`${SET_MY_STORE_LABEL}: ${entry.store_name}`}>
                      {SET_MY_STORE_LABEL}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )
      ) : null}
    </section>
  );
}
