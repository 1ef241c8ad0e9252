import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, newsletterSubscribers } from "../../worker/db/schema";
import { api, DEMO, db, expectDenied, expectError, login } from "./helpers";

const subscribe = (json: unknown) => api("/api/v1/public/newsletter", { method: "POST", json });

async function showcaseRows() {
  const [showcase] = await db().select().from(companies).where(eq(companies.subdomain, env.STOREFRONT_SUBDOMAIN));
  return db()
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.companyId, showcase?.id ?? 0));
}

type Subscribers = { subscribers: { id: number; email: string; subscribed_at: string }[]; total: number };

describe("POST /api/v1/public/newsletter", () => {
  it("keeps the e-mail once for the showcase company, and answers a repeat the same way", async () => {
    const first = await subscribe({ email: "  Lucia.Gomez@Correo.co " });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ message: "¡Gracias por suscribirte!" });
    // another case is the same address: no second row, and no hint that it was there
    const again = await subscribe({ email: "lucia.gomez@correo.co" });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ message: "¡Gracias por suscribirte!" });
    const rows = (await showcaseRows()).filter((r) => r.email === "lucia.gomez@correo.co");
    expect(rows).toHaveLength(1);
  });

  it.each([
    ["no e-mail", {}, "El campo 'correo' es requerido"],
    ["an empty one", { email: "   " }, "Escribe tu correo electrónico."],
    ["a malformed one", { email: "lucia@" }, "Escribe un correo electrónico válido."],
    ["a number", { email: 42 }, "Escribe tu correo electrónico."],
    ["one of 300 characters", { email: `${"a".repeat(290)}@correo.co` }, "El correo electrónico es demasiado largo."],
  ])("refuses %s with 422 and keeps nothing", async (_name, body, message) => {
    const before = (await showcaseRows()).length;
    await expectError(await subscribe(body), 422, message);
    expect((await showcaseRows()).length).toBe(before);
  });
});

describe("GET /api/v1/admin/admin/newsletter/subscribers", () => {
  it("lists the company's subscribers, newest first, for its administrador", async () => {
    await subscribe({ email: "primero@correo.co" });
    await subscribe({ email: "segundo@correo.co" });
    const res = await api("/api/v1/admin/admin/newsletter/subscribers", { token: await login(DEMO.administrador) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Subscribers;
    const emails = body.subscribers.map((s) => s.email);
    expect(emails.indexOf("segundo@correo.co")).toBeLessThan(emails.indexOf("primero@correo.co"));
    expect(body.total).toBe((await showcaseRows()).length);
    expect(Number.isNaN(Date.parse(body.subscribers[0]?.subscribed_at ?? ""))).toBe(false);
  });

  it("shows another company's administrador none of them", async () => {
    await subscribe({ email: "solo-demo@correo.co" });
    const res = await api("/api/v1/admin/admin/newsletter/subscribers", {
      token: await login(DEMO.otherAdmin),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Subscribers;
    expect(body.subscribers.map((s) => s.email)).not.toContain("solo-demo@correo.co");
    expect(body.total).toBe(body.subscribers.length);
  });

  it("is refused to the seller, the boss, the bodeguero and the corredor", async () => {
    await expectDenied(["seller", "boss", "bodeguero", "corredor"], (token) =>
      api("/api/v1/admin/admin/newsletter/subscribers", { token }),
    );
  });
});
