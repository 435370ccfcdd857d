import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Customer } from "@store/contract";
import { schema, type Db } from "../db/client";
import { mergeGuestCart } from "../cart/merge";
import { HttpError, badRequest } from "../http/errors";
import { createSession, type Session } from "../http/session";
import type { ChangeFeed } from "../db/changes";
import type { RecaptchaVerifier } from "../http/recaptcha";
import type { ConfigService } from "../config/service";
import type { MailService } from "../mail/service";
import { hashPassword, verifyPassword } from "./password";
import { PASSWORDS_DIFFER, checkPasswordStrength } from "./strength";
import { escapeHtml } from "../lib/html";

export const SIGN_IN_REQUIRED = "Please sign in to continue.";
export const NOT_YOUR_ACCOUNT = "You can only see and change your own account.";
export const EMAIL_TAKEN = "There is already an account with this email address. Sign in, or reset your password if you forgot it.";
export const CURRENT_PASSWORD_REQUIRED = "Please enter your current password to change your email address or password.";
export const CURRENT_PASSWORD_WRONG = "The current password you entered is not correct.";
export const RESET_REQUESTED = "If there is an account with that email address, we have sent it a link to reset the password.";
export const RESET_TOKEN_INVALID = "This password reset link is invalid or has expired. Please ask for a new one.";
export const RESET_PASSWORD_EMPTY = "Please enter the new password and its confirmation.";
export const RESET_DONE = "Your password has been reset. You can now sign in with the new one.";

/** How long a reset link works. */
export const RESET_TOKEN_MINUTES = 30;
/** Reset mails one account may receive per hour, however many addresses ask (no mail-bombing a customer). */
export const RESET_MAILS_PER_HOUR = 3;
/** Where the reset link points, under PUBLIC_URL. */
export const RESET_PATH = "/customer/account/resetpassword";

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
const isUniqueViolation = (error: unknown): boolean =>
  typeof error === "object" && error !== null && ((error as { code?: string }).code === "23505" || isUniqueViolation((error as { cause?: unknown }).cause));

export interface AccountOptions {
  /** PUBLIC_URL: the storefront's address, for links in mails */
  publicUrl?: string;
}

/** The signed-in customer's id, or 401. */
export function signedIn(session: Session): number {
  if (session.customerId === null) throw new HttpError(401, SIGN_IN_REQUIRED);
  return session.customerId;
}

/** The signed-in customer's id when it is `id`: 401 for guests, 403 for anyone else's. */
export function ownAccount(session: Session, id: number): number {
  const customerId = signedIn(session);
  if (customerId !== id) throw new HttpError(403, NOT_YOUR_ACCOUNT);
  return customerId;
}

type Row = typeof schema.customers.$inferSelect;

