"use client";

import { useEffect } from "react";

/** Writes a line to the browser console once the page is shown (the special pages' log lines). */
export default function LogOnce({ line }: { line: string }) {
  useEffect(() => { console.warn(line); }, [line]);
  return null;
}
