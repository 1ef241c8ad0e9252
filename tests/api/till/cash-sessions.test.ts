import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cashSessions, locations } from "../../../worker/db/schema";
import { api, DEMO, db, expectDenied, expectError, locationNamed, login, setPairs } from "../support/helpers";

// The till (worker/routes/till/cash-sessions.ts): open with a float, cash sales and expenses counted in,
// cash in and out by hand, closed once with what was counted.

const P = "/api/v1/cash-sessions";
let centro = 0;

type View = {
  id: number;
  status: string;
  expected: { efectivo: number; tarjeta: number; transferencia: number };
  counted: { efectivo: number | null };
  difference: { efectivo: number | null };
  totals: { cash_sales: number; card_sales: number; cash_in: number; cash_out: number; cash_expenses: number };
  alert: boolean;
  close_note: string | null;
  movements: { kind: string; amount: number; reason: string }[];
};

async function call(method: string, path: string, json?: unknown, email: string = DEMO.seller) {
  return api(`${P}${path}`, { method, token: await login(email), ...(json === undefined ? {} : { json }) });
}

async function body<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** Closes whatever is open at Local Centro, straight in D1, so each case starts without a till. */
async function noOpenTill() {
  await db()
    .update(cashSessions)
    .set({ status: "closed", closedAt: new Date().toISOString() })
    .where(and(eq(cashSessions.locationId, centro), eq(cashSessions.status, "open")));
}

async function open(float = 100_000) {
  await noOpenTill();
  return (await body<{ session: View }>(await call("POST", "/open", { opening_float: float }), 201)).session;
}

/** A sale of one pair at Local Centro; its id. */
async function sell(payment_methods: unknown[], total: number, extra: Record<string, unknown> = {}) {
  const res = await api("/api/v1/sales/create", {
    method: "POST",
    token: await login(DEMO.seller),
    json: {
      items: [{ sneaker_reference_code: "NIKEAIRM-01", size: "40", quantity: 1 }],
      payment_methods,
      total_amount: total,
      ...extra,
    },
  });
  return (await body<{ sale_id: number }>(res, 201)).sale_id;
}

beforeAll(async () => {
  const place = await locationNamed("Local Centro");
  centro = place?.id ?? 0;
});

