"use client";

import { EARLY_INPUT_SCRIPT } from "./earlyInput";

/**
 * The early-input script (see earlyInput.ts) as the first element of the head. A client component
 * that holds the script itself: rendered from the server layout, its text would travel a second
 * time in every page's RSC payload; this way only the nonce does.
 */
export default function EarlyInput({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_INPUT_SCRIPT }} />;
}
