import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../../worker/db/schema";
import {
  accountRow,
  api,
  client,
  DEMO,
  db,
  dbOf,
  expectDenied,
  expectError,
  locationNamed,
  login,
  ok,
} from "../support/helpers";

let sellerId = 0;
let companyId = 0;
let centro = 0;

beforeAll(async () => {
  const user = await accountRow(DEMO.seller);
  sellerId = user?.id ?? 0;
  companyId = user?.companyId ?? 0;
  centro = user?.locationId ?? 0;
});

describe("return notifications", () => {
  it("lists the seller's return notifications and marks one read", async () => {
    const [note] = await db()
      .insert(notifications)
      .values({
        companyId,
        userId: sellerId,
        locationId: centro,
        type: "return",
        title: "Devolución recibida",
        message: "La bodega recibió tu devolución #12",
      })
      .returning();
    const token = await login(DEMO.seller);
    const list = await ok(client(token).notifications.returns.$get({ query: {} }));
    expect(list.notifications.find((n) => n.id === note?.id)?.is_read).toBe(false);
    const res = await api(`/api/v1/notifications/returns/${note?.id}/mark-read`, { method: "POST", token });
    expect(res.status).toBe(200);
    const [row] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.id, note?.id ?? 0));
    expect(row?.isRead).toBe(true);
  });

  it("lists a lapsed reservation's notice too, counts it on the dashboard, and marks it read; never an alert", async () => {
    const [note] = await db()
      .insert(notifications)
      .values({
        companyId,
        userId: sellerId,
        locationId: centro,
        type: "transfer",
        title: "Reserva vencida",
        message: "La solicitud #7 volvió a pendientes",
        transferId: 7,
      })
      .returning();
    // the administrador's alerts are not the seller's
    const [alert] = await db()
      .insert(notifications)
      .values({ companyId, locationId: centro, type: "alert", title: "Recepción con diferencias", message: "x" })
      .returning();
    const token = await login(DEMO.seller);
    const list = await ok(client(token).notifications.returns.$get({ query: {} }));
    expect(list.notifications.find((n) => n.id === note?.id)).toMatchObject({
      type: "transfer",
      title: "Reserva vencida",
      transfer_id: 7,
      is_read: false,
    });
    expect(list.notifications.map((n) => n.id)).not.toContain(alert?.id);
    const dashboard = await ok(client(token).vendor.dashboard.$get());
    expect(dashboard.pending_actions.return_notifications).toBe(list.unread_count);
    expect((await api(`/api/v1/notifications/returns/${note?.id}/mark-read`, { method: "POST", token })).status).toBe(
      200,
    );
    await expectError(
      await api(`/api/v1/notifications/returns/${alert?.id}/mark-read`, { method: "POST", token }),
      404,
    );
  });

  it("answers 404 for another company's or another user's notification and for bad ids", async () => {
    const loc = await locationNamed("Otra Tienda Medellín");
    const [theirs] = await (await dbOf(loc.companyId))
      .insert(notifications)
      .values({ companyId: loc?.companyId ?? 0, locationId: loc?.id ?? 0, type: "return", title: "x", message: "y" })
      .returning();
    const token = await login(DEMO.seller);
    await expectError(
      await api(`/api/v1/notifications/returns/${theirs?.id}/mark-read`, { method: "POST", token }),
      404,
    );
    await expectError(await api("/api/v1/notifications/returns/abc/mark-read", { method: "POST", token }), 404);
    const other = await accountRow("vendedor2@demo.horma.co");
    const [forOther] = await db()
      .insert(notifications)
      .values({ companyId, userId: other?.id ?? 0, type: "return", title: "x", message: "y" })
      .returning();
    await expectError(
      await api(`/api/v1/notifications/returns/${forOther?.id}/mark-read`, { method: "POST", token }),
      404,
    );
    const [still] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, forOther?.id ?? 0)));
    expect(still?.isRead).toBe(false);
  });

  it("keeps the keeper's own notices (their inbox), never a seller's, and marks them read", async () => {
    const keeper = await accountRow(DEMO.bodeguero);
    const [mine] = await db()
      .insert(notifications)
      .values({
        companyId,
        userId: keeper?.id ?? 0,
        locationId: keeper?.locationId ?? null,
        type: "transfer",
        title: "Reserva vencida",
        message: "La reserva de la solicitud #9 venció",
        transferId: 9,
      })
      .returning();
    const [sellers] = await db()
      .insert(notifications)
      .values({ companyId, userId: sellerId, locationId: centro, type: "return", title: "x", message: "y" })
      .returning();
    const token = await login(DEMO.bodeguero);
    const list = await ok(client(token).notifications.returns.$get({ query: {} }));
    expect(list.notifications.map((n) => n.id)).toContain(mine?.id);
    expect(list.notifications.map((n) => n.id)).not.toContain(sellers?.id);
    expect(list.unread_count).toBeGreaterThanOrEqual(1);
    expect((await api(`/api/v1/notifications/returns/${mine?.id}/mark-read`, { method: "POST", token })).status).toBe(
      200,
    );
    await expectError(
      await api(`/api/v1/notifications/returns/${sellers?.id}/mark-read`, { method: "POST", token }),
      404,
    );
  });

  it("is refused to boss and corredor", async () => {
    await expectDenied(["boss", "corredor"], (token) => api("/api/v1/notifications/returns", { token }));
  });
});
