/** Answers served many times unchanged, and their JSON once made (null until first sent). */
const servedOften = new WeakMap<object, string | null>();

/**
 * Marks an answer that is kept in memory and served again and again as it is (a kept GET /cart
 * answer): the production serializer makes its JSON once. It must never be changed afterwards.
 */
export function serveOften(answer: object): void {
  if (!servedOften.has(answer)) servedOften.set(answer, null);
}

/** JSON.stringify, made once for answers marked by serveOften. */
export function toJson(data: unknown): string {
  if (typeof data !== "object" || data === null) return JSON.stringify(data);
  const made = servedOften.get(data);
  if (made) return made;
  const json = JSON.stringify(data);
  if (made === null) servedOften.set(data, json);
  return json;
}
