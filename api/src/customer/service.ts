import { createHash } from "node:crypto";
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { SessionUser } from "@store/contract";
import { schema, type Db } from "../db/client";
import { mergeGuestCart } from "../cart/merge";
import { HttpError } from "../http/errors";
import { createSession, type Session } from "../http/session";
import { hashPassword, verifyPassword } from "./password";

export const INVALID_LOGIN = "Invalid login or password.";
export const SIGN_IN_LOCKED = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

/** Failed sign-ins one login may have within the window; the next attempt is refused until the oldest ages out. */
export const SIGN_IN_FAILURES_ALLOWED = 5;
export const SIGN_IN_WINDOW_MINUTES = 15;
const windowStart = sql`now() - ${SIGN_IN_WINDOW_MINUTES} * interval '1 minute'`;

/** The email as typed, trimmed and lower-cased: the same account however it is spelt. */
const normaliseLogin = (login: string) => login.trim().toLowerCase();
/** What sign_in_attempts keeps of a login (typed emails, often typos or passwords, are not stored as such). */
const loginKey = (login: string) => createHash("sha256").update(login).digest("base64url");

/** A hash to compare against when the email is unknown, so both paths take the same time. */
let decoyHash: Promise<string> | undefined;

export class CustomerService {
  constructor(private readonly db: Db) {}

  async sessionUser(session: Session): Promise<SessionUser> {
    const customer = session.customerId === null ? undefined : (
      await this.db.select().from(schema.customers).where(eq(schema.customers.entityId, session.customerId)).limit(1)
    )[0];
    return {
      isloggedin: Boolean(customer),
      firstname: customer?.firstname ?? "",
      lastname: customer?.lastname ?? "",
      email: customer?.email ?? "",
      customer_id: customer ? String(customer.entityId) : null,
      entity_id: customer ? String(customer.entityId) : null,
      isp_domain: "",
      customer_data: {
        blog_disliked: [],
        blog_liked: [],
        sid: "",
        newsletter_is_subscribed: customer?.newsletterIsSubscribed ?? false,
        amazon_logged_in: false,
        csrf_token: session.csrfToken,
        monetate_id: "",
        amazon_checkout_session_id: "",
      },
    };
  }

  /**
   * Checks the password and starts a fresh session (new id and CSRF token, so a session id
   * planted before sign-in is worthless afterwards). The old guest session is dropped.
   * Per login, at most SIGN_IN_FAILURES_ALLOWED failures in SIGN_IN_WINDOW_MINUTES: the attempt is
   * written before the password is checked, so parallel attempts from many addresses cannot slip
   * past the count; a refused one is not written (it does not extend the lock). Unknown emails
   * are counted the same way.
   */
  async signIn(previous: Session | null, rawLogin: string, password: string): Promise<Session> {
    const login = normaliseLogin(rawLogin);
    const key = loginKey(login);
    const { signInAttempts } = schema;
    // count and record under a lock on this login, so simultaneous guesses queue up behind each other
    const allowed = await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
      const [recent] = await tx.select({ n: count() }).from(signInAttempts)
        .where(and(eq(signInAttempts.login, key), gt(signInAttempts.attemptedAt, windowStart)));
      if (Number(recent?.n ?? 0) >= SIGN_IN_FAILURES_ALLOWED) return false;
      await tx.insert(signInAttempts).values({ login: key });
      return true;
    });
    if (!allowed) throw new HttpError(429, SIGN_IN_LOCKED);

    const [customer] = await this.db
      .select({ entityId: schema.customers.entityId, passwordHash: schema.customers.passwordHash })
      .from(schema.customers)
      .where(eq(sql`lower(${schema.customers.email})`, login))
      .limit(1);
    decoyHash ??= hashPassword("decoy password for unknown accounts");
    const ok = await verifyPassword(password, customer?.passwordHash ?? (await decoyHash));
    if (!customer || !ok) throw new HttpError(401, INVALID_LOGIN); // the attempt stays, as a failure
    await this.db.delete(signInAttempts).where(eq(signInAttempts.login, key));
    const session = await createSession(this.db, customer.entityId);
    if (previous) {
      await mergeGuestCart(this.db, previous.id, customer.entityId); // the guest's cart would go with its session
      await this.db.delete(schema.sessions).where(eq(schema.sessions.id, previous.id));
    }
    return session;
  }

  /** Sign out ends the session row; the shopper continues as a new guest. */
  async signOut(session: Session): Promise<Session> {
    await this.db.delete(schema.sessions).where(eq(schema.sessions.id, session.id));
    return createSession(this.db);
  }
}
