import { inkOn, safeColor } from "@/catalog/flags";
import type { ProductFlag, FlagSlot } from "./flags";
import styles from "./ProductPage.module.css";

function FlagText({ flag, className }: { flag: ProductFlag; className: string }) {
  const background = safeColor(flag.color);
  return <span className={className} style={background ? { background, color: inkOn(background) } : undefined}>{flag.text}</span>;
}

export function CornerFlag({ flag }: { flag: ProductFlag | null }) {
  return flag ? <FlagText flag={flag} className={styles.cornerFlag} /> : null;
}

/** Price flags, positions 2 to 6; a missing position is an empty transparent placeholder. */
export function PriceFlags({ slots }: { slots: FlagSlot[] }) {
  if (slots.length === 0) return null;
  return (
    <ul className={styles.priceFlags} aria-label="Offers">
      {slots.map((slot) =>
        slot.flag ? (
          <li key={slot.position} data-position={slot.position}><FlagText flag={slot.flag} className={styles.priceFlag} /></li>
        ) : (
          <li key={slot.position} data-position={slot.position} className={styles.flagPlaceholder} aria-hidden="true" />
        ),
      )}
    </ul>
  );
}

/** Special flags, positions 7 and 8. */
export function SpecialFlags({ flags }: { flags: ProductFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <ul className={styles.specialFlags} aria-label="Highlights">
      {flags.map((flag) => <li key={flag.position} data-position={flag.position}><FlagText flag={flag} className={styles.specialFlag} /></li>)}
    </ul>
  );
}
