import { assert, beforeAll, describe, expect, it } from "vitest";
import { seedDemoHistory } from "../../../worker/db/seed/index";
import { addDays } from "../../../worker/domain/platform/rules";
import { bogotaDate } from "../../../worker/domain/shared/time";
import { accountRow, client, DEMO, db, login, ok, platform, priceOf, setPairs } from "../support/helpers";

// Issue 32 §4: every sales figure is net of returns, the same on every screen. A location's statistics
// (administrador → Ubicaciones → Estadísticas) and the boss's financial analysis read the same rollups,
// so for one location and one range they agree to the peso: gross, returns, net, goods and net result.
// The 90 days of demo history bring sales, returns, expenses and costs.

const REF = "REEBOKCL-01";
const SIZE = "41";

beforeAll(async () => {
  await seedDemoHistory(db(), platform());
  // the history's returns are to the warehouse: a customer brings a pair back today, at the seller's store
  const seller = await accountRow(DEMO.seller);
  assert(seller?.locationId, "the demo seller's store");
  const price = await priceOf(REF);
  await setPairs(seller.companyId ?? 0, REF, seller.locationId, SIZE, 3);
  const sell = client(await login(DEMO.seller));
  const line = { sneaker_reference_code: REF, size: SIZE, quantity: 2, unit_price: price };
  const sale = await ok(
    sell.sales.create.$post({
      json: {
        items: [line],
        payment_methods: [{ payment_type: "tarjeta", amount: 2 * price }],
        total_amount: 2 * price,
      },
    }),
    201,
  );
  await ok(
    sell["sale-returns"].$post({
      json: {
        sale_id: sale.sale_id,
        lines: [{ sale_item_id: sale.sale_details.items[0]?.id ?? 0, quantity: 1 }],
        reason: "no_le_gusto",
        refund_method: "tarjeta",
      },
    }),
    201,
  );
});

async function compare(start: string, end: string) {
  const boss = client(await login(DEMO.boss)).boss.boss;
  const admin = client(await login(DEMO.administrador)).admin.admin;
  const fin = await ok(boss.financial.analysis.$get({ query: { start_date: start, end_date: end } }));
  let returns = 0;
  let gross = 0;
  for (const l of fin.locations_financials) {
    const stats = await ok(
      admin.locations[":id"].stats.$get({
        param: { id: String(l.location_id) },
        query: { start_date: start, end_date: end },
      }),
    );
    const where = `${l.location_name} ${start}..${end}`;
    expect(stats.period, where).toEqual({ start_date: start, end_date: end, days: fin.analysis_period.days });
    expect(stats.sales.total_amount, `${where}: net sales`).toBe(l.total_sales);
    expect(stats.sales.count, `${where}: sales`).toBe(l.sales_count);
    expect(stats.sales.gross_amount - stats.sales.returns_amount, `${where}: gross − returns`).toBe(
      stats.sales.total_amount,
    );
    expect(stats.goods.cost_of_goods_sold, `${where}: goods`).toBe(l.cost_of_goods_sold);
    expect(stats.expenses.total_amount + stats.operating_costs.total_amount, `${where}: costs`).toBe(
      l.operational_costs,
    );
    expect(stats.net_result, `${where}: net result`).toBe(l.net_profit);
    returns += stats.sales.returns_amount;
    gross += stats.sales.gross_amount;
  }
  // the locations' returns and gross sales are the company's
  expect(returns).toBe(fin.returns_amount);
  expect(gross).toBe(fin.gross_sales);
  return fin;
}

describe("location statistics = the boss's financial analysis, net of returns", () => {
  it("agree for every location over the 30 days the screen shows, a return netted", async () => {
    const end = bogotaDate();
    const fin = await compare(addDays(end, -29), end);
    expect(fin.returns_amount).toBe(await priceOf(REF));
    expect(fin.total_revenue).toBe(fin.gross_sales - fin.returns_amount);
  });

  it("agree over 90 days and over today alone", async () => {
    const end = bogotaDate();
    await compare(addDays(end, -89), end);
    await compare(end, end);
  });
});
