import { z } from "zod";

/**
 * GET /page-versions: the data versions server-rendered pages are built from, as a change log.
 * `epoch` names the answering api process's log; `seq` is its position. Asked with `after` (and
 * the same epoch), `changes` lists each key that moved since, once: `p<id>` a product, `c<id>` a
 * category listing, `catalog`, `config`, `menus`, `cms`, `scripts`, `blog`; `*` means "anything
 * may have changed" (a new epoch, a position older than the log, or a lost database listener).
 */
export const pageVersionsQuery = z.object({
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  epoch: z.string().max(64).optional(),
  /** long-poll: wait up to this many seconds for a change before answering (0–30) */
  wait: z.coerce.number().min(0).max(30).optional(),
});
export type PageVersionsQuery = z.infer<typeof pageVersionsQuery>;

export const pageVersions = z.object({
  epoch: z.string(),
  seq: z.number().int(),
  /** false while the api is not listening to the database: nothing may be cached */
  live: z.boolean(),
  changes: z.array(z.string()),
});
export type PageVersions = z.infer<typeof pageVersions>;