/** Sign-up, account changes, newsletter and password reset (spec 000 §4, §5, §7). */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly config: ConfigService,
    private readonly mail: MailService,
    private readonly recaptcha: RecaptchaVerifier,
    private readonly options: AccountOptions = {},
    /** told of the sessions a password change ends, so this process stops honouring them at once */
    private readonly feed: ChangeFeed | null = null,
  ) {}

  /** Sessions this process just deleted: gone here now, not when the database's notice comes. */
  private ended(sessions: Array<{ id: string }>): void {
    for (const s of sessions) this.feed?.receive(`s:${s.id}`);
  }

  private async row(id: number): Promise<Row> {
    const [row] = await this.db.select().from(schema.customers).where(eq(schema.customers.entityId, id)).limit(1);
    if (!row) throw new HttpError(401, SIGN_IN_REQUIRED); // the account went while the session lived
    return row;
  }

  async get(id: number): Promise<Customer> {
    const row = await this.row(id);
    const defaults = await this.db
      .select({ id: schema.customerAddresses.entityId, billing: schema.customerAddresses.defaultBilling, shipping: schema.customerAddresses.defaultShipping })
      .from(schema.customerAddresses)
      .where(and(eq(schema.customerAddresses.customerId, id), sql`(${schema.customerAddresses.defaultBilling} OR ${schema.customerAddresses.defaultShipping})`));
    return {
      entity_id: String(row.entityId),
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      newsletter_is_subscribed: row.newsletterIsSubscribed,
      created_at: row.createdAt.toISOString(),
      default_billing: defaults.find((d) => d.billing)?.id.toString() ?? null,
      default_shipping: defaults.find((d) => d.shipping)?.id.toString() ?? null,
    };
  }

  /**
   * Creates the account and signs it in on a fresh session (the guest one is dropped). Two
   * simultaneous sign-ups with one email: the unique index on lower(email) lets one insert through.
   */
  async create(previous: Session | null, input: {
    firstname: string; lastname: string; email: string; password: string; newsletter_is_subscribed?: boolean; recaptcha?: string;
  }, remoteIp: string): Promise<Session> {
    const config = await this.config.get();
    await this.recaptcha.require(config, "user_create", input.recaptcha, remoteIp);
    checkPasswordStrength(input.password, config, [input.email, input.firstname, input.lastname]);
    if (await this.emailTaken(input.email)) throw new HttpError(409, EMAIL_TAKEN);
    const passwordHash = await hashPassword(input.password);
    const [created] = await this.db.insert(schema.customers).values({
      email: input.email,
      firstname: input.firstname,
      lastname: input.lastname,
      passwordHash,
      newsletterIsSubscribed: input.newsletter_is_subscribed ?? false,
    }).onConflictDoNothing().returning({ entityId: schema.customers.entityId });
    if (!created) throw new HttpError(409, EMAIL_TAKEN);
    const session = await createSession(this.db, created.entityId);
    if (previous) {
      await mergeGuestCart(this.db, previous.id, created.entityId); // the guest's cart would go with its session
      await this.db.delete(schema.sessions).where(eq(schema.sessions.id, previous.id));
    }
    return session;
  }

  private async emailTaken(email: string, except?: number): Promise<boolean> {
    const [found] = await this.db.select({ id: schema.customers.entityId }).from(schema.customers)
      .where(and(eq(sql`lower(${schema.customers.email})`, email.toLowerCase()), except === undefined ? undefined : ne(schema.customers.entityId, except)))
      .limit(1);
    return Boolean(found);
  }

  /**
   * Changes account fields. A new email or password needs the current password; a new password
   * signs out every other session of the customer.
   */
  async update(session: Session, id: number, input: {
    firstname?: string; lastname?: string; email?: string; newsletter_is_subscribed?: boolean;
    current_password?: string; password?: string; password_confirmation?: string;
  }): Promise<Customer> {
    const row = await this.row(id);
    const emailChanges = input.email !== undefined && input.email !== row.email.toLowerCase();
    const changes: Partial<typeof schema.customers.$inferInsert> = {};
    if (input.firstname !== undefined) changes.firstname = input.firstname;
    if (input.lastname !== undefined) changes.lastname = input.lastname;
    if (input.newsletter_is_subscribed !== undefined) changes.newsletterIsSubscribed = input.newsletter_is_subscribed;
    if (emailChanges || input.password !== undefined) {
      if (!input.current_password) throw badRequest(CURRENT_PASSWORD_REQUIRED);
      if (!(await verifyPassword(input.current_password, row.passwordHash))) throw badRequest(CURRENT_PASSWORD_WRONG);
    }
    if (input.password !== undefined) {
      if (input.password_confirmation !== undefined && input.password_confirmation !== input.password) throw badRequest(PASSWORDS_DIFFER);
      const config = await this.config.get();
      checkPasswordStrength(input.password, config, [input.email ?? row.email, changes.firstname ?? row.firstname, changes.lastname ?? row.lastname]);
      changes.passwordHash = await hashPassword(input.password);
    }
    if (emailChanges) {
      if (await this.emailTaken(input.email!, id)) throw new HttpError(409, EMAIL_TAKEN);
      changes.email = input.email!;
    }
    if (Object.keys(changes).length > 0) {
      try {
        const ended = await this.db.transaction(async (tx) => {
          await tx.update(schema.customers).set(changes).where(eq(schema.customers.entityId, id));
          if (!changes.passwordHash) return [];
          return tx.delete(schema.sessions).where(and(eq(schema.sessions.customerId, id), ne(schema.sessions.id, session.id)))
            .returning({ id: schema.sessions.id });
        });
        this.ended(ended);
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_TAKEN);
        throw error;
      }
    }
    return this.get(id);
  }

  async setNewsletter(session: Session, subscribed: boolean, recaptcha: string | undefined, remoteIp: string): Promise<void> {
    const id = signedIn(session);
    await this.recaptcha.require(await this.config.get(), "newsletter", recaptcha, remoteIp);
    await this.db.update(schema.customers).set({ newsletterIsSubscribed: subscribed }).where(eq(schema.customers.entityId, id));
  }

  /**
   * Mails a single-use reset link to the account with this email, if there is one and it has not
   * had RESET_MAILS_PER_HOUR already; the answer is the same either way.
   */
  async requestReset(rawEmail: string): Promise<string> {
    const email = rawEmail.trim().toLowerCase();
    const [customer] = await this.db.select().from(schema.customers).where(eq(sql`lower(${schema.customers.email})`, email)).limit(1);
    if (!customer) return RESET_REQUESTED;
    const token = randomBytes(32).toString("base64url");
    const storeName = (await this.config.get()).name;
    const link = `${(this.options.publicUrl ?? "http://localhost:3000").replace(/\/+$/, "")}${RESET_PATH}?token=${token}`;
    const queued = await this.db.transaction(async (tx) => {
      // one request at a time per account, so the hourly count holds under parallel requests
      await tx.execute(sql`SELECT 1 FROM customers WHERE entity_id = ${customer.entityId} FOR UPDATE`);
      const [recent] = await tx.select({ n: count() }).from(schema.passwordResets)
        .where(and(eq(schema.passwordResets.customerId, customer.entityId), gt(schema.passwordResets.createdAt, sql`now() - interval '1 hour'`)));
      if (Number(recent?.n ?? 0) >= RESET_MAILS_PER_HOUR) return false;
      await tx.insert(schema.passwordResets).values({
        customerId: customer.entityId,
        tokenHash: tokenHash(token),
        expiresAt: sql`now() + ${RESET_TOKEN_MINUTES} * interval '1 minute'`,
      });
      await this.mail.enqueue({
        kind: "password_reset",
        to: customer.email,
        subject: `Reset your password at ${storeName}`,
        text: [
          `Hello ${customer.firstname},`,
          "",
          `Someone (we hope you) asked to reset the password of your account at ${storeName}. To choose a new password, open this link within ${RESET_TOKEN_MINUTES} minutes:`,
          "",
          link,
          "",
          "The link works once. If you did not ask for it, ignore this mail: your password stays as it is.",
        ].join("\n"),
        html: `<p>Hello ${escapeHtml(customer.firstname)},</p>` +
          `<p>Someone (we hope you) asked to reset the password of your account at ${escapeHtml(storeName)}. To choose a new password, open this link within ${RESET_TOKEN_MINUTES} minutes:</p>` +
          `<p><a href="${escapeHtml(link)}">Reset my password</a></p>` +
          "<p>The link works once. If you did not ask for it, ignore this mail: your password stays as it is.</p>",
      }, tx);
      return true;
    });
    if (queued) this.mail.wake();
    return RESET_REQUESTED;
  }

  /**
   * Sets the new password for the token's account, uses the token up (with any other open one of
   * that account) and signs out every other session of the customer.
   */
  async resetPassword(current: Session | null, input: { token: string; password: string; confirmation: string }): Promise<string> {
    if (!input.password || !input.confirmation) throw badRequest(RESET_PASSWORD_EMPTY);
    if (input.password !== input.confirmation) throw badRequest(PASSWORDS_DIFFER);
    const hash = tokenHash(input.token);
    const live = and(eq(schema.passwordResets.tokenHash, hash), isNull(schema.passwordResets.usedAt), gt(schema.passwordResets.expiresAt, sql`now()`));
    const [found] = await this.db
      .select({ customerId: schema.customers.entityId, email: schema.customers.email, firstname: schema.customers.firstname, lastname: schema.customers.lastname })
      .from(schema.passwordResets)
      .innerJoin(schema.customers, eq(schema.customers.entityId, schema.passwordResets.customerId))
      .where(live)
      .limit(1);
    if (!found) throw badRequest(RESET_TOKEN_INVALID);
    checkPasswordStrength(input.password, await this.config.get(), [found.email, found.firstname, found.lastname]);
    const passwordHash = await hashPassword(input.password);
    const ended = await this.db.transaction(async (tx) => {
      // the claim is the check: of two uses at once, one updates the row and the other finds none
      const [claimed] = await tx.update(schema.passwordResets).set({ usedAt: sql`now()` }).where(live).returning({ customerId: schema.passwordResets.customerId });
      if (!claimed) throw badRequest(RESET_TOKEN_INVALID);
      await tx.update(schema.passwordResets).set({ usedAt: sql`now()` })
        .where(and(eq(schema.passwordResets.customerId, claimed.customerId), isNull(schema.passwordResets.usedAt)));
      await tx.update(schema.customers).set({ passwordHash }).where(eq(schema.customers.entityId, claimed.customerId));
      const keep = current?.customerId === claimed.customerId ? current.id : "";
      return tx.delete(schema.sessions).where(and(eq(schema.sessions.customerId, claimed.customerId), ne(schema.sessions.id, keep)))
        .returning({ id: schema.sessions.id });
    });
    this.ended(ended);
    return RESET_DONE;
  }
}

