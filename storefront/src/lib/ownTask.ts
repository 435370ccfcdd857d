/**
 * Runs `work` in a task of its own, right after the current one; the returned function cancels it
 * (an effect's cleanup).
 *
 * For what a part starts in its first effect (reading the session, the cart, My Store, the
 * lists): React runs every effect of a hydrated page in one task, and a store update made there
 * re-renders the store's readers synchronously in that same task. Together they made one long
 * task on a slow phone (blocking time). Each piece in its own task keeps each task short, and the
 * shopper's input can come between them.
 */
export function inOwnTask(work: () => void): () => void {
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}
