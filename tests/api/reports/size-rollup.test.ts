import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cashSessions, products, saleItems, salesDailySizes } from "../../../worker/db/schema";
import { windowStart } from "../../../worker/domain/reports/reorder";
import { rollupMismatches } from "../../../worker/domain/sales/rollup";
import { bogotaDate } from "../../../worker/domain/shared/time";
import { api, DEMO, db, inventoryCell, locationNamed, login, priceOf, setPairs } from "../support/helpers";

// The size rollup the purchasing reports read (sales_daily_sizes) against their definition summed from
// the sale lines: completed sales, net of returns, each on its sale's Bogotá day.

const REF = "NIKEAIRM-01";
const HOUR = 3600_000;
let centro = 0;
let company = 0;
let productId = 0;

beforeAll(async () => {
  const place = await locationNamed("Local Centro");
  centro = place.id;
  company = place.companyId;
  // the seeded tills bound the date a sale may take: without them a sale keeps its sold_at
  await db().delete(cashSessions).where(eq(cashSessions.locationId, centro));
  const [product] = await db().select({ id: products.id }).from(products).where(eq(products.referenceCode, REF));
  productId = product?.id ?? 0;
});

async function body<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** A sale of the demo seller at Local Centro through the API, with the stock it needs. */
async function sell(lines: { size: string; quantity: number }[], extra: Record<string, unknown> = {}) {
  let total = 0;
  for (const line of lines) {
    const cell = await inventoryCell(REF, centro, line.size);
    await setPairs(company, REF, centro, line.size, cell.pairs + line.quantity);
    total += (await priceOf(REF)) * line.quantity;
  }
  const res = await api("/api/v1/sales/create", {
    method: "POST",
    token: await login(DEMO.seller),
    json: {
      items: lines.map((l) => ({ sneaker_reference_code: REF, size: l.size, quantity: l.quantity })),
      payment_methods: [{ payment_type: "efectivo", amount: total }],
      total_amount: total,
      ...extra,
    },
  });
  return (await body<{ sale_id: number }>(res, 201)).sale_id;
}

type Figures = { units: number; net: number; base: number; costed: number; cost: number; uncosted: number };

/** day|size → figures (money rounded to the centavo), leaving out rows that add up to nothing. */
function keyed(rows: ({ day: string; size: string } & Figures)[]) {
  const out: Record<string, Figures> = {};
  for (const r of rows) {
    const f = {
      units: Number(r.units),
      net: Math.round(Number(r.net)),
      base: Math.round(Number(r.base)),
      costed: Math.round(Number(r.costed)),
      cost: Number(r.cost),
      uncosted: Number(r.uncosted),
    };
    if (Object.values(f).some((x) => x !== 0)) out[`${r.day}|${r.size}`] = f;
  }
  return out;
}

/** The product's rows at Local Centro: as the rollup holds them, and as the sale lines define them. */
async function rolledAndLines() {
  const t = salesDailySizes;
  const rolled = await db()
    .select({
      day: t.day,
      size: t.size,
      units: t.units,
      net: t.netAmount,
      base: t.taxBase,
      costed: t.costedBase,
      cost: t.cost,
      uncosted: t.uncostedUnits,
    })
    .from(t)
    .where(and(eq(t.companyId, company), eq(t.locationId, centro), eq(t.productId, productId)));
  const kept = sql.raw("(i.quantity - i.returned_quantity) * 1.0 / i.quantity");
  const lines = await db().all<{ day: string; size: string } & Figures>(sql`
    SELECT date(datetime(s.sale_date, '-5 hours')) AS day, i.size, SUM(i.quantity - i.returned_quantity) AS units,
           SUM(i.net_amount * ${kept}) AS net, SUM(i.tax_base * ${kept}) AS base,
           SUM(CASE WHEN i.unit_cost IS NOT NULL THEN i.tax_base * ${kept} ELSE 0 END) AS costed,
           SUM(CASE WHEN i.unit_cost IS NOT NULL THEN i.unit_cost * (i.quantity - i.returned_quantity) ELSE 0 END) AS cost,
           SUM(CASE WHEN i.unit_cost IS NULL THEN i.quantity - i.returned_quantity ELSE 0 END) AS uncosted
    FROM sales s JOIN sale_items i ON i.sale_id = s.id
    WHERE s.status = 'completed' AND s.location_id = ${centro} AND i.product_id = ${productId}
    GROUP BY 1, 2`);
  return { rolled: keyed(rolled), lines: keyed(lines) };
}

