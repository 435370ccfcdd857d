import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { and, eq, gt, sql } from "drizzle-orm";
import { CSRF_HEADER } from "@store/contract";
import { schema, type Db } from "../db/client";
import type { ConfigService } from "../config/service";
import { BotDetector } from "./bots";
import { HttpError } from "./errors";
import { Fills, type ChangeFeed } from "../db/changes";
import { Lru } from "../lib/lru";
import { BuiltOnce, placeholders } from "../db/built-once";

export const SESSION_COOKIE = "sid";
const DAY_MS = 86_400_000;
/** How long a session lives after its last use (sliding). */
const SESSION_DAYS = 30;
/**
 * A new guest session lives a day until its cookie comes back: a client that keeps no cookies
 * (and so asks for a new session on every call) leaves rows that go within a day.
 */
const NEW_GUEST_DAYS = 1;
/** Expiry is pushed out at most once a day per session, so reads do not write on every call. */
const EXTEND_AFTER_MS = DAY_MS;

export interface Session {
  id: string;
  customerId: number | null;
  csrfToken: string;
}

/** Whose cart a session reads, as the change feed and the cart answers key it (c<customer id> or s<session id>). */
export const cartOwner = (session: Session): string => (session.customerId !== null ? `c${session.customerId}` : `s${session.id}`);

/** What a crawler gets: a guest with no row and no token, so anything it posts fails CSRF. */
const BOT_SESSION: Session = Object.freeze({ id: "", customerId: null, csrfToken: "" });

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's session, loaded (or created) on demand so catalogue reads touch no session row. */
    session(): Promise<Session>;
    /** The session if the cookie names a live one, without creating a new one. */
    existingSession(): Promise<Session | null>;
    /** The change feed's mark when the request arrived (ChangeFeed.mark): its reads as of then share one round. */
    feedMark: number | undefined;
  }
}

const newToken = () => randomBytes(32).toString("base64url");

function sameToken(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** a session's insert and push-out, built once (see BuiltOnce) */
const statements = new BuiltOnce();

/** Every request with a cookie runs this: built once per database, not per call. */
const sessionQueries = new WeakMap<Db, ReturnType<typeof buildSessionQuery>>();
const buildSessionQuery = (db: Db) => db
  .select({ id: schema.sessions.id, customerId: schema.sessions.customerId, csrfToken: schema.sessions.csrfToken, expiresAt: schema.sessions.expiresAt })
  .from(schema.sessions)
  .where(and(eq(schema.sessions.id, sql.placeholder("id")), gt(schema.sessions.expiresAt, sql.placeholder("now"))))
  .limit(1)
  .prepare("find_session");
function sessionQuery(db: Db) {
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, query = buildSessionQuery(db));
  return query;
}

/**
 * The live session of this id. Its expiry slides: when the last push-out is over a day old, the
 * session gets SESSION_DAYS from now (`extended` tells the caller to renew the cookie).
 */
export async function findSession(db: Db, id: string): Promise<(Session & { extended: boolean; expiresAt: number }) | null> {
  const now = Date.now();
  const [row] = await sessionQuery(db).execute({ id, now: new Date(now) });
  if (!row) return null;
  const { expiresAt, ...session } = row;
  const extended = needsExtending(expiresAt.getTime(), now);
  if (extended) {
    const until = now + SESSION_DAYS * DAY_MS;
    await db.update(schema.sessions).set({ expiresAt: new Date(until) }).where(eq(schema.sessions.id, id));
    return { ...session, extended, expiresAt: until };
  }
  return { ...session, extended, expiresAt: expiresAt.getTime() };
}

const needsExtending = (expiresAt: number, now: number) => expiresAt < now + SESSION_DAYS * DAY_MS - EXTEND_AFTER_MS;

/**
 * Live sessions kept in memory so a request with a known cookie reads no row. A session only
 * ever goes (it is never changed but for its expiry), and every deletion, by any process, reaches
 * us through the change feed; a read that a deletion overtook is not kept.
 */
export class SessionCache {
  private readonly entries = new Lru<{ session: Session; expiresAt: number }>(100_000);
  private readonly fills = new Fills();

  constructor(private readonly db: Db, private readonly feed: ChangeFeed | null) {
    feed?.on("s", (id) => this.forget(id));
    feed?.onReset(() => {
      this.entries.clear();
      this.fills.invalidateAll();
    });
  }

  async find(id: string, since?: number): Promise<(Session & { extended: boolean }) | null> {
    const now = Date.now();
    if (this.feed?.live && this.entries.get(id) && await this.feed.settled(since)) {
      // looked up again after settling: a deletion that committed before this request is seen
      const hit = this.entries.get(id);
      if (hit && hit.expiresAt > now) {
        if (!needsExtending(hit.expiresAt, now)) return { ...hit.session, extended: false };
        // only due for its push-out: one statement, which also says whether it still is
        return this.extend(id, hit.session, now);
      }
    }
    const fill = this.fills.begin(id);
    const found = await findSession(this.db, id);
    if (this.fills.finished(id, fill) && found && this.feed?.live) {
      this.entries.set(id, { session: { id: found.id, customerId: found.customerId, csrfToken: found.csrfToken }, expiresAt: found.expiresAt });
    }
    if (!found) return null;
    const { expiresAt: _expiresAt, ...session } = found;
    return session;
  }

