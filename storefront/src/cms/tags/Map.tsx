"use client";

import { useState } from "react";
import styles from "./tags.module.css";

export interface MapPlace {
  lat?: number;
  lng?: number;
  zoom: number;
  title: string;
  address: string;
}

/** Where the place is, as a search Google Maps understands. */
const query = (p: MapPlace) => (p.lat !== undefined && p.lng !== undefined ? `${p.lat},${p.lng}` : p.address);

export function mapLinks(place: MapPlace, placeKey?: string | null) {
  const q = encodeURIComponent(query(place));
  return {
    directions: `https://www.google.com/maps/dir/?api=1&destination=${q}`,
    embed: placeKey
      ? `https://www.google.com/maps/embed/v1/place?key=${encodeURIComponent(placeKey)}&q=${q}&zoom=${place.zoom}`
      : `https://www.google.com/maps?q=${q}&z=${place.zoom}&output=embed`,
  };
}

/**
 * The map tag: the place's card with directions; the interactive map (a Google Maps embed) loads
 * only when the shopper asks for it, so a page with a map stays fast and calls no one unasked.
 */
export default function EditorMap({ place, placeKey }: { place: MapPlace; placeKey?: string | null }) {
  const [shown, setShown] = useState(false);
  const links = mapLinks(place, placeKey);
  return (
    <figure className={styles.map}>
      <div className={styles.mapFrame}>
        {shown ? (
          <iframe src={links.embed} title={`Map: ${place.title}`} loading="lazy" referrerPolicy="no-referrer-when-downgrade" allowFullScreen className={styles.mapEmbed} />
        ) : (
          <div className={styles.mapPreview}>
            <svg className={styles.mapPin} viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
            </svg>
            <button type="button" className="button button--secondary" onClick={() => setShown(true)}>
              Show map<span className="visually-hidden"> of {place.title}</span>
            </button>
          </div>
        )}
      </div>
      <figcaption className={styles.mapCaption}>
        <strong>{place.title}</strong>
        {place.address && <span>{place.address}</span>}
        <a href={links.directions} target="_blank" rel="noopener noreferrer" className="text-link">
          Get directions<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </figcaption>
    </figure>
  );
}
