"use client";

import { useId, useRef, useState, type FormEvent } from "react";
import type { CartAddressAnswer, ShippingEstimate as Estimate } from "@store/contract";
import { UNKNOWN_ERROR } from "@store/contract/messages";
import { ClientApiError, clientGet, clientPathParam, clientPut } from "@/lib/client-api";
import { useVariantId } from "@/product/useVariant";
import { cartShippingAddress, cutPostcode, shippingCountry } from "./postcode";
import ZipInput from "./ZipInput";
import { DELIVERY_ZIP_LABEL, ESTIMATE_LABEL, ESTIMATE_SHIPPING_HEADING } from "./messages";
import styles from "@/inventory/Inventory.module.css";
import { SubmitButton } from "@/lib/SubmitButton";

/**
 * The cart's estimated shipping follows the estimate (PUT /cart/shipping_address). The estimate
 * shown does not depend on it: a failure is only logged.
 */
async function updateCartShipping(postcode: string, country: string | undefined): Promise<void> {
  const address = cartShippingAddress(postcode, country);
  if (!address) return;
  try {
    await clientPut<CartAddressAnswer>("/cart/shipping_address", address);
  } catch (error) {
    console.warn("estimated shipping could not be saved on the cart:", error);
  }
}

/**
 * Shipping estimate to a postcode (spec 002 §4, §7 GET /products/{id}/shipping/{zip}): the
 * postcode is cut at a dash, the country defaults to US. Uses the chosen child of a configurable
 * product. After an estimate the cart's estimated shipping is updated to that postcode.
 */
export default function ShippingEstimate({ parentId, initialId, country }: { parentId: string; initialId: string | null; country?: string }) {
  const productId = useVariantId(parentId, initialId ?? "");
  const id = useId();
  const [zip, setZip] = useState("");
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const [status, setStatus] = useState<"idle" | "pending" | "rejected">("idle");
  const [error, setError] = useState("");
  const request = useRef(0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const postcode = cutPostcode(zip);
    if (!postcode || !productId) return;
    const mine = ++request.current;
    setStatus("pending");
    setError("");
    let answer: Estimate;
    try {
      const params = new URLSearchParams({ country_id: shippingCountry(country) });
      answer = await clientGet<Estimate>(`/products/${clientPathParam(productId)}/shipping/${clientPathParam(postcode)}?${params}`);
    } catch (caught) {
      if (mine !== request.current) return;
      setStatus("rejected");
      setEstimate(null);
      setError(caught instanceof ClientApiError && caught.status > 0 && caught.status < 500 ? caught.message : UNKNOWN_ERROR);
      return;
    }
    if (mine !== request.current) return;
    setEstimate(answer);
    setStatus("idle");
    // then the cart's estimated shipping, to the postcode and country the estimate was made for
    void updateCartShipping(answer.postcode || postcode, answer.country_id || country);
  };

  return (
    <section className={styles.stock} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>{ESTIMATE_SHIPPING_HEADING}</h2>
      <form className={styles.search} onSubmit={submit} aria-label={ESTIMATE_SHIPPING_HEADING}>
        <label htmlFor={`${id}-zip`}>{DELIVERY_ZIP_LABEL}</label>
        <div className={styles.searchRow}>
          <ZipInput id={`${id}-zip`} value={zip} onChange={setZip} />
          <SubmitButton className="button button--secondary" disabled={status === "pending" || !productId}>{ESTIMATE_LABEL}</SubmitButton>
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
