import { eq } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { operatingCosts } from "../../../worker/db/schema";
import { api, client, DEMO, db, expectDenied, expectError, locationNamed, login, ok } from "../support/helpers";
import { fractionalMoney } from "../support/money-fields";

const BASE = "/api/v1/admin/admin";
const today = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
const plusDays = (n: number) => new Date(Date.now() - 5 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

describe("costs", () => {
  it("registers costs with the spec's mapping and builds the operational dashboard", async () => {
    const token = await login(DEMO.administrador);
    const centro = await locationNamed("Local Centro");
    const chapinero = await locationNamed("Local Chapinero");
    const post = (json: Record<string, unknown>) => api(`${BASE}/costs`, { method: "POST", token, json });
    const rent = await post({
      location_id: centro.id,
      cost_type: "Arriendo",
      amount: 4_000_000,
      frequency: "mensual",
      description: "Arriendo local",
      end_date: plusDays(-10),
    });
    expect(rent.status).toBe(201);
    expect(await rent.json()).toMatchObject({ cost_type: "arriendo", amount: 4_000_000, frequency: "monthly" });
    const internet = await post({
      location_id: centro.id,
      cost_type: "servicios",
      category: "Internet",
      amount: 120_000,
      frequency: "mensual",
      description: "Fibra",
      end_date: plusDays(1),
    });
    expect(await internet.json()).toMatchObject({ cost_type: "servicios", category: "Internet", nature: "fijo" });
    await post({
      location_id: chapinero.id,
      cost_type: "Transporte",
      amount: 50_000,
      frequency: "semanal",
      description: "Mensajería",
      end_date: plusDays(0),
    });
    await post({
      location_id: chapinero.id,
      cost_type: "Seguros",
      amount: 1_200_000,
      frequency: "anual",
      description: "Póliza",
    });

    const dash = await ok(client(token).admin.admin.costs["operational-dashboard"].$get());
    // 4,000,000 + 120,000 + 50,000 × 52/12 + 1,200,000 / 12
    expect(dash.monthly_summary.total_monthly_costs).toBeCloseTo(4_000_000 + 120_000 + (50_000 * 52) / 12 + 100_000, 0);
    expect(dash.summary.total_overdue_amount).toBe(4_000_000);
    // whole pesos: 50,000 weekly is 216,666.67 a month, answered as 216,667
    expect(fractionalMoney(dash)).toEqual([]);
    expect(dash.monthly_summary.total_monthly_costs).toBe(4_000_000 + 120_000 + 216_667 + 100_000);
    expect(dash.critical_alerts).toEqual([
      expect.objectContaining({ description: "Arriendo local", days_overdue: 10, priority: "high" }),
    ]);
    expect(dash.locations_status.find((l) => l.location_name === "Local Centro")).toMatchObject({
      status: "critical",
      overdue_count: 1,
      upcoming_count: 1,
    });
    expect(dash.locations_status.find((l) => l.location_name === "Local Chapinero")).toMatchObject({
      status: "attention",
    });
    expect(dash.upcoming_week.map((u) => u.label)).toEqual(["Hoy", "Mañana"]);

    const [rentRow] = await db().select().from(operatingCosts).where(eq(operatingCosts.description, "Arriendo local"));
    const paid = await api(`${BASE}/costs/${rentRow?.id}/pay`, {
      method: "POST",
      token,
      json: { payment_method: "transferencia" },
    });
    expect(paid.status).toBe(200);
    const [after] = await db()
      .select()
      .from(operatingCosts)
      .where(eq(operatingCosts.id, rentRow?.id ?? 0));
    expect(after?.lastPaidDate).toBe(today());
    expect(after?.endDate && after.endDate > plusDays(-10)).toBe(true);

    const list = await ok(client(token).admin.admin.costs.$get({ query: { cost_type: "arriendo" } }));
    expect(list.costs.every((c) => c.cost_type === "arriendo")).toBe(true);
  });

  it.each([
    [{ cost_type: "arriendo", amount: 1, frequency: "mensual", description: "x" }, /ubicación/i],
    [
      { location_id: 1, cost_type: "arriendo", amount: 0, frequency: "mensual", description: "x" },
      "El monto debe ser mayor a 0",
    ],
    [
      { location_id: 1, cost_type: "joyas", amount: 1, frequency: "mensual", description: "x" },
      "La categoría no es válida",
    ],
    [{ location_id: 1, cost_type: "arriendo", amount: 1, frequency: "cada rato", description: "x" }, /frecuencia/],
    [
      { location_id: 1, cost_type: "arriendo", amount: 1, frequency: "mensual", description: " " },
      "La descripción es requerida",
    ],
  ])("refuses %j with 422", async (json, message) => {
    await expectError(
      await api(`${BASE}/costs`, { method: "POST", token: await login(DEMO.administrador), json }),
      422,
      message,
    );
  });

  it("refuses another company's location (404) and other roles (403)", async () => {
    const theirs = await locationNamed("Otra Tienda Medellín");
    await expectError(
      await api(`${BASE}/costs`, {
        method: "POST",
        token: await login(DEMO.administrador),
        json: { location_id: theirs.id, cost_type: "arriendo", amount: 1, frequency: "mensual", description: "x" },
      }),
      404,
    );
    const [mine] = await db().select().from(operatingCosts).limit(1);
    if (mine)
      await expectError(
        await api(`${BASE}/costs/${mine.id}/pay`, {
          method: "POST",
          token: await login(DEMO.otherAdmin),
          json: { payment_method: "efectivo" },
        }),
        404,
      );
    await expectDenied(["seller", "boss"], (token) => api(`${BASE}/costs/operational-dashboard`, { token }));
  });
});

// ---------------------------------------------------------------- issue 32 §2: overdue bills, paying with a log, undo

type Payment = {
  id: number;
  amount: number;
  paid_on: string;
  payment_method: string;
  note: string | null;
  paid_by_name: string | null;
  due_date: string | null;
  next_due_date: string;
  undone: boolean;
  undone_by_name: string | null;
  undo_reason: string | null;
};

async function newCost(token: string, json: Record<string, unknown> = {}) {
  const centro = await locationNamed("Local Centro");
  const res = await api(`${BASE}/costs`, {
    method: "POST",
    token,
    json: {
      location_id: centro.id,
      cost_type: "Servicios",
      amount: 300_000,
      frequency: "mensual",
      description: `Energía ${Math.random().toString(36).slice(2, 8)}`,
      ...json,
    },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as {
    id: number;
    end_date: string | null;
    start_date: string;
    last_paid_date: string | null;
  };
}

const paymentsOf = async (token: string, id: number) =>
  ((await (await api(`${BASE}/costs/${id}/payments`, { token })).json()) as { payments: Payment[] }).payments;

describe("an overdue bill can be entered", () => {
  it("without a start date it starts on its due date when that passed; a start after the due date is still 422", async () => {
    const token = await login(DEMO.administrador);
    const overdue = await newCost(token, { end_date: plusDays(-12) });
    expect(overdue).toMatchObject({ end_date: plusDays(-12), start_date: plusDays(-12) });
    const upcoming = await newCost(token, { end_date: plusDays(5) });
    expect(upcoming.start_date).toBe(today());
    const dated = await newCost(token, { end_date: plusDays(-12), start_date: plusDays(-40) });
    expect(dated.start_date).toBe(plusDays(-40));
    await expectError(
      await api(`${BASE}/costs`, {
        method: "POST",
        token,
        json: {
          location_id: (await locationNamed("Local Centro")).id,
          cost_type: "Servicios",
          amount: 1,
          frequency: "mensual",
          description: "x",
          start_date: plusDays(-1),
          end_date: plusDays(-12),
        },
      }),
      422,
      "El vencimiento no puede ser anterior al inicio",
    );
  });
});

describe("paying a cost: amount, date, method and note, in its log", () => {
  it("records the payment with who, when, how much and how, and moves the due date one period", async () => {
    const token = await login(DEMO.administrador);
    const cost = await newCost(token, { end_date: "2026-01-31" });
    const res = await api(`${BASE}/costs/${cost.id}/pay`, {
      method: "POST",
      token,
      json: {
        due_date: "2026-01-31",
        amount: 289_500,
        paid_on: plusDays(-1),
        payment_method: "consignacion",
        note: " Recibo 7781 ",
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      end_date: "2026-02-28",
      last_paid_date: plusDays(-1),
      payment: { amount: 289_500, payment_method: "consignacion", note: "Recibo 7781", due_date: "2026-01-31" },
    });
    const [payment, ...rest] = await paymentsOf(token, cost.id);
    expect(rest).toEqual([]);
    expect(payment).toMatchObject({
      amount: 289_500,
      paid_on: plusDays(-1),
      payment_method: "consignacion",
      note: "Recibo 7781",
      paid_by_name: expect.stringMatching(/\S/),
      due_date: "2026-01-31",
      next_due_date: "2026-02-28",
      undone: false,
    });
    // without an amount or a date: the cost's amount, today
    await api(`${BASE}/costs/${cost.id}/pay`, {
      method: "POST",
      token,
      json: { due_date: "2026-02-28", payment_method: "efectivo" },
    });
    expect((await paymentsOf(token, cost.id))[0]).toMatchObject({ amount: 300_000, paid_on: today(), undone: false });
    // the period the screen saw was paid already: 409, nothing logged twice
    await expectError(
      await api(`${BASE}/costs/${cost.id}/pay`, {
        method: "POST",
        token,
        json: { due_date: "2026-02-28", payment_method: "efectivo" },
      }),
      409,
      "Ese vencimiento ya fue pagado; el costo tiene un vencimiento nuevo",
    );
    expect(await paymentsOf(token, cost.id)).toHaveLength(2);
  });

  it.each([
    [{}, "El método de pago es requerido"],
    [{ payment_method: "cripto" }, /El método de pago debe ser uno de: Transferencia bancaria/],
    [{ payment_method: "efectivo", amount: 0 }, "El monto pagado debe ser mayor a 0"],
    [{ payment_method: "efectivo", paid_on: "2999-01-01" }, "La fecha de pago no puede ser posterior a hoy"],
    [{ payment_method: "efectivo", paid_on: "ayer" }, "La fecha de pago no es válida"],
    [{ payment_method: "efectivo", note: "x".repeat(301) }, /demasiado largo/],
  ])("refuses the payment %j with 422", async (json, message) => {
    const token = await login(DEMO.administrador);
    const cost = await newCost(token, { end_date: plusDays(3) });
    await expectError(await api(`${BASE}/costs/${cost.id}/pay`, { method: "POST", token, json }), 422, message);
    expect(await paymentsOf(token, cost.id)).toEqual([]);
  });

  it("an administrador undoes a payment: the cost is due again on the date it paid, the log keeps both", async () => {
    const token = await login(DEMO.administrador);
    const cost = await newCost(token, { end_date: plusDays(-3) });
    const pay = (due: string) =>
      api(`${BASE}/costs/${cost.id}/pay`, { method: "POST", token, json: { due_date: due, payment_method: "pse" } });
    expect((await pay(plusDays(-3))).status).toBe(200);
    const [payment] = await paymentsOf(token, cost.id);
    assert(payment);
    const undo = (id: number, json: Record<string, unknown> = {}, t = token) =>
      api(`${BASE}/costs/${cost.id}/payments/${id}/undo`, { method: "POST", token: t, json });
    const undone = await undo(payment.id, { reason: "Se registró dos veces" });
    expect(undone.status).toBe(200);
    const [y, m, d] = plusDays(-3).split("-");
    expect(await undone.json()).toMatchObject({
      message: `Pago anulado; el costo vuelve a vencer el ${d}/${m}/${y}`,
      end_date: plusDays(-3),
      last_paid_date: cost.last_paid_date,
      payment: { id: payment.id, undone: true, undo_reason: "Se registró dos veces" },
    });
    expect((await paymentsOf(token, cost.id))[0]).toMatchObject({
      id: payment.id,
      undone: true,
      undone_by_name: expect.stringMatching(/\S/),
    });
    await expectError(await undo(payment.id), 409, "Este pago ya fue anulado");
    // paid again, and again: only the latest payment can be undone
    expect((await pay(plusDays(-3))).status).toBe(200);
    const [second] = await paymentsOf(token, cost.id);
    assert(second);
    expect((await pay(second.next_due_date)).status).toBe(200);
    await expectError(await undo(second.id), 409, /Solo se puede anular el último pago/);
    await expectError(await undo(999_999), 404, "Pago no encontrado");
    await expectError(await undo(payment.id, { reason: 5 }), 422);
    expect(await paymentsOf(token, cost.id)).toHaveLength(3);
  });

  it("other roles get 403; another company's administrador gets 404 and changes nothing", async () => {
    const token = await login(DEMO.administrador);
    const cost = await newCost(token, { end_date: plusDays(2) });
    await api(`${BASE}/costs/${cost.id}/pay`, {
      method: "POST",
      token,
      json: { due_date: plusDays(2), payment_method: "tarjeta" },
    });
    const [payment] = await paymentsOf(token, cost.id);
    assert(payment);
    const calls = {
      pay: (t: string) =>
        api(`${BASE}/costs/${cost.id}/pay`, { method: "POST", token: t, json: { payment_method: "efectivo" } }),
      log: (t: string) => api(`${BASE}/costs/${cost.id}/payments`, { token: t }),
      undo: (t: string) =>
        api(`${BASE}/costs/${cost.id}/payments/${payment.id}/undo`, { method: "POST", token: t, json: {} }),
    };
    for (const call of Object.values(calls)) {
      await expectDenied(["seller", "boss", "bodeguero", "corredor"], call);
      await expectError(await call(await login(DEMO.otherAdmin)), 404);
    }
    const [after] = await db().select().from(operatingCosts).where(eq(operatingCosts.id, cost.id));
    expect(after?.endDate).toBe(payment.next_due_date);
    expect(await paymentsOf(token, cost.id)).toEqual([expect.objectContaining({ id: payment.id, undone: false })]);
  });
});
