"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { AddressBody, CustomerAddress } from "@store/contract";
import { SubmitButton } from "@/lib/SubmitButton";
import AccountShell from "../AccountShell";
import { addressLines, cutAddressPostcode, maskPhone, validNorthAmericanPhone } from "../address";
import { INVALID_PHONE, NO_ADDRESSES } from "../messages";
import { createAddress, deleteAddress, fetchAddresses, fetchRegions, updateAddress } from "../state";
import { useAccount } from "../useAccount";
import styles from "../Account.module.css";

const COUNTRIES = [{ id: "US", name: "United States" }, { id: "CA", name: "Canada" }];

/** Address book: create, edit, delete, default billing and shipping (spec 000 §3, §5, §7). */
export default function Addresses() {
  return (
    <AccountShell title="Address Book">
      <AddressBook />
    </AccountShell>
  );
}

function AddressBook() {
  const { addresses, status, errors, dispatch } = useAccount();
  const [editing, setEditing] = useState<CustomerAddress | "new" | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (status.addresses === "idle") void dispatch(fetchAddresses());
    void dispatch(fetchRegions());
  }, [dispatch, status.addresses]);

  if (editing) {
    return <AddressForm address={editing === "new" ? null : editing} onDone={() => { setEditing(null); requestAnimationFrame(() => heading.current?.focus()); }} />;
  }
  const remove = (a: CustomerAddress) => {
    if (window.confirm(`Delete the address ${addressLines(a)[1] ?? ""}?`)) void dispatch(deleteAddress(a.entity_id));
  };
  return (
    <>
      <h2 ref={heading} tabIndex={-1} className="visually-hidden">Your addresses</h2>
      {errors.addresses ? <p className={styles.error} role="alert">{errors.addresses}</p> : null}
      {errors.addressDelete ? <p className={styles.error} role="alert">{errors.addressDelete}</p> : null}
      {status.addresses === "fulfilled" && addresses.length === 0 ? <p>{NO_ADDRESSES}</p> : null}
      <ul className={styles.cards} style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Saved addresses">
        {addresses.map((a) => (
          <li key={a.entity_id} className={styles.card} data-testid="address-card">
            <div className={styles.badges}>
              {a.is_default_billing ? <span className={styles.badge}>Default billing</span> : null}
              {a.is_default_shipping ? <span className={styles.badge}>Default shipping</span> : null}
            </div>
            <address>{addressLines(a).map((line, i) => <span key={i}>{line}<br /></span>)}</address>
            <div className={styles.actions}>
              <button type="button" className={styles.linkButton} onClick={() => setEditing(a)} aria-label={`Edit address: ${a.street[0] ?? ""}`}>Edit</button>
              <button type="button" className={styles.linkButton} onClick={() => remove(a)} aria-label={`Delete address: ${a.street[0] ?? ""}`}>Delete</button>
            </div>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <button type="button" className="button button--primary" onClick={() => setEditing("new")}>Add New Address</button>
      </div>
    </>
  );
}

function AddressForm({ address, onDone }: { address: CustomerAddress | null; onDone: () => void }) {
  const { user, regions, status, errors, dispatch } = useAccount();
  const id = useId();
  const [f, setF] = useState({
    firstname: address?.firstname ?? user?.firstname ?? "",
    lastname: address?.lastname ?? user?.lastname ?? "",
    company: address?.company ?? "",
    street1: address?.street[0] ?? "",
    street2: address?.street[1] ?? "",
    city: address?.city ?? "",
    country_id: address?.country_id || "US",
    region_id: address?.region_id ?? "",
    postcode: address?.postcode ?? "",
    telephone: address?.telephone ? maskPhone(address.telephone) : "",
    default_billing: address?.is_default_billing ?? false,
    default_shipping: address?.is_default_shipping ?? false,
  });
  const [phoneError, setPhoneError] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const op = address ? "addressUpdate" : "addressCreate";
  const pending = status[op] === "pending";
  useEffect(() => {
    if (submitted && status[op] === "fulfilled") onDone();
  }, [submitted, status, op, onDone]);

  const set = (name: keyof typeof f) => (event: { target: HTMLInputElement | HTMLSelectElement }) => {
    const target = event.target;
    const value = target instanceof HTMLInputElement && target.type === "checkbox" ? target.checked : target.value;
    setF((old) => ({ ...old, [name]: value, ...(name === "country_id" ? { region_id: "" } : {}) }));
  };
  const options = regions.filter((r) => r.country_id === f.country_id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!validNorthAmericanPhone(f.telephone)) {
      setPhoneError(true);
      document.getElementById(`${id}-phone`)?.focus();
      return;
    }
    setPhoneError(false);
    const region = options.find((r) => r.region_id === f.region_id);
    const body: AddressBody = {
      firstname: f.firstname.trim(), lastname: f.lastname.trim(), company: f.company.trim(),
      street: [f.street1, f.street2].map((s) => s.trim()).filter(Boolean),
      city: f.city.trim(), country_id: f.country_id, region_id: f.region_id, region: region?.name ?? "",
      postcode: cutAddressPostcode(f.postcode), telephone: f.telephone,
      default_billing: f.default_billing, default_shipping: f.default_shipping,
    };
    setSubmitted(true);
    if (address) void dispatch(updateAddress({ id: address.entity_id, body }));
    else void dispatch(createAddress(body));
  };
  const title = address ? "Edit Address" : "Add New Address";
  return (
    <form className={`${styles.form} ${styles.narrow}`} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {errors[op] ? <p className={styles.error} role="alert">{errors[op]}</p> : null}
      <div className={styles.row}>
        <Field id={`${id}-first`} label="First name" value={f.firstname} onChange={set("firstname")} autoComplete="given-name" required />
        <Field id={`${id}-last`} label="Last name" value={f.lastname} onChange={set("lastname")} autoComplete="family-name" required />
      </div>
      <Field id={`${id}-company`} label="Company (optional)" value={f.company} onChange={set("company")} autoComplete="organization" />
      <Field id={`${id}-street1`} label="Street address" value={f.street1} onChange={set("street1")} autoComplete="address-line1" required />
      <Field id={`${id}-street2`} label="Street address line 2 (optional)" value={f.street2} onChange={set("street2")} autoComplete="address-line2" />
      <Field id={`${id}-city`} label="City" value={f.city} onChange={set("city")} autoComplete="address-level2" required />
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={`${id}-country`}>Country</label>
          <select id={`${id}-country`} value={f.country_id} onChange={set("country_id")} autoComplete="country">
            {COUNTRIES.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-region`}>{f.country_id === "CA" ? "Province" : "State"}</label>
          <select id={`${id}-region`} value={f.region_id} onChange={set("region_id")} required autoComplete="address-level1">
            <option value="">Please select</option>
            {options.map((r) => <option key={r.region_id} value={r.region_id}>{r.name}</option>)}
          </select>
        </div>
      </div>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={`${id}-postcode`}>{f.country_id === "CA" ? "Postal code" : "ZIP code"}</label>
          <input id={`${id}-postcode`} value={f.postcode} onChange={set("postcode")} onBlur={() => setF((o) => ({ ...o, postcode: cutAddressPostcode(o.postcode) }))}
            autoComplete="postal-code" required maxLength={10} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-phone`}>Phone number</label>
          <input
            id={`${id}-phone`} type="tel" inputMode="tel" autoComplete="tel-national" required placeholder="(555) 555-5555"
            value={f.telephone} onChange={(e) => setF((o) => ({ ...o, telephone: maskPhone(e.target.value) }))}
            aria-invalid={phoneError} aria-describedby={phoneError ? `${id}-phone-error` : undefined}
          />
          {phoneError ? <p id={`${id}-phone-error`} className={styles.fieldError} role="alert">{INVALID_PHONE}</p> : null}
        </div>
      </div>
      <label className={styles.check}><input type="checkbox" checked={f.default_billing} onChange={set("default_billing")} /> Use as my default billing address</label>
      <label className={styles.check}><input type="checkbox" checked={f.default_shipping} onChange={set("default_shipping")} /> Use as my default shipping address</label>
      <div className={styles.actions}>
        <SubmitButton className="button button--primary" aria-disabled={pending}>Save Address</SubmitButton>
        <button type="button" className="button button--secondary" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

function Field({ id, label, ...input }: { id: string; label: string; value: string; onChange: (e: { target: HTMLInputElement }) => void; autoComplete?: string; required?: boolean }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
    </div>
  );
}
