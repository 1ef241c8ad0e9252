import { eq } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { companies, contactMessages } from "../../../worker/db/schema";
import { api, byId, client, DEMO, db, expectDenied, expectError, locationNamed, login, ok } from "../support/helpers";

// The storefront's contact messages as the administrador reads them (worker/routes/storefront/admin-contact-messages.ts).

const panel = async (email: string = DEMO.administrador) => client(await login(email)).admin.admin["contact-messages"];

let seq = 0;
/** A visitor's message through the public form; the new row's id. */
async function leaveMessage(message = "Quisiera saber si tienen talla 44", locationId?: number) {
  const email = `cliente${Date.now().toString(36)}${++seq}@correo.co`;
  const res = await api("/api/v1/public/contact", {
    method: "POST",
    json: { name: "Camila Torres", email, message, ...(locationId ? { location_id: locationId } : {}) },
  });
  expect(res.status).toBe(201);
  const [row] = await db().select().from(contactMessages).where(eq(contactMessages.email, email));
  assert(row, "the message was kept");
  return row.id;
}

describe("GET /api/v1/admin/admin/contact-messages", () => {
  it("lists the company's messages newest first, a page at a time, with the total and how many are unread", async () => {
    const centro = await locationNamed("Local Centro");
    const older = await leaveMessage("Un mensaje anterior para el local del centro", centro?.id);
    const newer = await leaveMessage("El mensaje más reciente de todos");
    const first = await ok((await panel()).$get({ query: {} }));
    expect(first.limit).toBe(50);
    expect(first.offset).toBe(0);
    // the demo's three seeded messages (one read) and the two above
    expect(first.total).toBeGreaterThanOrEqual(5);
    expect(first.unread).toBeGreaterThanOrEqual(4);
    expect(first.unread).toBeLessThan(first.total);
    expect(first.messages[0]).toMatchObject({
      id: newer,
      name: "Camila Torres",
      message: "El mensaje más reciente de todos",
      location_id: null,
      location_name: null,
      read_at: null,
    });
    expect(first.messages[1]).toMatchObject({ id: older, location_id: centro?.id, location_name: "Local Centro" });
    const dates = first.messages.map((m) => m.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);

    const page = await ok((await panel()).$get({ query: { limit: "2", offset: "1" } }));
    expect(page).toMatchObject({ total: first.total, limit: 2, offset: 1 });
    expect(page.messages.map((m) => m.id)).toEqual(first.messages.slice(1, 3).map((m) => m.id));
  });

  it("answers 422 for a bad page", async () => {
    const token = await login(DEMO.administrador);
    await expectError(await api("/api/v1/admin/admin/contact-messages?limit=0", { token }), 422, /límite \(limit\)/);
    await expectError(await api("/api/v1/admin/admin/contact-messages?limit=201", { token }), 422, /entre 1 y 200/);
    await expectError(await api("/api/v1/admin/admin/contact-messages?offset=-1", { token }), 422, /desplazamiento/);
  });

  it("is the administrador's: boss, seller, keeper and courier are refused", async () => {
    await expectDenied(["boss", "seller", "bodeguero", "corredor"], (token) =>
      client(token).admin.admin["contact-messages"].$get({ query: {} }),
    );
  });

  it("shows another company only its own messages (none of the showcase's)", async () => {
    const id = await leaveMessage("Mensaje de la vitrina que otra empresa no ve");
    const other = await ok((await panel(DEMO.otherAdmin)).$get({ query: {} }));
    expect(other.messages.map((m) => m.id)).not.toContain(id);
    expect(other.total).toBe(0);
    // the superuser reads a company's messages by naming it
    const [demo] = await db().select().from(companies).where(eq(companies.subdomain, "demo"));
    const asSuper = await ok(
      client(await login(DEMO.superuser), { query: { company_id: String(demo?.id) } }).admin.admin[
        "contact-messages"
      ].$get({ query: {} }),
    );
    expect(asSuper.messages.map((m) => m.id)).toContain(id);
  });
});

describe("PUT /api/v1/admin/admin/contact-messages/:id/read", () => {
  it("marks a message read (keeping the first time) and unread again; the unread count follows", async () => {
    const id = await leaveMessage();
    const before = (await ok((await panel()).$get({ query: {} }))).unread;
    const read = await ok((await panel())[":id"].read.$put({ param: byId(id), json: {} }));
    expect(read.message).toBe("Mensaje marcado como leído");
    expect(read.contact_message).toMatchObject({ id, name: "Camila Torres" });
    const at = read.contact_message.read_at;
    expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await ok((await panel()).$get({ query: {} }))).unread).toBe(before - 1);
    // again: still read since the first time
    const again = await ok((await panel())[":id"].read.$put({ param: byId(id), json: { read: true } }));
    expect(again.contact_message.read_at).toBe(at);
    const unread = await ok((await panel())[":id"].read.$put({ param: byId(id), json: { read: false } }));
    expect(unread.message).toBe("Mensaje marcado como no leído");
    expect(unread.contact_message.read_at).toBeNull();
    expect((await ok((await panel()).$get({ query: {} }))).unread).toBe(before);
  });

  it("answers 422 for a read that is not true or false, and 404 for an id no message has", async () => {
    const id = await leaveMessage();
    const token = await login(DEMO.administrador);
    const put = (path: string, json: unknown) => api(path, { method: "PUT", token, json });
    await expectError(await put(`/api/v1/admin/admin/contact-messages/${id}/read`, { read: "sí" }), 422, /leído/);
    await expectError(await put("/api/v1/admin/admin/contact-messages/999999/read", {}), 404, "Mensaje no encontrado");
    await expectError(await put("/api/v1/admin/admin/contact-messages/abc/read", {}), 404);
  });

  it("is the administrador's: boss, seller, keeper and courier are refused", async () => {
    const id = await leaveMessage();
    await expectDenied(["boss", "seller", "bodeguero", "corredor"], (token) =>
      client(token).admin.admin["contact-messages"][":id"].read.$put({ param: byId(id), json: {} }),
    );
    const [row] = await db().select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row?.readAt).toBeNull();
  });

  it("answers 404 to another company's administrador and leaves the message as it was", async () => {
    const id = await leaveMessage();
    await expectError(
      await (await panel(DEMO.otherAdmin))[":id"].read.$put({ param: byId(id), json: {} }),
      404,
      "Mensaje no encontrado",
    );
    const [row] = await db().select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row?.readAt).toBeNull();
  });
});