async function expectRollupAsLines() {
  const { rolled, lines } = await rolledAndLines();
  expect(rolled).toEqual(lines);
  expect(await rollupMismatches(db())).toEqual([]);
  return rolled;
}

const unitsOf = (rows: Record<string, Figures>, day: string, size: string) => rows[`${day}|${size}`]?.units ?? 0;

describe("the size rollup of the purchasing reports", () => {
  it("holds to the sale lines through a sale, a partial return of an earlier day's sale and a rejection", async () => {
    const yesterday = bogotaDate(new Date(Date.now() - 30 * HOUR));
    const today = bogotaDate();
    const start = await expectRollupAsLines();

    // sold yesterday (sent late with its sold_at) and today
    const earlier = await sell(
      [
        { size: "40", quantity: 2 },
        { size: "41", quantity: 1 },
      ],
      { sold_at: new Date(Date.now() - 30 * HOUR).toISOString() },
    );
    await sell([{ size: "40", quantity: 1 }]);
    let now = await expectRollupAsLines();
    expect(unitsOf(now, yesterday, "40")).toBe(unitsOf(start, yesterday, "40") + 2);
    expect(unitsOf(now, today, "40")).toBe(unitsOf(start, today, "40") + 1);

    // one of yesterday's two pairs of 40 comes back today: it nets yesterday's row, not today's
    const [line] = await db()
      .select({ id: saleItems.id })
      .from(saleItems)
      .where(and(eq(saleItems.saleId, earlier), eq(saleItems.size, "40")));
    await body(
      await api("/api/v1/sale-returns", {
        method: "POST",
        token: await login(DEMO.seller),
        headers: { "Idempotency-Key": `talla-${Date.now()}` },
        json: {
          sale_id: earlier,
          lines: [{ sale_item_id: line?.id, quantity: 1 }],
          reason: "talla",
          refund_method: "efectivo",
        },
      }),
      201,
    );
    const returned = await expectRollupAsLines();
    expect(unitsOf(returned, yesterday, "40")).toBe(unitsOf(now, yesterday, "40") - 1);
    expect(unitsOf(returned, today, "40")).toBe(unitsOf(now, today, "40"));
    now = returned;

    // a sale that waits for confirmation counts until it is rejected
    const pending = await sell([{ size: "41", quantity: 1 }], { requires_confirmation: true });
    expect(unitsOf(await expectRollupAsLines(), today, "41")).toBe(unitsOf(now, today, "41") + 1);
    await body(
      await api("/api/v1/sales/confirm", {
        method: "POST",
        token: await login(DEMO.seller),
        json: { sale_id: pending, confirmed: false, confirmation_notes: "Cliente desistió" },
      }),
      200,
    );
    const rejected = await expectRollupAsLines();
    expect(unitsOf(rejected, today, "41")).toBe(unitsOf(now, today, "41"));

    // the reorder report reads the rollup: its 28 days of size 40 are the lines' net units
    const from = windowStart(today, 28);
    const sold40 = Object.entries(rejected)
      .filter(([key]) => key.endsWith("|40") && key.slice(0, 10) >= from)
      .reduce((acc, [, f]) => acc + f.units, 0);
    const report = await body<{ rows: { reference_code: string; size: string; units_sold: number }[] }>(
      await api(`/api/v1/admin/admin/reports/reorder?location_id=${centro}&as_of=${today}&all=1`, {
        token: await login(DEMO.administrador),
      }),
      200,
    );
    expect(report.rows.find((r) => r.reference_code === REF && r.size === "40")?.units_sold).toBe(sold40);
  });
});
