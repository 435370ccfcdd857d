import { describe, expect, it } from "vitest";
import { useTestApp, type TestApp } from "../test/app";
import { STRONG_PASSWORD, errorOf, newcomer, signUp } from "../test/accounts";

const t = useTestApp();
const SIGN_IN = "/api/rest/customers/self/session";
const NEW_PASSWORD = "lantern-oyster-meadow-9";

async function customer(email: string, app: TestApp = t.app) {
  const shopper = newcomer(app);
  const id = await signUp(shopper, { email, firstname: "Ada", lastname: "Lovelace" });
  return { shopper, id };
}
async function signIn(login: string, password: string) {
  const shopper = newcomer(t.app);
  await shopper.startSession();
  const response = await shopper.send("POST", SIGN_IN, { login, password });
  if (response.statusCode === 200) shopper.csrf = response.json().customer_data.csrf_token;
  return { response, shopper };
}

describe("GET /customers/{id}", () => {
  it("answers the signed-in customer's own account", async () => {
    const { shopper, id } = await customer("own@example.com");
    const response = await shopper.get(`/api/rest/customers/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({
      entity_id: id, firstname: "Ada", lastname: "Lovelace", email: "own@example.com", newsletter_is_subscribed: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), default_billing: null, default_shipping: null,
    });
    expect(response.body).not.toMatch(/password|scrypt/i);
  });

  it("refuses another customer's account (403), guests (401) and ids that are not ids (400)", async () => {
    const { shopper } = await customer("reader@example.com");
    const { id: otherId } = await customer("other@example.com");
    const other = await shopper.get(`/api/rest/customers/${otherId}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual(errorOf("You can only see and change your own account."));
    expect((await shopper.get("/api/rest/customers/999999")).statusCode).toBe(403);

    const guest = newcomer(t.app);
    await guest.startSession();
    const anonymous = await guest.get(`/api/rest/customers/${otherId}`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(errorOf("Please sign in to continue."));

    for (const id of ["abc", "-1", "1.5", "9999999999"]) {
      const bad = await shopper.get(`/api/rest/customers/${id}`);
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json().messages.error).toHaveLength(1);
    }
  });
});

describe("PUT /customers/{id}", () => {
  it("changes names and the newsletter flag without a password", async () => {
    const { shopper, id } = await customer("names@example.com");
    const response = await shopper.send("PUT", `/api/rest/customers/${id}`, { firstname: "Augusta", lastname: "King", newsletter_is_subscribed: "1" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstname: "Augusta", lastname: "King", email: "names@example.com", newsletter_is_subscribed: true });
    expect((await shopper.get("/api/rest/customers/self/session")).json()).toMatchObject({ firstname: "Augusta", lastname: "King" });
  });

  it("changes the email only with the right current password, and not to one another account has", async () => {
    const { shopper, id } = await customer("before@example.com");
    await customer("someone@example.com");
    const url = `/api/rest/customers/${id}`;
    const without = await shopper.send("PUT", url, { email: "after@example.com" });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual(errorOf("Please enter your current password to change your email address or password."));
    const wrong = await shopper.send("PUT", url, { email: "after@example.com", current_password: "not my password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(errorOf("The current password you entered is not correct."));
    const taken = await shopper.send("PUT", url, { email: "SOMEONE@example.com", current_password: STRONG_PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual(errorOf("There is already an account with this email address. Sign in, or reset your password if you forgot it."));
    const done = await shopper.send("PUT", url, { email: "After@Example.com", current_password: STRONG_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json().email).toBe("after@example.com");
    expect((await signIn("after@example.com", STRONG_PASSWORD)).response.statusCode).toBe(200);
    // the same email in another case is no change and needs no password
    expect((await shopper.send("PUT", url, { email: "AFTER@example.com" })).statusCode).toBe(200);
  });

  it("changes the password with the current one, checks the new one, and signs out the customer's other sessions", async () => {
    const { shopper, id } = await customer("secret@example.com");
    const { shopper: elsewhere } = await signIn("secret@example.com", STRONG_PASSWORD);
    const url = `/api/rest/customers/${id}`;

    expect((await shopper.send("PUT", url, { password: NEW_PASSWORD })).json())
      .toEqual(errorOf("Please enter your current password to change your email address or password."));
    expect((await shopper.send("PUT", url, { password: NEW_PASSWORD, current_password: "guess" })).json())
      .toEqual(errorOf("The current password you entered is not correct."));
    expect((await shopper.send("PUT", url, { password: NEW_PASSWORD, password_confirmation: "something else", current_password: STRONG_PASSWORD })).json())
      .toEqual(errorOf("The password and its confirmation do not match."));
    const weak = await shopper.send("PUT", url, { password: "abcdefgh", current_password: STRONG_PASSWORD });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().messages.error[0].message).toMatch(/^Please choose a stronger password\./);
    expect((await shopper.send("PUT", url, { password: "short", current_password: STRONG_PASSWORD })).json())
      .toEqual(errorOf("Please enter a password of at least 8 characters."));

    const changed = await shopper.send("PUT", url, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, current_password: STRONG_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).not.toContain(NEW_PASSWORD);
    // this session stays signed in, the other one is signed out
    expect((await shopper.get("/api/rest/customers/self/session")).json().isloggedin).toBe(true);
    expect((await elsewhere.get("/api/rest/customers/self/session")).json().isloggedin).toBe(false);
    expect((await signIn("secret@example.com", STRONG_PASSWORD)).response.statusCode).toBe(401);
    expect((await signIn("secret@example.com", NEW_PASSWORD)).response.statusCode).toBe(200);
  });

  it("refuses another customer's account, guests and bad input", async () => {
    const { shopper, id } = await customer("writer@example.com");
    const { id: otherId } = await customer("victim@example.com");
    const other = await shopper.send("PUT", `/api/rest/customers/${otherId}`, { firstname: "Mallory" });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual(errorOf("You can only see and change your own account."));
    const guest = newcomer(t.app);
    await guest.startSession();
    expect((await guest.send("PUT", `/api/rest/customers/${otherId}`, { firstname: "Mallory" })).statusCode).toBe(401);
    for (const payload of [{ firstname: "" }, { email: "nope" }, { lastname: "a\u0000b" }, { newsletter_is_subscribed: "yes please" }, { firstname: 5 }]) {
      const bad = await shopper.send("PUT", `/api/rest/customers/${id}`, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().messages.error).toHaveLength(1);
    }
    expect((await shopper.send("PUT", `/api/rest/customers/${id}`, { firstname: "Ada" }, { csrf: false })).statusCode).toBe(403);
  });
});
