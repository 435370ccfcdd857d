/**
 * Product flags (spec 002 §2): position 1 is the corner flag, 2 to 6 are price flags (missing
 * positions filled with empty transparent placeholders), 7 and 8 are special flags.
 */
export interface Flag {
  position: number;
  visible: boolean;
  text: string;
  color: string;
}

export interface FlagSlots {
  corner: Flag | null;
  /** always five entries, positions 2..6; null marks a placeholder */
  price: (Flag | null)[];
  special: Flag[];
}

export function flagSlots(flags: readonly Flag[] | undefined): FlagSlots {
  const shown = (flags ?? []).filter((f) => f.visible && f.text.trim() !== "");
  const at = (p: number) => shown.find((f) => f.position === p) ?? null;
  return {
    corner: at(1),
    price: [2, 3, 4, 5, 6].map(at),
    special: [7, 8].map(at).filter((f): f is Flag => f !== null),
  };
}

/** A flag colour from the api, or undefined when it is not a plain CSS colour token. */
export function safeColor(color: string): string | undefined {
  const c = color.trim();
  return /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i.test(c) ? c : undefined;
}

/** Black or white text on a flag background, whichever reads better (WCAG relative luminance). */
export function inkOn(color: string | undefined): string {
  const m = color?.match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i);
  if (!m) return "#ffffff";
  const hex = m[1].length === 3 ? m[1].replace(/./g, (c) => c + c) : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // contrast with white is (1.05)/(l+0.05); with black (l+0.05)/0.05
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? "#ffffff" : "#111111";
}
