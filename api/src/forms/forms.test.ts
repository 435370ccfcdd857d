import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDITOR_FORMS, FORM_NO_RECIPIENT, FORM_SUBMISSIONS_PER_MINUTE } from "@store/contract";
import { schema } from "../db/client";
import { TOO_MANY_REQUESTS } from "../http/limits";
import { Shopper, createTestApp, type TestApp } from "../test/app";
import { SmtpPeer } from "../test/smtp";

const STORE_INBOX = "forms@store.example.test";
let smtp: SmtpPeer;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let app: TestApp;
let address = 0;
/** A shopper from an address of its own, so the per-address limit is only met where a test means to. */
async function shopper(remoteAddress = `10.9.0.${++address}`) {
  const s = new Shopper(app, { remoteAddress });
  await s.startSession();
  return s;
}
const contact = { name: "Jane Doe", email: "jane@example.test", phone: "(555) 201-0000", subject: "Delivery question", message: "Can you deliver\non a Sunday?", page: "/contact" };

beforeAll(async () => {
  smtp = await SmtpPeer.start();
  ctx = await createTestApp({ mail: { smtpUrl: smtp.url, from: "Store <store@example.test>", pollMs: 60_000 } });
  app = ctx.app;
  await app.services.config.update({ name: "Test Retail Co", forms_email: STORE_INBOX });
  app.services.mail.start();
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const rows = () => ctx.database.db.select().from(schema.formSubmissions);

describe("POST /forms/{form}", () => {
  it("stores a contact message and mails it to the store through the SMTP transport", async () => {
    const response = await (await shopper()).send("POST", "/api/rest/forms/contact", contact);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ message: EDITOR_FORMS.contact.success });
    expect(response.headers["cache-control"]).toBe("no-store");

    const [arrived] = await smtp.waitFor(1);
    expect(arrived!.envelope.to).toEqual([STORE_INBOX]);
    expect(arrived!.mail.subject).toBe("Contact form: Delivery question");
    const text = arrived!.mail.text!;
    expect(text).toContain("Contact form from Test Retail Co (page /contact)");
    expect(text).toContain("Your name: Jane Doe");
    expect(text).toContain("Email address: jane@example.test");
    expect(text).toContain("Message:\nCan you deliver\non a Sunday?");

    const [stored] = await rows();
    expect(stored).toMatchObject({ form: "contact", email: "jane@example.test", page: "/contact", clientAddress: expect.stringMatching(/^10\.9\.0\./) });
    expect(stored!.fields).toEqual({ name: "Jane Doe", email: "jane@example.test", phone: "(555) 201-0000", subject: "Delivery question", message: "Can you deliver\non a Sunday?" });
    const [mail] = await ctx.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, stored!.mailId!));
    expect(mail).toMatchObject({ kind: "contact", to: STORE_INBOX });
    await expect.poll(async () => (await ctx.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, stored!.mailId!)))[0]!.status).toBe("sent");
  });

  it("takes a quote request with its own fields", async () => {
    const response = await (await shopper()).send("POST", "/api/rest/forms/request-quote", {
      name: "Sam Builder", email: "sam@example.test", company: "Builder Co", product: "FL-FD36", quantity: "12", message: "Twelve units for a condo project.",
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(EDITOR_FORMS["request-quote"].success);
    const arrived = await smtp.waitFor(2);
    const quote = arrived.find((r) => r.mail.subject === "Quote request: FL-FD36")!;
    expect(quote.mail.text).toContain("Quantity: 12");
    expect(quote.mail.text).toContain("Company: Builder Co");
  });

  it("refuses missing and malformed fields in the error shape, keeping nothing", async () => {
    const before = (await rows()).length;
    const cases: Array<[string, Record<string, string>, string]> = [
      ["/api/rest/forms/contact", { ...contact, name: "  " }, "Your name is required."],
      ["/api/rest/forms/contact", { ...contact, message: "" }, "Message is required."],
      ["/api/rest/forms/contact", { ...contact, email: "jane at example" }, "Please enter a valid email address."],
      ["/api/rest/forms/contact", { ...contact, company: "Builder Co" }, "company is not a field of this form."],
      ["/api/rest/forms/request-quote", { ...contact, subject: "", quantity: "twelve" }, "Quantity must be a whole number."],
    ];
    for (const [url, body, message] of cases) {
      const response = await (await shopper()).send("POST", url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ messages: { error: [{ message }] } });
    }
    for (const body of [{ ...contact, unknown: "x" }, { ...contact, message: "x".repeat(5001) }, { ...contact, name: 5 }]) {
      const response = await (await shopper()).send("POST", "/api/rest/forms/contact", body);
      expect(response.statusCode).toBe(400);
      expect(response.json().messages.error[0].message).toMatch(/^Invalid body/);
    }
    const unknownForm = await (await shopper()).send("POST", "/api/rest/forms/survey", contact);
    expect(unknownForm.statusCode).toBe(400);
    expect((await rows()).length).toBe(before);
  });

  it("needs the CSRF token", async () => {
    const response = await (await shopper()).send("POST", "/api/rest/forms/contact", contact, { csrf: false });
    expect(response.statusCode).toBe(403);
  });

  it("answers a bot that fills in the hidden field as it would a person, keeping and sending nothing", async () => {
    const before = (await rows()).length;
    const mailed = smtp.received.length;
    const response = await (await shopper()).send("POST", "/api/rest/forms/contact", { ...contact, website: "http://spam.example" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: EDITOR_FORMS.contact.success });
    expect((await rows()).length).toBe(before);
    expect(smtp.received.length).toBe(mailed);
  });

  it(`limits a client address to ${FORM_SUBMISSIONS_PER_MINUTE} a minute (429 in the error shape)`, async () => {
    const s = await shopper("10.9.1.1");
    for (let i = 0; i < FORM_SUBMISSIONS_PER_MINUTE; i++) {
      expect((await s.send("POST", "/api/rest/forms/contact", { ...contact, subject: `Try ${i}` })).statusCode).toBe(201);
    }
    const limited = await s.send("POST", "/api/rest/forms/contact", contact);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ messages: { error: [{ message: TOO_MANY_REQUESTS }] } });
    // another address is not held back
    expect((await (await shopper("10.9.1.2")).send("POST", "/api/rest/forms/contact", contact)).statusCode).toBe(201);
  });

  it("refuses (503) while the store has no address for its forms", async () => {
    await app.services.config.update({ forms_email: "" });
    try {
      const response = await (await shopper()).send("POST", "/api/rest/forms/contact", contact);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ messages: { error: [{ message: FORM_NO_RECIPIENT }] } });
    } finally {
      await app.services.config.update({ forms_email: STORE_INBOX });
    }
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await app.inject("/api/rest/openapi.json")).json();
    expect(doc.paths["/api/rest/forms/{form}"].post.requestBody.content["application/json"].schema.properties).toHaveProperty("message");
  });
});
