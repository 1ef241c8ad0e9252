import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { operatingCosts } from "../../worker/db/schema";
import { api, client, DEMO, db, expectDenied, expectError, locationNamed, login, ok } from "./helpers";
import { fractionalMoney } from "./money-fields";

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
    const paid = await api(`${BASE}/costs/${rentRow?.id}/pay`, { method: "POST", token });
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
        await api(`${BASE}/costs/${mine.id}/pay`, { method: "POST", token: await login(DEMO.otherAdmin) }),
        404,
      );
    await expectDenied(["seller", "boss"], (token) => api(`${BASE}/costs/operational-dashboard`, { token }));
  });
});
