"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { StoreLocation } from "@store/contract";
import { currentPosition } from "./geolocation";
import { cutPostcode } from "@/shipping/postcode";
import ZipInput from "@/shipping/ZipInput";
import { SubmitButton } from "@/lib/SubmitButton";
import {
  CLOSE_STORE_LOCATIONS, FIND_STORES_HINT, FIND_STORES_LABEL, GEOLOCATION_ERROR, LOADING_STORES, MY_STORE_LABEL, NO_STORES_FOUND,
  SET_MY_STORE_LABEL, storesFoundText, USE_MY_LOCATION,
} from "./messages";
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

export const MY_STORE_DRAWER_ID = "my-store-drawer";

/**
 * The My Store side drawer, a store locator (spec 002 §2; spec 000 §3): closed by default
 * (open-from CLOSED), a modal dialog once opened from anywhere. Finds store locations
 * (GET /locations) near a ZIP code or the shopper's position, nearest first with their distance;
 * the first store found becomes My Store while none is chosen, and any store can be chosen.
 */
export default function MyStoreDrawer() {
  const { drawerOpenFrom, closeDrawer, myStore, setMyStore, fetchLocations, storeLocations, storeLocationsStatus, storeLocationsError, userZip } = useMyStore();
  const dialog = useRef<HTMLDialogElement>(null);
  const zipInput = useRef<HTMLInputElement>(null);
  const current = useRef<HTMLDivElement>(null);
  const id = useId();
  const [zip, setZip] = useState(userZip);
  const [geoError, setGeoError] = useState(false);
  const open = drawerOpenFrom !== "CLOSED";

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal();
      zipInput.current?.focus();
      setZip(userZip);
      // a ZIP code the shopper gave before (here or for store stock): its stores at once
      if (storeLocationsStatus === "idle" && userZip) void fetchLocations({ zip: userZip });
    } else if (!open && el.open) {
      el.close();
    }
  }, [open, fetchLocations, storeLocationsStatus, userZip]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const code = cutPostcode(zip);
    setGeoError(false);
    if (code) void fetchLocations({ zip: code });
  };
  // the chosen store's button goes away: focus moves to My Store, which now names it
  const choose = (location: StoreLocation) => {
    setMyStore(location);
    requestAnimationFrame(() => current.current?.focus());
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
      id={MY_STORE_DRAWER_ID}
      className={styles.drawer}
      aria-labelledby={`${id}-title`}
      onClose={closeDrawer}
      onClick={(event) => { if (event.target === dialog.current) closeDrawer(); }}
    >
      <div className={styles.drawerInner}>
        <div className={styles.drawerHead}>
          <h2 id={`${id}-title`} className={styles.drawerTitle}>{MY_STORE_LABEL}</h2>
          <button type="button" className={styles.close} onClick={closeDrawer} aria-label={CLOSE_STORE_LOCATIONS}>×</button>
        </div>
        {myStore ? (
          <div className={styles.current} data-testid="my-store" ref={current} tabIndex={-1}>
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
        <form className={styles.search} onSubmit={search} role="search" aria-label={FIND_STORES_LABEL}>
          <label htmlFor={`${id}-zip`}>ZIP code</label>
          <div className={styles.searchRow}>
            <ZipInput inputRef={zipInput} id={`${id}-zip`} value={zip} onChange={setZip} describedBy={`${id}-hint`} />
            <SubmitButton className="button button--primary" disabled={storeLocationsStatus === "pending"}>{FIND_STORES_LABEL}</SubmitButton>
          </div>
          <p id={`${id}-hint`} className={styles.note}>{FIND_STORES_HINT}</p>
          <button type="button" className={styles.linkButton} onClick={() => void locate()}>{USE_MY_LOCATION}</button>
          {geoError ? <p className={styles.error} role="alert">{GEOLOCATION_ERROR}</p> : null}
        </form>
        {storeLocationsStatus === "rejected" ? <p className={styles.error} role="alert">{storeLocationsError}</p> : null}
        <p className={styles.status} role="status">
          {storeLocationsStatus === "pending" ? LOADING_STORES : null}
          {storeLocationsStatus === "fulfilled" ? (storeLocations.length ? storesFoundText(storeLocations.length) : NO_STORES_FOUND) : null}
        </p>
        {storeLocationsStatus !== "rejected" && storeLocations.length > 0 ? (
          <ul className={styles.stores} aria-label="Store locations" data-testid="store-locations">
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
                    <button type="button" className="button button--secondary" onClick={() => choose(location)} aria-label={`${SET_MY_STORE_LABEL}: ${location.store_name}`}>
                      {SET_MY_STORE_LABEL}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </dialog>
  );
}
