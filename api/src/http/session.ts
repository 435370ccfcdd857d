import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { and, eq, gt } from "drizzle-orm";
import { CSRF_HEADER } from "@store/contract";
import { schema, type Db } from "../db/client";
import { HttpError } from "./errors";

export const SESSION_COOKIE = "sid";
const SESSION_DAYS = 30;

export interface Session {
  id: string;
  customerId: number | null;
  csrfToken: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's session, loaded (or created) on demand so catalogue reads touch no session row. */
    session(): Promise<Session>;
    /** The session if the cookie names a live one, without creating a new one. */
    existingSession(): Promise<Session | null>;
  }
}

const newToken = () => randomBytes(32).toString("base64url");

function sameToken(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function findSession(db: Db, id: string): Promise<Session | null> {
  const [row] = await db
    .select({ id: schema.sessions.id, customerId: schema.sessions.customerId, csrfToken: schema.sessions.csrfToken })
    .from(schema.sessions)
    .where(and(eq(schema.sessions.id, id), gt(schema.sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

export async function createSession(db: Db, customerId: number | null = null): Promise<Session> {
  const session = { id: newToken(), customerId, csrfToken: newToken() };
  await db.insert(schema.sessions).values({
    ...session,
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
  });
  return session;
}

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
 */
export const sessionPlugin = fp(async (app: FastifyInstance, options: { db: Db }) => {
  const { db } = options;
  app.decorateRequest("session", function (this: FastifyRequest) {
    throw new Error("replaced per request");
  });
  app.decorateRequest("existingSession", function (this: FastifyRequest) {
    throw new Error("replaced per request");
  });

  app.addHook("onRequest", async (request, reply) => {
    let cached: Promise<Session | null> | undefined;
    const existing = () => {
      const id = request.cookies[SESSION_COOKIE];
      cached ??= id ? findSession(db, id) : Promise.resolve(null);
      return cached;
    };
    request.existingSession = existing;
    request.session = async () => {
      const found = await existing();
      if (found) return found;
      const created = await createSession(db);
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
});
