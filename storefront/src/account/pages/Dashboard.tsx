"use client";

import Link from "next/link";
import { useEffect, useId, useState, type FormEvent } from "react";
import { SubmitButton } from "@/lib/SubmitButton";
import AccountShell from "../AccountShell";
import { addressLines } from "../address";
import { fetchAddresses, fetchCustomer, updateAccount } from "../state";
import { useAccount } from "../useAccount";
import styles from "../Account.module.css";

/** Account dashboard: contact information (editable), newsletter, default addresses. */
export default function Dashboard() {
  return (
    <AccountShell title="My Account">
      <DashboardBody />
    </AccountShell>
  );
}

function DashboardBody() {
  const { user, customer, addresses, status, errors, dispatch } = useAccount();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [names, setNames] = useState({ firstname: "", lastname: "" });
  useEffect(() => {
    if (status.customer === "idle") void dispatch(fetchCustomer());
    if (status.addresses === "idle") void dispatch(fetchAddresses());
  }, [dispatch, status.customer, status.addresses]);
  useEffect(() => {
    if (status.updateAccount === "fulfilled") setEditing(false);
  }, [status.updateAccount]);

  const billing = addresses.find((a) => a.is_default_billing);
  const shipping = addresses.find((a) => a.is_default_shipping);
  const save = (event: FormEvent) => {
    event.preventDefault();
    void dispatch(updateAccount({ firstname: names.firstname.trim(), lastname: names.lastname.trim() }));
  };
  return (
    <div className={styles.cards}>
      <div className={styles.card}>
        <h2>Contact Information</h2>
        {editing ? (
          <form className={styles.form} onSubmit={save}>
            {errors.updateAccount ? <p className={styles.error} role="alert">{errors.updateAccount}</p> : null}
            <div className={styles.field}>
              <label htmlFor={`${id}-first`}>First name</label>
              <input id={`${id}-first`} required autoComplete="given-name" value={names.firstname} onChange={(e) => setNames((n) => ({ ...n, firstname: e.target.value }))} />
            </div>
            <div className={styles.field}>
              <label htmlFor={`${id}-last`}>Last name</label>
              <input id={`${id}-last`} required autoComplete="family-name" value={names.lastname} onChange={(e) => setNames((n) => ({ ...n, lastname: e.target.value }))} />
            </div>
            <div className={styles.actions}>
              <SubmitButton className="button button--primary" aria-disabled={status.updateAccount === "pending"}>Save</SubmitButton>
              <button type="button" className="button button--secondary" onClick={() => setEditing(false)}>Cancel</button>
            </div>
          </form>
        ) : (
          <>
            <p data-testid="account-contact">{user?.firstname} {user?.lastname}<br />{user?.email}</p>
            <div className={styles.actions}>
              <button type="button" className={styles.linkButton} onClick={() => { setNames({ firstname: user?.firstname ?? "", lastname: user?.lastname ?? "" }); setEditing(true); }}>Edit</button>
              <Link href="/customer/account/password" prefetch={false}>Change Password</Link>
            </div>
          </>
        )}
      </div>
      <div className={styles.card}>
        <h2>Newsletter</h2>
        <p>{(customer?.newsletter_is_subscribed ?? user?.customer_data.newsletter_is_subscribed) ? "You are subscribed to our newsletter." : "You are not subscribed to our newsletter."}</p>
        <Link href="/customer/account/newsletter" prefetch={false}>Edit</Link>
      </div>
      <div className={styles.card}>
        <h2>Default Billing Address</h2>
        {billing ? <address>{addressLines(billing).map((l, i) => <span key={i}>{l}<br /></span>)}</address> : <p>You have not set a default billing address.</p>}
        <Link href="/customer/account/addresses" prefetch={false}>Manage addresses</Link>
      </div>
      <div className={styles.card}>
        <h2>Default Shipping Address</h2>
        {shipping ? <address>{addressLines(shipping).map((l, i) => <span key={i}>{l}<br /></span>)}</address> : <p>You have not set a default shipping address.</p>}
        <Link href="/customer/account/addresses" prefetch={false}>Manage addresses</Link>
      </div>
    </div>
  );
}
