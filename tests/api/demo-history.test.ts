import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoHistory } from "../../worker/db/seed/index";
import { addDays, monthPeriod } from "../../worker/domain/platform/rules";
import { brokenInvariants } from "../../worker/domain/shared/invariants";
import { bogotaDate } from "../../worker/domain/shared/time";
import { client, DEMO, db, login, ok, platform } from "./support/helpers";

// The other files keep the lean demo; this one adds the 90 days of history `npm start` loads.
const today = bogotaDate();
let seededIn = 0;
let summary: Awaited<ReturnType<typeof seedDemoHistory>> = null;

beforeAll(async () => {
  const started = Date.now();
  summary = await seedDemoHistory(db(), platform());
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
    expect(await seedDemoHistory(db(), platform())).toBeNull();
  });

  it("keeps every invariant: stock = ledger, rollups = sales, payments = totals, transfer movements", async () => {
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("gives the boss month-over-month figures that mean something", async () => {
    const token = await login(DEMO.boss);
    const boss = client(token).boss.boss;
    const body = await ok(boss.dashboard.$get({ query: { target_date: today } }));
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
    const fin = await ok(
      boss.financial.monthly.$get({ query: { year: last.slice(0, 4), month: String(Number(last.slice(5, 7))) } }),
    );
    expect(fin.total_revenue).toBeGreaterThan(0);
  });
});
