import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inventory, stockMovements } from "../../../worker/db/schema";
import { brokenInvariants } from "../../../worker/domain/shared/invariants";
import { ledgerMismatches, stockChangeStatements } from "../../../worker/domain/stock/ledger";
import { splitPairsStatements } from "../../../worker/domain/stock/pairing";
import { db } from "../support/helpers";

describe("stock and its ledger (real D1)", () => {
  it("after the demo seed, every inventory cell equals the sum of its ledger and nothing is negative", async () => {
    expect(await ledgerMismatches(db())).toEqual([]);
    const [neg] = await db().all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM inventory WHERE pairs < 0 OR left_feet < 0 OR right_feet < 0 OR exhibition < 0`,
    );
    expect(neg?.n).toBe(0);
    // and every other invariant: no free left and free right apart in one cell, a code names one thing...
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("a change that takes a foot out ends paired too: a split pair's partner pairs with a free foot waiting there", async () => {
    const [cell] = await db().select().from(inventory).limit(1);
    if (!cell) throw new Error("seed has no stock");
    const at = { companyId: cell.companyId, productId: cell.productId, locationId: cell.locationId, size: "97" };
    await db().batch(stockChangeStatements(db(), { ...at, delta: { pairs: 2, left: 1 }, reason: "entry" }));
    // a pair split and its left written off, beside the free left: the right pairs with that left
    await db().batch([
      ...splitPairsStatements(db(), at, 1),
      ...stockChangeStatements(db(), { ...at, delta: { left: -1 }, reason: "adjustment" }),
    ]);
    const [after] = await db()
      .select()
      .from(inventory)
      .where(
        and(eq(inventory.productId, at.productId), eq(inventory.locationId, at.locationId), eq(inventory.size, "97")),
      );
    expect(after).toMatchObject({ pairs: 2, leftFeet: 0, rightFeet: 0 });
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("the CHECK constraint stops a decrement below zero and the whole batch rolls back", async () => {
    const [cell] = await db().select().from(inventory).where(sql`${inventory.pairs} > 0`).limit(1);
    if (!cell) throw new Error("seed has no stock");
    const ledgerBefore = await db().select().from(stockMovements).where(eq(stockMovements.productId, cell.productId));
    const change = {
      companyId: cell.companyId,
      productId: cell.productId,
      locationId: cell.locationId,
      size: cell.size,
      reason: "sale" as const,
    };
    const [a, b, c] = stockChangeStatements(db(), { ...change, delta: { pairs: -1 } });
    const [d, e, f] = stockChangeStatements(db(), { ...change, delta: { pairs: -(cell.pairs + 5) } });
    await expect(db().batch([a, b, c, d, e, f])).rejects.toThrow(/CHECK constraint failed/);
    const [after] = await db().select().from(inventory).where(eq(inventory.id, cell.id));
    expect(after?.pairs).toBe(cell.pairs);
    const ledgerAfter = await db().select().from(stockMovements).where(eq(stockMovements.productId, cell.productId));
    expect(ledgerAfter).toHaveLength(ledgerBefore.length);
  });

  it("a decrement of a cell that does not exist fails instead of writing a lonely ledger row", async () => {
    const [cell] = await db().select().from(inventory).limit(1);
    if (!cell) throw new Error("seed has no stock");
    const statements = stockChangeStatements(db(), {
      companyId: cell.companyId,
      productId: cell.productId,
      locationId: cell.locationId,
      size: "99",
      delta: { left: -1 },
      reason: "sale",
    });
    await expect(db().batch([statements[0], statements[1], statements[2]])).rejects.toThrow(/CHECK constraint failed/);
    const rows = await db()
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, cell.productId), eq(stockMovements.size, "99")));
    expect(rows).toHaveLength(0);
  });

  it("an increment creates the cell and its ledger row together", async () => {
    const [cell] = await db().select().from(inventory).limit(1);
    if (!cell) throw new Error("seed has no stock");
    await db().batch(
      stockChangeStatements(db(), {
        companyId: cell.companyId,
        productId: cell.productId,
        locationId: cell.locationId,
        size: "98",
        delta: { pairs: 2, right: 1 },
        reason: "entry",
      }),
    );
    const [created] = await db()
      .select()
      .from(inventory)
      .where(
        and(
          eq(inventory.productId, cell.productId),
          eq(inventory.locationId, cell.locationId),
          eq(inventory.size, "98"),
        ),
      );
    expect(created).toMatchObject({ pairs: 2, rightFeet: 1, leftFeet: 0 });
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});
