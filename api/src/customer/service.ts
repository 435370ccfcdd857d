import { eq, sql } from "drizzle-orm";
import type { SessionUser } from "@store/contract";
import { schema, type Db } from "../db/client";
import { HttpError } from "../http/errors";
import { createSession, type Session } from "../http/session";
import { hashPassword, verifyPassword } from "./password";

export const INVALID_LOGIN = "Invalid login or password.";

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
   */
  async signIn(previous: Session | null, login: string, password: string): Promise<Session> {
    const [customer] = await this.db
      .select({ entityId: schema.customers.entityId, passwordHash: schema.customers.passwordHash })
      .from(schema.customers)
      .where(eq(sql`lower(${schema.customers.email})`, login.trim().toLowerCase()))
      .limit(1);
    decoyHash ??= hashPassword("decoy password for unknown accounts");
    const ok = await verifyPassword(password, customer?.passwordHash ?? (await decoyHash));
    if (!customer || !ok) throw new HttpError(401, INVALID_LOGIN);
    const session = await createSession(this.db, customer.entityId);
    if (previous) await this.db.delete(schema.sessions).where(eq(schema.sessions.id, previous.id));
    return session;
  }

  /** Sign out ends the session row; the shopper continues as a new guest. */
  async signOut(session: Session): Promise<Session> {
    await this.db.delete(schema.sessions).where(eq(schema.sessions.id, session.id));
    return createSession(this.db);
  }
}
