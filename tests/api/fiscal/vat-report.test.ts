// The IVA report (worker/routes/fiscal/vat-report.ts, mounted under the administrador's panel and the
// boss's): per store and rate, the base and IVA sale lines stored, what returns carried back, the net.
// The boss's mount is tested with the boss's other reports (tests/api/reports/boss.test.ts).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { saleItems as saleItemsTable } from "../../../worker/db/schema";
import { api, client, db, expectDenied, expectError, ok } from "../support/helpers";
import {
  addStock,
  admin,
  centro,
  P,
  post,
  REF,
  raceData,
  SIZE,
  saleBody,
  seller,
  unique,
} from "../support/race-fixtures";

vi.setConfig({ testTimeout: 120_000 });

beforeAll(raceData);

async function sell() {
  await addStock(REF, centro, SIZE, 1);
  const res = await post(`${P}/sales/create`, await seller(), saleBody(), { "Idempotency-Key": unique("venta-iva") });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return JSON.parse(text) as { sale_id: number; sale_details: { items: { id: number }[] } };
}

describe("the IVA report (GET /admin/admin/reports/iva)", () => {
  it("sums the base and IVA lines stored, by store and rate, net of the returns of the period", async () => {
    const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    const query = { start_date: today, end_date: today, location_id: String(centro) };
    const before = await ok(client(await admin()).admin.admin.reports.iva.$get({ query }));
    const sold = await sell();
    const line = sold.sale_details.items[0];
    const after = await ok(client(await admin()).admin.admin.reports.iva.$get({ query }));
    const [stored] = await db().select().from(saleItemsTable).where(eq(saleItemsTable.saleId, sold.sale_id));
    const row = (r: typeof after) => r.lines.find((l) => l.location_id === centro && l.tax_class === "iva_19");
    expect(Math.round(((row(after)?.sales_tax ?? 0) - (row(before)?.sales_tax ?? 0)) * 100)).toBe(stored?.taxAmount);
    expect(Math.round(((row(after)?.sales_base ?? 0) - (row(before)?.sales_base ?? 0)) * 100)).toBe(stored?.taxBase);
    const res = await post(
      `${P}/sale-returns`,
      await seller(),
      {
        sale_id: sold.sale_id,
        lines: [{ sale_item_id: line?.id, quantity: 1 }],
        reason: "talla",
        refund_method: "efectivo",
      },
      { "Idempotency-Key": unique("devolucion-iva-reporte") },
    );
    expect(res.status, await res.text()).toBe(201);
    const net = await ok(client(await admin()).admin.admin.reports.iva.$get({ query }));
    expect(Math.round(((row(net)?.returns_tax ?? 0) - (row(after)?.returns_tax ?? 0)) * 100)).toBe(stored?.taxAmount);
    expect(row(net)?.net_tax).toBeCloseTo((row(net)?.sales_tax ?? 0) - (row(net)?.returns_tax ?? 0), 2);
    expect(net.totals.net_tax).toBeCloseTo(
      net.lines.reduce((acc, l) => acc + l.net_tax, 0),
      2,
    );
  });

  it("refuses a reversed period (422) and other roles (403)", async () => {
    await expectError(
      await api(`${P}/admin/admin/reports/iva?start_date=2026-11-02&end_date=2026-11-01`, { token: await admin() }),
      422,
    );
    await expectDenied(["seller", "bodeguero", "corredor"], (token) =>
      api(`${P}/admin/admin/reports/iva?start_date=2026-11-01&end_date=2026-11-02`, { token }),
    );
  });
});
