"use client";

import { useEffect } from "react";

/** Writes messages to the browser's console once (CMS validation and tag errors: spec 000 §8, console only). */
export default function ConsoleErrors({ messages }: { messages: string[] }) {
  useEffect(() => {
    for (const message of messages) console.error(message);
  }, [messages]);
  return null;
}
