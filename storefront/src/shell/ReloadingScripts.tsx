"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import type { ScriptEntry } from "@store/contract";
import { loadScript } from "@/lib/lazyScript";

/**
 * Script entries marked force_reload (spec 000 §3): run again on every page the shopper opens,
 * not once per visit as the other entries. Inline code is re-inserted, a URL loaded again, each
 * with the page's nonce; the previous copy is removed first.
 */
export default function ReloadingScripts({ entries, nonce, attributes }: {
  entries: ScriptEntry[]; nonce?: string; attributes: Record<string, Record<string, string>>;
}) {
  const pathname = usePathname();
  useEffect(() => {
    const added: HTMLScriptElement[] = [];
    for (const entry of entries) {
      const attrs = attributes[entry.script_id] ?? {};
      if (entry.source === "url") {
        void loadScript(entry.script, { nonce, attributes: { ...attrs, "data-script-id": entry.script_id }, reload: true });
        continue;
      }
      document.querySelectorAll(`script[data-script-id="${CSS.escape(entry.script_id)}"]`).forEach((el) => el.remove());
      const el = document.createElement("script");
      for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
      if (entry.type && entry.type !== "text/javascript") el.type = entry.type;
      if (nonce) el.nonce = nonce;
      el.dataset.scriptId = entry.script_id;
      el.text = entry.script;
      (entry.location === "head" ? document.head : document.body).appendChild(el);
      added.push(el);
    }
    return () => added.forEach((el) => el.remove());
  }, [pathname, entries, nonce, attributes]);
  return null;
}
