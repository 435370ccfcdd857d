import type { Ref } from "react";

/**
 * The ZIP code box of the store's forms (store stock, store locator, shipping estimate): a numeric
 * keyboard on phones, the browser's postcode autofill, room for ZIP+4 and nothing longer.
 */
export default function ZipInput({ id, value, onChange, inputRef, name, describedBy }: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  describedBy?: string;
}) {
  return (
    <input
      ref={inputRef}
      id={id}
      name={name}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      inputMode="numeric"
      autoComplete="postal-code"
      maxLength={10}
      required
      aria-describedby={describedBy}
    />
  );
}
