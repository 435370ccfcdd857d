"use client";

import { useId, useState, type FormEvent } from "react";
import type { ShippingEstimate as Estimate } from "@store/contract";
import { ClientApiError, clientGet, clientPathParam } from "@/lib/client-api";
import { useVariantId } from "@/product/useVariant";
import { cutPostcode, shippingCountry } from "./postcode";
import styles from "@/inventory/Inventory.module.css";

const UNKNOWN_ERROR = "Unknown error occurred.";

/**
 * Shipping estimate to a postcode (spec 002 §7 GET /products/{id}/shipping/{zip}): the postcode is
 * cut at a dash, the country defaults to US. Uses the chosen child of a configurable product.
 */
export default function ShippingEstimate({ parentId, initialId, country }: { parentId: string; initialId: string | null; country?: string }) {
  const productId = useVariantId(parentId, initialId ?? "");
  const id = useId();
  const [zip, setZip] = useState("");
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const [status, setStatus] = useState<"idle" | "pending" | "rejected">("idle");
  const [error, setError] = useState("");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const postcode = cutPostcode(zip);
    if (!postcode || !productId) return;
    setStatus("pending");
    setError("");
    try {
      const params = new URLSearchParams({ country_id: shippingCountry(country) });
      setEstimate(await clientGet<Estimate>(`/products/${clientPathParam(productId)}/shipping/${clientPathParam(postcode)}?${params}`));
      setStatus("idle");
    } catch (caught) {
      setStatus("rejected");
      setEstimate(null);
      setError(caught instanceof ClientApiError && caught.status > 0 && caught.status < 500 ? caught.message : UNKNOWN_ERROR);
    }
  };

  return (
    <section className={styles.stock} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>Estimate shipping</h2>
      <form className={styles.search} onSubmit={submit} aria-label="Estimate shipping">
        <label htmlFor={`${id}-zip`}>Delivery ZIP code</label>
        <div className={styles.searchRow}>
          <input id={`${id}-zip`} value={zip} onChange={(e) => setZip(e.target.value)} inputMode="numeric" autoComplete="postal-code" maxLength={10} required />
          <button type="submit" className="button button--secondary" disabled={status === "pending" || !productId}>Estimate</button>
        </div>
      </form>
      <div aria-live="polite">
        {status === "pending" ? <p>Estimating…</p> : null}
        {status === "rejected" ? <p className={styles.error} role="alert">{error}</p> : null}
        {estimate && status === "idle" ? (
          estimate.methods.length === 0 ? <p>No delivery options to {estimate.postcode}.</p> : (
            <table className={styles.shipping}>
              <caption className="visually-hidden">Delivery options to {estimate.postcode}</caption>
              <thead>
                <tr><th scope="col">Method</th><th scope="col">Arrives in</th><th scope="col">Price</th></tr>
              </thead>
              <tbody>
                {estimate.methods.map((method) => (
                  <tr key={`${method.carrier_code}-${method.method_code}`}>
                    <th scope="row">{method.method_title}</th>
                    <td>{method.delivery_window.label}</td>
                    <td>{method.price.amount === 0 ? "Free" : method.price.formatted}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        ) : null}
      </div>
    </section>
  );
}
