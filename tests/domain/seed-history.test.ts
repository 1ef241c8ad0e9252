import { describe, expect, it } from "vitest";
import { planHistory } from "../../worker/db/seed/history-plan/plan";
import type { HistoryWorld } from "../../worker/db/seed/history-plan/types";
import { demoProducts } from "../../worker/db/seed/index";
import { addDays } from "../../worker/domain/platform/rules";
import { bogotaDate } from "../../worker/domain/shared/time";

const world: HistoryWorld = {
  companyId: 1,
  stores: [
    { id: 1, name: "Local Centro", sellerIds: [10, 11] },
    { id: 2, name: "Local Chapinero", sellerIds: [12] },
    { id: 3, name: "Local Unicentro", sellerIds: [13, 14] },
  ],
  warehouses: [
    { id: 4, keeperId: 20 },
    { id: 5, keeperId: 20 },
  ],
  courierId: 30,
  adminId: 40,
  products: demoProducts(24).map((p, i) => ({
    id: i + 1,
    referenceCode: p.referenceCode,
    brand: p.brand,
    model: p.model,
    color: p.color,
    unitPrice: p.unitPrice * 100,
    sizes: p.sizes,
  })),
};
const now = new Date("2026-03-18T20:30:00.000Z"); // a Wednesday, 15:30 in Bogotá
const options = { firstSaleId: 100, firstTransferId: 50, firstDiscountId: 7 };
const plan = planHistory(world, now, options);
const dayOf = (iso: string) => bogotaDate(new Date(iso));

describe("demo history plan", () => {
  it("is deterministic", () => {
    expect(planHistory(world, now, options)).toEqual(plan);
  });

  it("sells every day of the 90 days in every store, busier on weekends", () => {
    const today = bogotaDate(now);
    const days = new Set(plan.sales.map((s) => dayOf(s.at)));
    expect(days.size).toBeGreaterThanOrEqual(89);
    expect([...days].sort()[0]).toBe(addDays(today, -90));
    for (const store of world.stores) expect(plan.sales.some((s) => s.storeId === store.id)).toBe(true);
    const perWeekday = Array.from({ length: 7 }, () => ({ sales: 0, days: new Set<string>() }));
    for (const s of plan.sales) {
      const d = dayOf(s.at);
      const w = perWeekday[new Date(`${d}T12:00:00Z`).getUTCDay()];
      if (!w) continue;
      w.sales++;
      w.days.add(d);
    }
    const avg = (i: number) => (perWeekday[i]?.sales ?? 0) / (perWeekday[i]?.days.size || 1);
    expect(avg(6)).toBeGreaterThan(avg(1) * 1.5); // Saturday vs Monday
    // nothing after now
    expect(plan.sales.every((s) => s.at < now.toISOString())).toBe(true);
  });

  it("prices at the catalogue, pays each total exactly, 1–3 lines, a few discounts", () => {
    for (const s of plan.sales) {
      expect(s.lines.length).toBeGreaterThanOrEqual(1);
      expect(s.lines.length).toBeLessThanOrEqual(3);
      expect(s.subtotal).toBe(s.lines.reduce((a, l) => a + l.product.unitPrice * l.quantity, 0));
      expect(s.total).toBe(s.subtotal - s.discount);
      expect(s.payments.reduce((a, p) => a + p.amount, 0)).toBe(s.total);
      expect(s.payments.every((p) => p.amount >= 0)).toBe(true);
      expect(s.discount === 0).toBe(s.discountRequestId === null);
    }
    const types = new Set(plan.sales.flatMap((s) => s.payments.map((p) => p.type)));
    expect([...types].sort()).toEqual(["efectivo", "tarjeta", "transferencia"]);
    const discounted = plan.sales.filter((s) => s.discount > 0).length;
    expect(discounted).toBeGreaterThan(0);
    expect(discounted).toBeLessThan(plan.sales.length * 0.15);
  });

  it("never leaves a cell below zero at any instant, and every sale leaves through the ledger", () => {
    const ordered = [...plan.movements].sort((a, b) => a.at.localeCompare(b.at) || b.delta - a.delta);
    const stock = new Map<string, number>();
    for (const m of ordered) {
      const key = `${m.productId}|${m.locationId}|${m.size}`;
      const next = (stock.get(key) ?? 0) + m.delta;
      expect(next, `${key} at ${m.at}`).toBeGreaterThanOrEqual(0);
      stock.set(key, next);
    }
    for (const cell of plan.cells)
      expect(stock.get(`${cell.productId}|${cell.locationId}|${cell.size}`)).toBe(cell.pairs);
    const sold = plan.sales.reduce((a, s) => a + s.lines.reduce((b, l) => b + l.quantity, 0), 0);
    expect(plan.movements.filter((m) => m.reason === "sale").reduce((a, m) => a - m.delta, 0)).toBe(sold);
  });

  it("completes transfers and returns once each, out before in", () => {
    expect(plan.transfers.some((t) => t.kind === "return")).toBe(true);
    const originals = plan.transfers.flatMap((t) => (t.originalTransferId === null ? [] : [t.originalTransferId]));
    expect(new Set(originals).size).toBe(originals.length);
    for (const t of plan.transfers) {
      const moves = plan.movements.filter((m) => m.transferId === t.id);
      expect(moves.map((m) => m.reason).sort()).toEqual(
        t.kind === "return" ? ["return_in", "return_out"] : ["transfer_in", "transfer_out"],
      );
      expect(t.pickedUpAt < t.completedAt).toBe(true);
    }
  });

  it("has monthly costs, all paid but one overdue", () => {
    const today = bogotaDate(now);
    const overdue = plan.costs.filter((c) => c.dueDate < today);
    expect(overdue).toHaveLength(1);
    expect(plan.costs.filter((c) => c.lastPaidDate !== null && c.lastPaidDate <= today)).toHaveLength(
      plan.costs.length,
    );
    expect(plan.expenses.length).toBeGreaterThan(30);
  });
});

describe("demo catalogue colourways", () => {
  it("gives each colourway of a model its own photos (shared references always tie in the scan)", () => {
    const byFolder = new Map<string, string[][]>();
    for (const p of demoProducts(1000)) {
      if (!p.photoFolder) continue;
      expect(p.photos.length, p.referenceCode).toBeGreaterThan(0);
      byFolder.set(p.photoFolder, [...(byFolder.get(p.photoFolder) ?? []), p.photos]);
    }
    expect(byFolder.size).toBe(10);
    for (const [folder, sets] of byFolder) {
      const all = sets.flat();
      expect(new Set(all).size, folder).toBe(all.length);
      expect(all.every((f) => /^00(0[1-9]|1[0-5])\.jpg$/.test(f))).toBe(true);
    }
  });
});
