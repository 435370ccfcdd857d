"use client";

import type { AltaLogBody } from "@store/contract";
import { ClientApiError, clientPost, getSession } from "@/lib/client-api";

/** The error page's tracking event (spec 000 §8). */
export const RENDERING_ERROR_EVENT = "rendering_error";

/**
 * Send an analytics event to POST /alta/log with the login state, location, navigator and
 * timestamp (spec 000 §7); it waits for the session's CSRF token. Failures go to the console only.
 */
export async function track(event: string, data: Record<string, unknown>): Promise<void> {
  try {
    await send(event, data);
  } catch (error) {
    // a first visit can start two sessions at once (the page's own calls and this one): the
    // token read may be the other one's, so ask for the session again and send once more
    if (error instanceof ClientApiError && error.status === 403) {
      try {
        await getSession(true);
        await send(event, data);
        return;
      } catch (again) {
        console.error("tracking:", again);
        return;
      }
    }
    console.error("tracking:", error);
  }
}

async function send(event: string, data: Record<string, unknown>): Promise<void> {
  const session = await getSession();
  const body: AltaLogBody = {
    event,
    data,
    is_logged_in: Boolean(session?.isloggedin),
    location: window.location.href.slice(0, 2048),
    navigator: { user_agent: navigator.userAgent.slice(0, 1000), language: (navigator.language || "").slice(0, 50) },
    timestamp: Math.floor(Date.now() / 1000),
  };
  await clientPost("/alta/log", body);
}
