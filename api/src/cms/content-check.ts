import { validateEditorContent, type ContentIssue } from "@store/contract";
import { isStructuredDataBlock } from "./identifiers";

/** One piece of CMS content: a page or a block, by identifier. */
export interface CmsContentItem {
  kind: "page" | "block";
  identifier: string;
  content: string;
}

export interface ContentProblem {
  item: Pick<CmsContentItem, "kind" | "identifier">;
  issues: ContentIssue[];
}

/** `page contact, line 3, column 5: <message>` lines, one per issue. */
export function describeProblems(problems: ContentProblem[]): string {
  return problems
    .flatMap((p) => p.issues.map((i) => `${p.item.kind} ${p.item.identifier}, line ${i.line}, column ${i.column}: ${i.message}`))
    .join("\n");
}

/** CMS content that breaks the rules of spec 000 §5; the message lists every reason. */
export class InvalidContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(`CMS content refused:\n${describeProblems(problems)}`);
    this.name = "InvalidContentError";
  }
}

/** The problems of each item (structured-data blocks hold JSON, not editor HTML: not checked). */
export function findContentProblems(items: readonly CmsContentItem[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const item of items) {
    if (item.kind === "block" && isStructuredDataBlock(item.identifier)) continue;
    const issues = validateEditorContent(item.content);
    if (issues.length > 0) problems.push({ item: { kind: item.kind, identifier: item.identifier }, issues });
  }
  return problems;
}

/** Refuses (throws InvalidContentError with every reason) content that is about to be written or seeded. */
export function assertValidContent(items: readonly CmsContentItem[]): void {
  const problems = findContentProblems(items);
  if (problems.length > 0) throw new InvalidContentError(problems);
}
