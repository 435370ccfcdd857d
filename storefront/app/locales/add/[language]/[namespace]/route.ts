import { NextResponse } from "next/server";
import { reportMissing } from "@/i18n/missing";

/** Bodies over this many bytes are refused before parsing. */
const MAX_BODY_BYTES = 64 * 1024;

/** POST /locales/add/{language}/{namespace}: i18next's report of keys it had no translation for (logged once each). */
export async function POST(request: Request, { params }: { params: Promise<{ language: string; namespace: string }> }) {
  const { language, namespace } = await params;
  const error = (status: number, message: string) => NextResponse.json({ messages: { error: [{ message }] } }, { status });
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) return error(415, "Send JSON.");
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return error(413, "The report is too large.");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return error(400, "Send a JSON object of missing keys and their fallback values.");
  }
  const outcome = reportMissing(language, namespace, body);
  return outcome.status === 204 ? new NextResponse(null, { status: 204 }) : error(outcome.status, outcome.message);
}
