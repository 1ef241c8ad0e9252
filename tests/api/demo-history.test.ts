import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoHistory } from "../../worker/db/seed/index";
import { brokenInvariants } from "../../worker/domain/invariants";
import { addDays, monthPeriod } from "../../worker/domain/platform/rules";
import { bogotaDate } from "../../worker/domain/time";
import { api, DEMO, db, login } from "./helpers";

// The other files keep the lean demo; this one adds the 90 days of history `npm start` loads.
const today = bogotaDate();
let seededIn = 0;
let summary: Awaited<ReturnType<typeof seedDemoHistory>> = null;

beforeAll(async () => {
  const started = Date.now();
  summary = await seedDemoHistory(db());
  seededIn = Date.now() - started;
  console.log(`historia de demostración en ${seededIn} ms`, JSON.stringify(summary));
});

describe("90 days of demo history", () => {
  it("is written once, with sales, transfers, returns, expenses and costs", async () => {
    expect(summary?.sales).toBeGreaterThan(900);
    expect(summary?.transfers).toBeGreaterThan(50);
    expect(summary?.returns).toBeGreaterThan(3);
    expect(summary?.expenses).toBeGreaterThan(30);
    expect(summary?.costs).toBeGreaterThan(5);
    expect(await seedDemoHistory(db())).toBeNull();
  });

  it("keeps every invariant: stock = ledger, rollups = sales, payments = totals, transfer movements", async () => {
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("gives the boss month-over-month figures that mean something", async () => {
    const token = await login(DEMO.boss);
    const res = await api(`/api/v1/boss/boss/dashboard?target_date=${today}`, { token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      kpis: { key: string; value: number; previous_value: number; change_percentage: number | null }[];
      financial_summary: { total_costs: number; total_revenue: number };
      alerts: { type: string }[];
    };
    const month = body.kpis.find((k) => k.key === "sales_month");
    expect(month?.value).toBeGreaterThan(0);
    expect(month?.previous_value).toBeGreaterThan(0);
    expect(month?.change_percentage).not.toBeNull();
    expect(body.financial_summary.total_costs).toBeGreaterThan(0);
    // the opening stock predates the history: today's ledger moves the stock value a little, not ×4
    const stock = body.kpis.find((k) => k.key === "stock_value");
    expect(Math.abs(stock?.change_percentage ?? 100)).toBeLessThan(10);
    expect(body.alerts.map((a) => a.type)).toContain("overdue_costs");
    // last month as a whole, in the monthly financial report
    const last = monthPeriod(addDays(monthPeriod(today).start, -1)).start;
    const report = await api(
      `/api/v1/boss/boss/financial/monthly?year=${last.slice(0, 4)}&month=${Number(last.slice(5, 7))}`,
      { token },
    );
    expect(report.status).toBe(200);
    const fin = (await report.json()) as { summary?: { total_revenue: number }; total_revenue?: number };
    expect(fin.summary?.total_revenue ?? fin.total_revenue ?? 0).toBeGreaterThan(0);
  });
});
