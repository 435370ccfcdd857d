"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { StoreLocation } from "@store/contract";
import { currentPosition } from "./geolocation";
import { GEOLOCATION_ERROR, MY_STORE_LABEL, SET_MY_STORE_LABEL } from "./messages";
import { useMyStore } from "./useMyStore";
import styles from "./Inventory.module.css";

export function StoreAddress({ store }: { store: StoreLocation }) {
  return (
    <>
      <span className={styles.address}>{store.address}</span>
      {store.phone ? <span className={styles.phone}>{store.phone}</span> : null}
    </>
  );
}

export const distanceText = (distance: number | null) => (distance === null ? "" : `${distance.toFixed(1)} mi`);

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/**
 * The My Store side drawer (spec 000 §3): closed by default (open-from CLOSED); lists store
 * locations (GET /locations) near a ZIP code or the shopper's position and sets My Store.
 */
export default function MyStoreDrawer() {
  const { drawerOpenFrom, closeDrawer, myStore, setMyStore, fetchLocations, storeLocations, storeLocationsStatus, storeLocationsError, userZip } = useMyStore();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [zip, setZip] = useState(userZip);
  const [geoError, setGeoError] = useState(false);
  const open = drawerOpenFrom !== "CLOSED";

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal();
      setZip(userZip);
      if (storeLocationsStatus === "idle") void fetchLocations(userZip ? { zip: userZip } : {});
    } else if (!open && el.open) {
      el.close();
    }
  }, [open, fetchLocations, storeLocationsStatus, userZip]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    if (zip.trim()) void fetchLocations({ zip: zip.trim() });
  };
  const locate = async () => {
    setGeoError(false);
    const position = await currentPosition();
    if (position) void fetchLocations(position);
    else setGeoError(true);
  };

  return (
    <dialog
      ref={dialog}
      className={styles.drawer}
      aria-labelledby={`${id}-title`}
      onClose={closeDrawer}
      onClick={(event) => { if (event.target === dialog.current) closeDrawer(); }}
    >
      <div className={styles.drawerInner}>
        <div className={styles.drawerHead}>
          <h2 id={`${id}-title`} className={styles.drawerTitle}>{MY_STORE_LABEL}</h2>
          <button type="button" className={styles.close} onClick={closeDrawer} aria-label="Close store locations">×</button>
        </div>
        {myStore ? (
          <div className={styles.current} data-testid="my-store">
            <p className={styles.currentName}>{myStore.store_name}</p>
            <StoreAddress store={myStore} />
            {myStore.hours && Object.keys(myStore.hours).length ? (
              <details className={styles.hours}>
                <summary>Store hours</summary>
                <dl>
                  {DAYS.filter((d) => myStore.hours[d]).map((d) => (
                    <div key={d}><dt>{d[0]!.toUpperCase() + d.slice(1)}</dt><dd>{myStore.hours[d]}</dd></div>
                  ))}
                </dl>
              </details>
            ) : null}
          </div>
        ) : null}
        <form className={styles.search} onSubmit={search} role="search" aria-label="Find stores">
          <label htmlFor={`${id}-zip`}>ZIP code</label>
          <div className={styles.searchRow}>
            <input id={`${id}-zip`} value={zip} onChange={(e) => setZip(e.target.value)} inputMode="numeric" autoComplete="postal-code" maxLength={10} />
            <button type="submit" className="button button--primary">Find stores</button>
          </div>
          <button type="button" className={styles.linkButton} onClick={() => void locate()}>Use my location</button>
          {geoError ? <p className={styles.error} role="alert">{GEOLOCATION_ERROR}</p> : null}
        </form>
        {storeLocationsStatus === "rejected" ? <p className={styles.error} role="alert">{storeLocationsError}</p> : null}
        {storeLocationsStatus === "pending" ? <p aria-live="polite">Loading stores…</p> : null}
        <ul className={styles.stores} aria-label="Store locations">
          {storeLocations.map((location) => {
            const mine = myStore?.storelocationid === location.storelocationid;
            return (
              <li key={location.storelocationid} className={styles.store}>
                <div className={styles.storeText}>
                  <p className={styles.storeName}>{location.store_name}{location.distance !== null ? <span className={styles.distance}> · {distanceText(location.distance)}</span> : null}</p>
                  <StoreAddress store={location} />
                </div>
                {mine ? (
                  <span className={styles.mine}>{MY_STORE_LABEL}</span>
                ) : (
                  <button type="button" className="button button--secondary" onClick={() => setMyStore(location)}>
                    {SET_MY_STORE_LABEL}<span className="visually-hidden">: {location.store_name}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </dialog>
  );
}
