import { NextResponse } from "next/server";
import { resourcesOf } from "@/i18n/i18n";

/** Spec 000 §9: translations are cached for an hour in the memory layer. */
const MAX_AGE_S = 3600;

/**
 * GET /locales/{language}/{namespace}.json (spec 000 §7): the translations i18next loads. A
 * supported language without translations of its own answers {} (i18next falls back to en);
 * anything else is a 404.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ language: string; file: string }> }) {
  const { language, file } = await params;
  const namespace = /^([a-z][a-z0-9_-]{0,40})\.json$/i.exec(file)?.[1];
  const resources = namespace ? resourcesOf(language, namespace) : null;
  if (!resources) return NextResponse.json({ messages: { error: [{ message: "No such translation file." }] } }, { status: 404 });
  return NextResponse.json(resources, { headers: { "cache-control": `public, max-age=${MAX_AGE_S}` } });
}