describe("a day at the till", () => {
  it("opens with a float, counts cash sales, card, expenses, cash in and out; closes once with the difference and its note", async () => {
    const session = await open(100_000);
    expect(session).toMatchObject({ status: "open", expected: { efectivo: 100_000, tarjeta: 0 } });
    await sell([{ payment_type: "efectivo", amount: 649_900, cash_received: 700_000 }], 649_900);
    await sell(
      [
        { payment_type: "efectivo", amount: 300_000 },
        { payment_type: "tarjeta", amount: 349_900 },
      ],
      649_900,
    );
    const expense = await api("/api/v1/expenses/create", {
      method: "POST",
      token: await login(DEMO.seller),
      json: { concept: "Bolsas", amount: 12_000 },
    });
    expect(expense.status).toBe(201);
    await body(
      await call("POST", `/${session.id}/movements`, { kind: "in", amount: 50_000, reason: "Sencillo del banco" }),
      201,
    );
    const afterOut = (
      await body<{ session: View }>(
        await call("POST", `/${session.id}/movements`, { kind: "out", amount: 200_000, reason: "Consignación" }),
        201,
      )
    ).session;
    // 100.000 + 649.900 + 300.000 + 50.000 − 200.000 − 12.000
    expect(afterOut.expected).toEqual({ efectivo: 887_900, tarjeta: 349_900, transferencia: 0 });
    expect(afterOut.totals).toMatchObject({
      cash_sales: 949_900,
      card_sales: 349_900,
      cash_in: 50_000,
      cash_out: 200_000,
      cash_expenses: 12_000,
    });
    expect(afterOut.movements.map((m) => m.reason)).toEqual(["Sencillo del banco", "Consignación"]);

    // counted 30.000 short: a note is required, then it closes with the difference flagged
    await expectError(
      await call("POST", `/${session.id}/close`, { counted_cash: 857_900 }),
      422,
      /explica la diferencia/,
    );
    const closed = (
      await body<{ session: View }>(
        await call("POST", `/${session.id}/close`, {
          counted_cash: 857_900,
          counted_card: 349_900,
          note: "Faltante en revisión",
        }),
        200,
      )
    ).session;
    expect(closed).toMatchObject({
      status: "closed",
      expected: { efectivo: 887_900, tarjeta: 349_900 },
      counted: { efectivo: 857_900 },
      difference: { efectivo: -30_000 },
      alert: true,
      close_note: "Faltante en revisión",
    });
    // closing twice is refused; a closed till takes no movements; there is no open till now
    await expectError(await call("POST", `/${session.id}/close`, { counted_cash: 1 }), 409, "La caja ya está cerrada");
    await expectError(
      await call("POST", `/${session.id}/movements`, { kind: "in", amount: 1, reason: "x" }),
      409,
      /cerrada/,
    );
    expect((await body<{ session: View | null }>(await call("GET", "/current"), 200)).session).toBeNull();
    // the administrador sees it with its difference; the boss reads it too
    for (const email of [DEMO.administrador, DEMO.boss]) {
      const list = await body<{ sessions: View[] }>(await call("GET", `?location_id=${centro}`, undefined, email), 200);
      expect(list.sessions.find((s) => s.id === session.id)).toMatchObject({
        difference: { efectivo: -30_000 },
        alert: true,
      });
    }
    // the list reads every session's figures at once: each as its own page shows it
    const all = await body<{ sessions: View[] }>(await call("GET", "", undefined, DEMO.administrador), 200);
    expect(all.sessions.length).toBeGreaterThan(3);
    for (const listed of all.sessions.slice(0, 6)) {
      const one = await body<{ session: View }>(await call("GET", `/${listed.id}`, undefined, DEMO.administrador), 200);
      expect(listed).toEqual(one.session);
    }
  });

  it("one open till per store, even when two openings race; a cash-out never takes more than the drawer holds", async () => {
    await noOpenTill();
    const [a, b] = await Promise.all([
      call("POST", "/open", { opening_float: 10_000 }),
      // the administrador opening the same store's till at the same moment
      call("POST", `/open?location_id=${centro}`, { opening_float: 10_000 }, DEMO.administrador),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(((await loser.json()) as { detail: string }).detail).toMatch(/Ya hay una caja abierta en Local Centro/);
    const current = (await body<{ session: View }>(await call("GET", "/current"), 200)).session;
    const outs = await Promise.all(
      Array.from({ length: 4 }, () =>
        call("POST", `/${current.id}/movements`, { kind: "out", amount: 4_000, reason: "Domicilio" }),
      ),
    );
    expect(outs.map((r) => r.status).sort()).toEqual([201, 201, 409, 409]);
    await expectError(outs.find((r) => r.status === 409) ?? a, 409, /No hay suficiente efectivo en la caja/);
    const after = (await body<{ session: View }>(await call("GET", "/current"), 200)).session;
    expect(after.expected.efectivo).toBe(2_000);
  });

  it("answers 422 for bad amounts and reasons, 403 to roles without a till, 404 for another store's or company's till", async () => {
    const session = await open(0);
    await expectError(
      await call("POST", "/open", { opening_float: -5 }),
      422,
      "La base de la caja no puede ser negativa",
    );
    await expectError(
      await call("POST", `/${session.id}/movements`, { kind: "sideways", amount: 1, reason: "x" }),
      422,
    );
    await expectError(
      await call("POST", `/${session.id}/movements`, { kind: "in", amount: 0, reason: "x" }),
      422,
      /mayor que cero/,
    );
    await expectError(
      await call("POST", `/${session.id}/movements`, { kind: "in", amount: 10, reason: " " }),
      422,
      /motivo/,
    );
    await expectError(await call("POST", `/${session.id}/close`, { counted_cash: "mucho" }), 422);
    await expectDenied(["boss", "bodeguero", "corredor"], (token) =>
      api(`${P}/open`, { method: "POST", token, json: { opening_float: 1 } }),
    );
    await expectDenied(["seller", "bodeguero", "corredor"], (token) => api(P, { token }));
    // a seller of another store, and another company, cannot touch this till
    await expectError(await call("POST", `/${session.id}/close`, { counted_cash: 0 }, "vendedor2@demo.horma.co"), 404);
    await expectError(await call("POST", `/${session.id}/close`, { counted_cash: 0 }, DEMO.otherSeller), 404);
    await expectError(await call("GET", `/${session.id}`, undefined, DEMO.otherAdmin), 404);
    const own = await body<{ session: View }>(await call("GET", `/${session.id}`, undefined, DEMO.administrador), 200);
    expect(own.session.status).toBe("open");
  });
});

describe("a company that requires an open till", () => {
  it("refuses sales and returns at a store whose till is closed, takes them once it is open; the alert threshold is the company's", async () => {
    const admin = await login(DEMO.administrador);
    const settings = (json: unknown) => api("/api/v1/admin/admin/settings", { method: "PUT", token: admin, json });
    await body(await settings({ require_open_till: true, till_alert_threshold: 1_000 }), 200);
    try {
      const [place] = await db().select().from(locations).where(eq(locations.id, centro));
      await setPairs(place?.companyId ?? 0, "NIKEAIRM-01", centro, "40", 2);
      await noOpenTill();
      // the seller's screens know it before selling: no till open, and the company requires one
      expect(await body(await call("GET", "/current"), 200)).toEqual({ session: null, open_required: true });
      const res = await api("/api/v1/sales/create", {
        method: "POST",
        token: await login(DEMO.seller),
        json: {
          items: [{ sneaker_reference_code: "NIKEAIRM-01", size: "40", quantity: 1 }],
          payment_methods: [{ payment_type: "efectivo", amount: 649_900 }],
          total_amount: 649_900,
        },
      });
      await expectError(res, 409, /La caja de Local Centro no está abierta/);
      const session = await open(10_000);
      await sell([{ payment_type: "efectivo", amount: 649_900 }], 649_900);
      // once the till is closed (with a difference above the company's threshold), the sale cannot come back
      const today = await body<{ sales: { id: number; items: { id: number }[] }[] }>(
        await api("/api/v1/sales/today", { token: await login(DEMO.seller) }),
        200,
      );
      const last = today.sales.find((s) => s.items.length > 0);
      const closed = await body<{ session: View & { alert_threshold: number } }>(
        await call("POST", `/${session.id}/close`, { counted_cash: 10_000, note: "Se contó antes de la venta" }),
        200,
      );
      expect(closed.session.alert_threshold).toBe(1_000);
      expect(closed.session.alert).toBe(true);
      expect(last).toBeDefined();
      const refused = await api("/api/v1/sale-returns", {
        method: "POST",
        token: await login(DEMO.seller),
        json: {
          sale_id: last?.id,
          lines: [{ sale_item_id: last?.items[0]?.id, quantity: 1 }],
          reason: "talla",
          refund_method: "efectivo",
        },
      });
      await expectError(refused, 409, /no está abierta/);
    } finally {
      await body(await settings({ require_open_till: false, till_alert_threshold: 20_000 }), 200);
    }
    expect(await body<{ open_required: boolean }>(await call("GET", "/current"), 200)).toMatchObject({
      open_required: false,
    });
  });
});

describe("a closed till never changes, and no cash exit empties a drawer", () => {
  type Z = View & {
    totals: View["totals"] & { cash_rejected: number; card_rejected: number; cash_refunds: number };
  };
  let company = 0;
  beforeAll(async () => {
    const [place] = await db().select().from(locations).where(eq(locations.id, centro));
    company = place?.companyId ?? 0;
  });

  /** A sale of one pair at Local Centro (stock put there first); its id. */
  async function saleOf(payment_methods: unknown[], total: number, extra: Record<string, unknown> = {}) {
    await setPairs(company, "NIKEAIRM-01", centro, "40", 3);
    return sell(payment_methods, total, extra);
  }
  const reject = (saleId: number, email: string = DEMO.administrador) =>
    login(email).then((token) =>
      api("/api/v1/sales/confirm", {
        method: "POST",
        token,
        json: { sale_id: saleId, confirmed: false, confirmation_notes: "Pago no verificado" },
      }),
    );
  const zReport = async (id: number) =>
    (await body<{ session: Z }>(await call("GET", `/${id}`, undefined, DEMO.administrador), 200)).session;
  const closeAsExpected = async (session: { id: number }) => {
    const now = (await body<{ session: Z }>(await call("GET", "/current"), 200)).session;
    return (
      await body<{ session: Z }>(
        await call("POST", `/${session.id}/close`, {
          counted_cash: now.expected.efectivo,
          counted_card: now.expected.tarjeta,
        }),
        200,
      )
    ).session;
  };

  it("a sale rejected after its till closed: the Z report stays as closed; the open till records it; both add up", async () => {
    const first = await open(100_000);
    const price = 649_900;
    const saleId = await saleOf([{ payment_type: "efectivo", amount: price }], price, { requires_confirmation: true });
    const closed = await closeAsExpected(first);
    expect(closed.expected.efectivo).toBe(100_000 + price);
    const second = await open(1_000_000);
    expect((await reject(saleId)).status).toBe(200);
    // the closed till's report is the one it closed with, to the peso
    expect(await zReport(first.id)).toEqual(closed);
    // the rejection is in the till open now: its cash left this drawer
    const now = await zReport(second.id);
    expect(now.totals.cash_rejected).toBe(price);
    expect(now.expected.efectivo).toBe(1_000_000 - price);
    await closeAsExpected(second);
  });

  it("a rejection of a closed till's sale is refused while no till is open (409), and goes through once one is", async () => {
    const first = await open(100_000);
    const saleId = await saleOf([{ payment_type: "tarjeta", amount: 649_900 }], 649_900, {
      requires_confirmation: true,
    });
    const closed = await closeAsExpected(first);
    await expectError(await reject(saleId), 409, /no tiene caja abierta: abre la caja para registrar el rechazo/);
    expect(await zReport(first.id)).toEqual(closed);
    const second = await open(50_000);
    expect((await reject(saleId)).status).toBe(200);
    const now = await zReport(second.id);
    expect(now.totals.card_rejected).toBe(649_900);
    expect(now.expected).toMatchObject({ efectivo: 50_000, tarjeta: -649_900 });
    expect(await zReport(first.id)).toEqual(closed);
  });

  it("an expense, a cash refund of a card sale and a cash-out above the drawer: 409, or covered by an administrador's PIN with a reason", async () => {
    const session = await open(10_000);
    const expense = (extra: Record<string, unknown> = {}) =>
      login(DEMO.seller).then((token) =>
        api("/api/v1/expenses/create", {
          method: "POST",
          token,
          json: { concept: "Arreglo vitrina", amount: 500_000, ...extra },
        }),
      );
    await expectError(await expense(), 409, /No hay suficiente efectivo en la caja: hay \$\s?10\.000/);
    await expectError(await expense({ admin_pin: "9999", authorization_reason: "Urgente" }), 403, /PIN/);
    await expectError(await expense({ admin_pin: "2468" }), 422, /motivo/);
    expect((await expense({ admin_pin: "2468", authorization_reason: "Vidrio roto" })).status).toBe(201);
    let now = await zReport(session.id);
    expect(now.expected.efectivo).toBe(0);
    expect(now.movements).toContainEqual(
      expect.objectContaining({
        kind: "in",
        amount: 490_000,
        reason: expect.stringMatching(/^Cubierto con el PIN de .+: Vidrio roto$/),
      }),
    );

    // a card sale refunded in cash: the drawer (empty) cannot pay it
    const saleId = await saleOf([{ payment_type: "tarjeta", amount: 649_900 }], 649_900);
    const sale = await body<{ sale: { items: { id: number }[] } }>(
      await api(`/api/v1/sale-returns/sale?code=${saleId}`, { token: await login(DEMO.seller) }),
      200,
    );
    const giveBack = (extra: Record<string, unknown> = {}) =>
      login(DEMO.seller).then((token) =>
        api("/api/v1/sale-returns", {
          method: "POST",
          token,
          json: {
            sale_id: saleId,
            lines: [{ sale_item_id: sale.sale.items[0]?.id, quantity: 1 }],
            reason: "talla",
            refund_method: "efectivo",
            ...extra,
          },
        }),
      );
    await expectError(await giveBack(), 409, /No hay suficiente efectivo en la caja/);
    expect((await giveBack({ admin_pin: "2468", authorization_reason: "Cliente sin tarjeta" })).status).toBe(201);
    now = await zReport(session.id);
    expect(now.totals.cash_refunds).toBe(649_900);
    expect(now.expected.efectivo).toBe(0);

    // a cash-out by hand above the drawer, with the PIN (its reason is the movement's)
    await expectError(
      await call("POST", `/${session.id}/movements`, { kind: "out", amount: 1_000, reason: "Cambio" }),
      409,
      /No hay suficiente efectivo/,
    );
    const out = await call("POST", `/${session.id}/movements`, {
      kind: "out",
      amount: 1_000,
      reason: "Cambio",
      admin_pin: "2468",
    });
    expect(out.status).toBe(201);
    now = await zReport(session.id);
    expect(now.expected.efectivo).toBe(0);
    expect(now.totals.cash_in - now.totals.cash_out - now.totals.cash_expenses - now.totals.cash_refunds).toBe(-10_000);
    await closeAsExpected(session);
  });
});
