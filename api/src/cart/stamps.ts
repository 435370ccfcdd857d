import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { ChangeFeed } from "../db/changes";
import { Batched } from "../lib/batched";
import { rowsOf } from "../product/list-item";

/** Each session's cart stamp; $1 is a JSON array of session ids. */
const STAMPS = `SELECT s.id, coalesce((
    SELECT string_agg(c.cart_id || ':' || c.xmin::text || coalesce(':' || (
      SELECT string_agg(i.item_id || '@' || i.xmin::text, ',' ORDER BY i.item_id) FROM cart_items i WHERE i.cart_id = c.cart_id), ''), ';' ORDER BY c.cart_id)
    FROM carts c WHERE c.session_id = s.id OR c.customer_id = (SELECT customer_id FROM sessions WHERE sessions.id = s.id)), '') AS stamp
  FROM jsonb_array_elements_text($1::jsonb) AS s(id)`;
const [BEFORE, AFTER] = STAMPS.split("$1") as [string, string];
/** What a session id is made of (base64url); anything else has no session, so no cart. */
const SESSION_ID = /^[\w-]{1,200}$/;

/**
 * What a session's cart rows are now, as one short text: the id and row version (`xmin`) of its
 * cart and of each of its lines. Any write to a row, by any process or by hand, gives it a new
 * `xmin`, and a line added or deleted changes the list, so an answer computed after reading a
 * stamp is still right while the stamp reads the same. Reads asked while one is on its way share
 * the next statement. With a server, that statement is a change-feed round
 * (ChangeFeed.readInRound): one round trip reads the stamps and vouches for the feed.
 */
export class CartStamps {
  private readonly batched = new Batched<string>(async (sessionIds) => {
    const json = JSON.stringify(sessionIds);
    const rows = await (this.feed?.readInRound<{ id: string; stamp: string }>({ name: "cart_stamps", text: STAMPS, values: [json] })
      ?? rowsOf<{ id: string; stamp: string }>(this.db, sql`${sql.raw(BEFORE)}${json}${sql.raw(AFTER)}`));
    return new Map(rows.map((row) => [row.id, row.stamp]));
  });

  constructor(private readonly db: Db, private readonly feed: ChangeFeed | null = null) {}

  /** The stamp of the session's cart rows ('' when it has none); null when it could not be read. */
  read(sessionId: string): Promise<string | null> {
    // a cookie is asked for before its session is looked up: one no session id looks like (a NUL,
    // a lone surrogate) must not fail the statement the other requests' ids share
    if (!SESSION_ID.test(sessionId)) return Promise.resolve(null);
    return this.batched.get(sessionId).then((stamp) => stamp ?? "", () => null);
  }
}