  /** A session this process just created: its next request reads no row. */
  remember(session: Session, expiresAt: number): void {
    if (this.feed?.live) this.entries.set(session.id, { session, expiresAt });
  }

  private async extend(id: string, session: Session, now: number): Promise<(Session & { extended: boolean }) | null> {
    const until = now + SESSION_DAYS * DAY_MS;
    const fill = this.fills.begin(id);
    const [row] = await statements.run<{ id: string }[]>(this.db, "extend session", (db) => db.update(schema.sessions)
      .set({ expiresAt: sql.placeholder("until") as never })
      .where(and(eq(schema.sessions.id, sql.placeholder("id")), gt(schema.sessions.expiresAt, sql.placeholder("now"))))
      .returning({ id: schema.sessions.id }), { until: new Date(until), id, now: new Date(now) });
    if (!row) {
      this.forget(id);
      return null;
    }
    if (this.fills.finished(id, fill) && this.feed?.live) this.entries.set(id, { session, expiresAt: until });
    return { ...session, extended: true };
  }

  forget(id: string): void {
    this.entries.delete(id);
    this.fills.invalidate(id);
  }
}

/** A new session: a signed-in one lives SESSION_DAYS, a guest one a day until it is used again. */
export async function createSession(db: Db, customerId: number | null = null): Promise<Session> {
  return (await insertSession(db, customerId)).session;
}

async function insertSession(db: Db, customerId: number | null): Promise<{ session: Session; expiresAt: number }> {
  const session = { id: newToken(), customerId, csrfToken: newToken() };
  const expiresAt = Date.now() + (customerId === null ? NEW_GUEST_DAYS : SESSION_DAYS) * DAY_MS;
  const values = { ...session, expiresAt: new Date(expiresAt) };
  await statements.run(db, "insert session", (d) => d.insert(schema.sessions).values(placeholders(values) as never), values);
  return { session, expiresAt };
}

/** The cookie outlives a new guest row on purpose: coming back with it is what extends the row. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: Session) {
  reply.setCookie(SESSION_COOKIE, session.id, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    maxAge: SESSION_DAYS * 86_400,
  });
}

/**
 * Sessions in the database (so api processes stay stateless) behind an opaque HttpOnly cookie,
 * and the CSRF rule: every POST, PUT and DELETE must echo the session's csrf_token in a header.
 * Crawlers (the store's user_agents_bots_regex) get no row: a guest session in memory only.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, options: {
  db: Db; config: ConfigService; feed: ChangeFeed | null;
  /** a request of this process changed the cart of this owner (see cartOwner) */
  forgetCartOwner?: (owner: string) => void;
}) => {
  const { db, config } = options;
  const bots = new BotDetector();
  const sessions = new SessionCache(db, options.feed);
  app.decorateRequest("session", function (this: FastifyRequest) {
    throw new Error("replaced per request");
  });
  app.decorateRequest("existingSession", function (this: FastifyRequest) {
    throw new Error("replaced per request");
  });
  app.decorateRequest("feedMark", undefined);

  app.addHook("onRequest", async (request, reply) => {
    request.feedMark = options.feed?.mark();
    let cached: Promise<Session | null> | undefined;
    const existing = () => {
      const id = request.cookies[SESSION_COOKIE];
      cached ??= id
        ? sessions.find(id, request.feedMark).then((found) => {
          if (!found) return null;
          const { extended, ...session } = found;
          if (extended) setSessionCookie(request, reply, session);
          return session;
        })
        : Promise.resolve(null);
      return cached;
    };
    request.existingSession = existing;
    request.session = async () => {
      const found = await existing();
      if (found) return found;
      if (bots.isBot(request.headers["user-agent"], (await config.get()).user_agents_bots_regex)) return BOT_SESSION;
      const { session: created, expiresAt } = await insertSession(db, null);
      sessions.remember(created, expiresAt);
      cached = Promise.resolve(created);
      setSessionCookie(request, reply, created);
      return created;
    };

    if (request.method === "POST" || request.method === "PUT" || request.method === "DELETE" || request.method === "PATCH") {
      const token = request.headers[CSRF_HEADER];
      const session = await existing();
      if (!session || typeof token !== "string" || !sameToken(token, session.csrfToken)) {
        throw new HttpError(403, "Invalid or missing CSRF token. Reload the page and try again.");
      }
    }
  });

  // A change this process made must show on the shopper's next request even before its
  // notification arrives (with a database server it may come a moment after our answer), so the
  // writer's own entries go now: its cart's answers, and for account calls (sign-in or out,
  // password changes delete sessions) its session and the cart of the session it got.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return payload;
    // (no cookies parsed when the request was refused before that)
    const id = request.cookies?.[SESSION_COOKIE];
    // as fresh as the request's arrival: the round its own lookup made will do
    const session = id ? await sessions.find(id, request.feedMark) : null;
    if (session) options.forgetCartOwner?.(cartOwner(session));
    if (request.url.includes("/customers")) {
      if (id) sessions.forget(id);
      const given = [reply.getHeader("set-cookie")].flat().map(String).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      const next = given ? await sessions.find(given.slice(SESSION_COOKIE.length + 1).split(";")[0]!, request.feedMark) : null;
      if (next) options.forgetCartOwner?.(cartOwner(next));
    }
    return payload;
  });
});
