"use client";

import { useEffect, useState, type FormEvent } from "react";
import type { CartAddressBody } from "@store/contract";
import { SubmitButton } from "@/lib/SubmitButton";
import styles from "./Checkout.module.css";

export interface AddressFields { firstname: string; lastname: string; company: string; street: string; street2: string; city: string; region: string; postcode: string; country_id: string; telephone: string }
export const emptyAddress: AddressFields = { firstname: "", lastname: "", company: "", street: "", street2: "", city: "", region: "", postcode: "", country_id: "US", telephone: "" };

type Stored = { firstname: string; lastname: string; company: string; street: string[]; city: string; region: string; postcode: string; country_id: string; telephone: string } | undefined;
export const fieldsOf = (a: Stored): AddressFields => a ? {
  firstname: a.firstname, lastname: a.lastname, company: a.company, street: a.street[0] ?? "", street2: a.street[1] ?? "", city: a.city,
  region: a.region, postcode: a.postcode, country_id: a.country_id || "US", telephone: a.telephone,
} : emptyAddress;
export const bodyOf = (f: AddressFields): CartAddressBody => ({
  firstname: f.firstname.trim(), lastname: f.lastname.trim(), company: f.company.trim(), street: [f.street.trim(), f.street2.trim()].filter(Boolean),
  city: f.city.trim(), region: f.region.trim(), postcode: f.postcode.trim(), country_id: f.country_id, telephone: f.telephone.trim(),
});

/** One address (billing or shipping): labelled fields with autocomplete, the server's problems beside them. */
export default function AddressForm({
  id, initial, errors, busy, onSave, submitLabel, needPhone,
}: {
  id: string;
  initial: AddressFields;
  errors: Array<{ field: string; message: string }>;
  busy: boolean;
  onSave: (fields: AddressFields) => void;
  submitLabel: string;
  needPhone: boolean;
}) {
  const [f, setF] = useState(initial);
  const key = JSON.stringify(initial);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setF(initial), [key]);
  const set = (name: keyof AddressFields) => (e: { target: { value: string } }) => setF((now) => ({ ...now, [name]: e.target.value }));
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const section = id.startsWith("billing") ? "billing" : "shipping";
  const input = (name: keyof AddressFields, label: string, auto: string, required = true, type = "text") => {
    const error = errorOf(name === "street2" ? "street" : name);
    return (
      <div className={styles.field} data-field={name}>
        <label htmlFor={`${id}-${name}`}>{label}{required ? <span aria-hidden="true" className={styles.req}> *</span> : null}</label>
        <input
          id={`${id}-${name}`} name={name} type={type} value={f[name]} onChange={set(name)} required={required}
          autoComplete={`${section} ${auto}`} aria-invalid={!!error} aria-describedby={error ? `${id}-${name}-error` : undefined}
        />
        {error ? <p id={`${id}-${name}-error`} className={styles.fieldError}>{error}</p> : null}
      </div>
    );
  };
  const submit = (e: FormEvent) => { e.preventDefault(); onSave(f); };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className={styles.addressForm} data-testid={`${id}-form`}>
      <div className={styles.grid2}>
        {input("firstname", "First name", "given-name")}
        {input("lastname", "Last name", "family-name")}
      </div>
      {input("street", "Street address", "address-line1")}
      {input("street2", "Apartment, suite, etc.", "address-line2", false)}
      <div className={styles.grid3}>
        {input("city", "City", "address-level2")}
        {input("region", "State / Province", "address-level1")}
        {input("postcode", "ZIP / Postal code", "postal-code")}
      </div>
      <div className={styles.grid2}>
        <div className={styles.field}>
          <label htmlFor={`${id}-country_id`}>Country</label>
          <select id={`${id}-country_id`} value={f.country_id} onChange={set("country_id")} autoComplete={`${section} country`}>
            <option value="US">United States</option>
            <option value="CA">Canada</option>
          </select>
        </div>
        {input("telephone", "Phone", "tel", needPhone, "tel")}
      </div>
      <SubmitButton className="button button--primary" disabled={busy} aria-busy={busy}>{busy ? "Saving…" : submitLabel}</SubmitButton>
    </form>
  );
}
