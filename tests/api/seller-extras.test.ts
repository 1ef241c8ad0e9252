import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { expenses, locations, notifications, users } from "../../worker/db/schema";
import { api, DEMO, db, expectDenied, expectError, form, jpeg, login } from "./helpers";

let sellerId = 0;
let companyId = 0;
let centro = 0;

beforeAll(async () => {
  const [user] = await db().select().from(users).where(eq(users.email, DEMO.seller));
  sellerId = user?.id ?? 0;
  companyId = user?.companyId ?? 0;
  centro = user?.locationId ?? 0;
});

describe("GET /api/v1/vendor/dashboard", () => {
  it("answers every figure from real rows", async () => {
    const res = await api("/api/v1/vendor/dashboard", { token: await login(DEMO.seller) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      vendor_info: Record<string, unknown>;
      today_summary: { sales: Record<string, number>; expenses: Record<string, number> };
      pending_actions: {
        sale_confirmations: number;
        transfer_requests: Record<string, number | null>;
        discount_requests: Record<string, number>;
        return_notifications: number;
      };
    };
    expect(body.vendor_info).toMatchObject({
      name: "Valentina Rojas",
      email: DEMO.seller,
      location_name: "Local Centro",
      role: "seller",
    });
    // Demo seed: two sales today for this seller (one confirmed, one awaiting confirmation), two expenses,
    // transfers pending/accepted/courier_assigned/in_transit/delivered/pending-single-foot, one discount pending.
    expect(body.today_summary.sales.total_count).toBe(2);
    expect(body.today_summary.sales.pending_confirmations).toBe(1);
    expect(body.pending_actions.sale_confirmations).toBe(1);
    expect(body.today_summary.expenses).toEqual({ count: 2, total_amount: 30500 });
    expect(body.pending_actions.transfer_requests.pending).toBe(7);
    expect(body.pending_actions.transfer_requests.urgent).toBe(1);
    expect(body.pending_actions.discount_requests).toEqual({ pending: 1, approved: 1, rejected: 0 });
  });

  it("is refused to boss, bodeguero and corredor, and to no token", async () => {
    await expectDenied(["boss", "bodeguero", "corredor"], (token) => api("/api/v1/vendor/dashboard", { token }));
    await expectError(await api("/api/v1/vendor/dashboard"), 401);
  });
});

describe("expenses", () => {
  it("registers an expense with a receipt and lists it today", async () => {
    const token = await login(DEMO.seller);
    const res = await api("/api/v1/expenses/create", {
      method: "POST",
      token,
      body: form({ concept: "Almuerzo de inventario", amount: "25000", notes: "Dos personas", receipt_image: jpeg() }),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as {
      expense_id: number;
      expense: { has_receipt: boolean; receipt_url: string };
    };
    expect(created.expense.has_receipt).toBe(true);
    expect((await api(created.expense.receipt_url, { token })).status).toBe(200);
    const today = (await (await api("/api/v1/expenses/today", { token })).json()) as {
      data: { id: number; amount: number }[];
      summary: { count: number; total_amount: number };
    };
    expect(today.data.map((e) => e.id)).toContain(created.expense_id);
    expect(today.summary.count).toBe(today.data.length);
    expect(today.summary.total_amount).toBe(today.data.reduce((a, e) => a + e.amount, 0));
  });

  it("refuses an expense of 0, without concept, or with a PDF receipt, and writes nothing", async () => {
    const token = await login(DEMO.seller);
    const before = await db().select().from(expenses).where(eq(expenses.userId, sellerId));
    await expectError(
      await api("/api/v1/expenses/create", { method: "POST", token, body: form({ concept: "x", amount: "0" }) }),
      422,
      /al menos 0,01/,
    );
    await expectError(
      await api("/api/v1/expenses/create", { method: "POST", token, body: form({ concept: "  ", amount: "10" }) }),
      422,
      "El concepto es requerido",
    );
    await expectError(
      await api("/api/v1/expenses/create", { method: "POST", token, body: form({ amount: "10" }) }),
      422,
    );
    const pdf = new File([new TextEncoder().encode("%PDF-1.4")], "r.png", { type: "image/png" });
    await expectError(
      await api("/api/v1/expenses/create", {
        method: "POST",
        token,
        body: form({ concept: "x", amount: "10", receipt_image: pdf }),
      }),
      415,
    );
    expect(await db().select().from(expenses).where(eq(expenses.userId, sellerId))).toHaveLength(before.length);
  });

  it("is idempotent with the same key", async () => {
    const token = await login(DEMO.seller);
    const call = () =>
      api("/api/v1/expenses/create", {
        method: "POST",
        token,
        headers: { "Idempotency-Key": "expense-key-1" },
        body: form({ concept: "Taxi", amount: "9000" }),
      });
    const a = (await (await call()).json()) as { expense_id: number };
    const b = (await (await call()).json()) as { expense_id: number };
    expect(b.expense_id).toBe(a.expense_id);
    // the same key from a colleague is refused, not answered with this expense
    const colleague = await api("/api/v1/expenses/create", {
      method: "POST",
      token: await login("vendedor2@demo.horma.co"),
      headers: { "Idempotency-Key": "expense-key-1" },
      body: form({ concept: "Taxi", amount: "9000" }),
    });
    await expectError(colleague, 409, "La clave de idempotencia ya se usó para otra operación");
  });

  it("other companies see none of them; boss, bodeguero and corredor are refused", async () => {
    const other = (await (await api("/api/v1/expenses/today", { token: await login(DEMO.otherSeller) })).json()) as {
      data: unknown[];
    };
    expect(other.data).toHaveLength(0);
    await expectDenied(["boss", "bodeguero", "corredor"], (token) => api("/api/v1/expenses/today", { token }));
    await expectDenied(["boss"], (token) =>
      api("/api/v1/expenses/create", { method: "POST", token, body: form({ concept: "x", amount: "1" }) }),
    );
  });
});

describe("discounts", () => {
  it("requests a discount and lists it as pending", async () => {
    const token = await login(DEMO.seller);
    const res = await api("/api/v1/discounts/request", {
      method: "POST",
      token,
      json: { amount: 20000, reason: "Par con detalle" },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { discount_id: number; status: string };
    expect(body.status).toBe("pending");
    const mine = (await (await api("/api/v1/discounts/my-requests", { token })).json()) as {
      requests: { id: number; status: string; amount: number }[];
    };
    expect(mine.requests.find((r) => r.id === body.discount_id)).toMatchObject({ status: "pending", amount: 20000 });
  });

  it("needs amount and reason (spec text)", async () => {
    const token = await login(DEMO.seller);
    for (const json of [{ amount: 1000 }, { reason: "x" }, { amount: 0, reason: "x" }, { amount: 1000, reason: " " }]) {
      await expectError(
        await api("/api/v1/discounts/request", { method: "POST", token, json }),
        422,
        /Por favor ingrese el monto y la razón del descuento|requerido/,
      );
    }
  });

  it("shows a seller only their own requests; other roles are refused", async () => {
    const other = (await (
      await api("/api/v1/discounts/my-requests", { token: await login(DEMO.otherSeller) })
    ).json()) as { requests: unknown[] };
    expect(other.requests).toHaveLength(0);
    await expectDenied(["boss", "bodeguero", "corredor"], (token) =>
      api("/api/v1/discounts/request", { method: "POST", token, json: { amount: 1, reason: "x" } }),
    );
  });
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
    const list = (await (await api("/api/v1/notifications/returns", { token })).json()) as {
      notifications: { id: number; is_read: boolean }[];
      unread_count: number;
    };
    expect(list.notifications.find((n) => n.id === note?.id)?.is_read).toBe(false);
    const res = await api(`/api/v1/notifications/returns/${note?.id}/mark-read`, { method: "POST", token });
    expect(res.status).toBe(200);
    const [row] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.id, note?.id ?? 0));
    expect(row?.isRead).toBe(true);
  });

  it("answers 404 for another company's or another user's notification and for bad ids", async () => {
    const [loc] = await db().select().from(locations).where(eq(locations.name, "Otra Tienda Medellín"));
    const [theirs] = await db()
      .insert(notifications)
      .values({ companyId: loc?.companyId ?? 0, locationId: loc?.id ?? 0, type: "return", title: "x", message: "y" })
      .returning();
    const token = await login(DEMO.seller);
    await expectError(
      await api(`/api/v1/notifications/returns/${theirs?.id}/mark-read`, { method: "POST", token }),
      404,
    );
    await expectError(await api("/api/v1/notifications/returns/abc/mark-read", { method: "POST", token }), 404);
    const [other] = await db().select().from(users).where(eq(users.email, "vendedor2@demo.horma.co"));
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

  it("is refused to boss, bodeguero and corredor", async () => {
    await expectDenied(["boss", "bodeguero", "corredor"], (token) => api("/api/v1/notifications/returns", { token }));
  });
});

describe("files", () => {
  it("never serves keys outside the caller's company folder", async () => {
    const token = await login(DEMO.seller);
    await expectError(await api("/api/v1/files/company/2/receipts/sales/x.jpg", { token }), 404);
    await expectError(await api(`/api/v1/files/company/${companyId}/../2/x.jpg`, { token }), 404);
    await expectError(await api(`/api/v1/files/company/${companyId}/nope.jpg`, { token }), 404);
  });
});
