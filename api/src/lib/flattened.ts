/**
 * The same string, flattened in place. Concatenation and JSON.stringify leave V8 ropes (trees of
 * pieces); a rope spliced into an answer is walked again, piece by piece, each time the answer is
 * sent. Strings kept for the life of a model and spliced into many answers are flattened once
 * here (converting to a number flattens the string in V8; the result is discarded).
 */
export function flattened(text: string): string {
  Number(text);
  return text;
}
