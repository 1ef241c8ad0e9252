// Moving a company to another shard (issue 34 stage 5, worker/domain/platform/move-company.ts): its rows
// travel with their ids, reads go on during the move, writes answer 503 with Retry-After until the flip,
// and a copy that fails half way leaves the company where it was.
import { env } from "cloudflare:workers";
import { and, eq, gt, sql } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { createDb } from "../../../worker/db/client";
import { companies, companyDirectory, inventory, productEmbeddings, products, sales } from "../../../worker/db/schema";
import { forgetPlacement, platformDatabases } from "../../../worker/db/shards";
import { inDependencyOrder, moveCompany } from "../../../worker/domain/platform/move-company";
import { brokenInvariants } from "../../../worker/domain/shared/invariants";
import { COMPANY_MOVING_TEXT } from "../../../worker/lib/errors";
import {
  accountRow,
  api,
  companyNamed,
  DEMO,
  detailOf,
  insertCompany,
  login,
  misplacedRows,
  platform,
} from "../support/helpers";

const shard = (name: "SHARD_1" | "SHARD_2" | "SHARD_3") => createDb(env[name]);
const move = (companyId: number, to: string, log?: (line: string) => void) =>
  moveCompany(env, platformDatabases(env), companyId, to, { settleMs: 0, chunk: 100, ...(log ? { log } : {}) });

// a move copies every row of a company through the Worker: seconds, not the default 5 s
const MOVE_TIMEOUT = { timeout: 120_000 };

async function placement(companyId: number) {
  const [row] = await platform().select().from(companyDirectory).where(eq(companyDirectory.companyId, companyId));
  assert(row, "directory row");
  return row;
}

/** How many rows of the company each table holds on a shard (tables with a company_id). */
async function rowsOn(name: "SHARD_1" | "SHARD_2" | "SHARD_3", companyId: number) {
  const db = shard(name);
  const all = await db.all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\_cf\_%' ESCAPE '\\'`,
  );
  const counts: Record<string, number> = {};
  for (const t of all) {
    const columns = await db.all<{ name: string }>(sql.raw(`PRAGMA table_info("${t.name}")`));
    if (!columns.some((c) => c.name === "company_id")) continue;
    const [row] = await db.all<{ n: number }>(
      sql.raw(`SELECT COUNT(*) AS n FROM "${t.name}" WHERE company_id = ${companyId}`),
    );
    if (Number(row?.n) > 0) counts[t.name] = Number(row?.n);
  }
  return counts;
}

/** A sale of one pair the seller's store has, as the seller would send it. */
async function saleBody(sellerEmail: string, companyId: number) {
  const seller = await accountRow(sellerEmail);
  assert(seller?.locationId, "the seller's store");
  const home = (await placement(companyId)).shard as "SHARD_1" | "SHARD_2" | "SHARD_3";
  const [cell] = await shard(home)
    .select({ ref: products.referenceCode, size: inventory.size, price: products.unitPrice })
    .from(inventory)
    .innerJoin(products, eq(products.id, inventory.productId))
    .where(and(eq(inventory.locationId, seller.locationId), gt(inventory.pairs, inventory.reservedPairs)))
    .limit(1);
  assert(cell, "a pair in stock");
  const price = cell.price / 100;
  return {
    items: [{ sneaker_reference_code: cell.ref, size: cell.size, quantity: 1, unit_price: price }],
    payment_methods: [{ payment_type: "efectivo", amount: price }],
    total_amount: price,
  };
}

const sell = async (token: string, body: unknown) =>
  api("/api/v1/sales/create", {
    method: "POST",
    token,
    json: body,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });

describe("moving a company to another shard", () => {
  it(
    "copies every row with its ids, flips the directory, deletes the old rows; the company works there",
    MOVE_TIMEOUT,
    async () => {
      const otra = await companyNamed("otra");
      const before = await placement(otra.id);
      expect(before.shard).toBe("SHARD_2");
      const [product] = await shard("SHARD_2").select().from(products).where(eq(products.companyId, otra.id)).limit(1);
      assert(product, "a product of otra");
      await shard("SHARD_2")
        .insert(productEmbeddings)
        .values({
          companyId: otra.id,
          productId: product.id,
          modelId: "prueba-traslado",
          source: "photo",
          dims: 3,
          vector: Buffer.from(new Float32Array([0.6, 0.8, -0]).buffer),
          colour: Buffer.from([0, 255, 7, 128]),
        });
      // a sale, so its ids (and its receipt's) must survive
      expect((await sell(await login(DEMO.otherSeller), await saleBody(DEMO.otherSeller, otra.id))).status).toBe(201);
      const counts = await rowsOn("SHARD_2", otra.id);
      expect(counts.sales).toBe(1);
      const saleIds = (await shard("SHARD_2").select({ id: sales.id }).from(sales).where(eq(sales.companyId, otra.id)))
        .map((s) => s.id)
        .sort();
      const vectors = await shard("SHARD_2")
        .select({ id: productEmbeddings.id, vector: productEmbeddings.vector })
        .from(productEmbeddings)
        .where(eq(productEmbeddings.companyId, otra.id));
      expect(vectors.length).toBeGreaterThan(0);

      const report = await move(otra.id, "SHARD_3");
      expect(report).toMatchObject({ companyId: otra.id, from: "SHARD_2", to: "SHARD_3" });

      const after = await placement(otra.id);
      expect(after).toMatchObject({ shard: "SHARD_3", region: "weur", movingSince: null, version: before.version + 1 });
      expect(await rowsOn("SHARD_3", otra.id)).toEqual(counts);
      expect(await rowsOn("SHARD_2", otra.id)).toEqual({});
      const [ownRow] = await shard("SHARD_2").select().from(companies).where(eq(companies.id, otra.id));
      expect(ownRow).toBeUndefined();
      // ids kept (receipts and links go on working), embeddings byte for byte
      const moved = (await shard("SHARD_3").select({ id: sales.id }).from(sales).where(eq(sales.companyId, otra.id)))
        .map((s) => s.id)
        .sort();
      expect(moved).toEqual(saleIds);
      const movedVectors = await shard("SHARD_3")
        .select({ id: productEmbeddings.id, vector: productEmbeddings.vector })
        .from(productEmbeddings)
        .where(eq(productEmbeddings.companyId, otra.id));
      expect(movedVectors.map((v) => [v.id, [...v.vector]])).toEqual(vectors.map((v) => [v.id, [...v.vector]]));
      expect(vectors.length).toBeGreaterThan(0);
      expect(await brokenInvariants(shard("SHARD_3"))).toEqual({});
      expect(await brokenInvariants(shard("SHARD_2"))).toEqual({});
      expect(await misplacedRows()).toEqual([]);

      // its people sign in and sell there; the other companies never noticed
      const token = await login(DEMO.otherSeller);
      const sold = await sell(token, await saleBody(DEMO.otherSeller, otra.id));
      expect(sold.status).toBe(201);
      const { sale_id } = (await sold.json()) as { sale_id: number };
      const [onTarget] = await shard("SHARD_3").select({ id: sales.id }).from(sales).where(eq(sales.id, sale_id));
      expect(onTarget?.id).toBe(sale_id);
      const demo = await login(DEMO.seller);
      expect((await api("/api/v1/sales/today", { token: demo })).status).toBe(200);
    },
  );

  it(
    "answers the company's reads during the move, nothing lost or doubled; its writes 503 with Retry-After",
    MOVE_TIMEOUT,
    async () => {
      const demo = await companyNamed("demo");
      const admin = await login(DEMO.administrador);
      const seller = await login(DEMO.seller);
      const body = await saleBody(DEMO.seller, demo.id);
      const productsNow = async () => {
        const res = await api("/api/v1/products", { token: admin });
        expect(res.status).toBe(200);
        return ((await res.json()) as { total: number }).total;
      };
      const expected = await productsNow();
      expect(expected).toBeGreaterThan(0);

      let moving = true;
      const reads: number[] = [];
      const reader = (async () => {
        // reads until the move ends (bounded, should the move never end)
        for (let i = 0; moving && i < 5_000; i++) reads.push(await productsNow());
      })();
      let writes: Promise<Response[]> | null = null;
      const report = move(demo.id, "SHARD_3", (line) => {
        if (!line.includes("escrituras detenidas")) return;
        // the copy is under way: a sale is refused, once where the directory says so (the Worker's check)
        // and once where an isolate's cached directory row predates the move (the source shard's own guard)
        writes = (async () => {
          const seen = await sell(seller, body);
          await platform()
            .update(companyDirectory)
            .set({ movingSince: null })
            .where(eq(companyDirectory.companyId, demo.id));
          forgetPlacement(demo.id);
          const stale = await sell(seller, body);
          return [seen, stale];
        })();
      }).finally(() => {
        moving = false;
      });
      await report;
      await reader;

      expect(reads.length).toBeGreaterThan(0);
      expect(new Set(reads)).toEqual(new Set([expected]));
      assert(writes, "writes during the move");
      const refused: Response[] = await writes;
      expect(refused.map((r) => r.status)).toEqual([503, 503]);
      for (const res of refused) {
        expect(res.headers.get("Retry-After")).toBe("30");
        expect(detailOf(await res.json())).toBe(COMPANY_MOVING_TEXT);
      }
      // after the flip the same sale goes through, on the new shard
      expect((await sell(seller, body)).status).toBe(201);
      expect((await placement(demo.id)).shard).toBe("SHARD_3");
      expect(await productsNow()).toBe(expected);
    },
  );

  it("answers 503 to writes while the directory marks the company as moving, and lets reads through", async () => {
    const otra = await companyNamed("otra");
    await platform()
      .update(companyDirectory)
      .set({ movingSince: new Date().toISOString() })
      .where(eq(companyDirectory.companyId, otra.id));
    forgetPlacement(otra.id);
    try {
      const token = await login(DEMO.otherAdmin);
      expect((await api("/api/v1/sales/today", { token })).status).toBe(200);
      const res = await api("/api/v1/admin/locations", {
        method: "POST",
        token,
        json: { name: "Local del traslado", type: "local", address: "Calle 1" },
        headers: { "Idempotency-Key": crypto.randomUUID() },
      });
      expect(res.status).toBe(503);
      expect(res.headers.get("Retry-After")).toBe("30");
      expect(detailOf(await res.json())).toBe(COMPANY_MOVING_TEXT);
    } finally {
      await platform()
        .update(companyDirectory)
        .set({ movingSince: null })
        .where(eq(companyDirectory.companyId, otra.id));
      forgetPlacement(otra.id);
    }
  });

  it("leaves the company where it was, writable, when the copy fails half way", MOVE_TIMEOUT, async () => {
    const otra = await companyNamed("otra");
    const before = await placement(otra.id);
    const counts = await rowsOn(before.shard as "SHARD_1" | "SHARD_2" | "SHARD_3", otra.id);
    const to = before.shard === "SHARD_1" ? "SHARD_2" : "SHARD_1";
    // a row of another company on the target holding one of otra's product ids: the copy of products fails
    // after the companies, locations and users before it went over
    const [product] = await shard(before.shard as "SHARD_1" | "SHARD_2" | "SHARD_3")
      .select()
      .from(products)
      .where(eq(products.companyId, otra.id))
      .limit(1);
    assert(product, "a product of otra");
    const target = shard(to);
    const host = await insertCompany(
      { name: "Anfitriona", subdomain: "anfitriona", email: "a@anfitriona.co", subscriptionPlan: "professional" },
      to,
    );
    await target.insert(products).values({ ...product, companyId: host.id, referenceCode: "CHOQUE-TRASLADO" });
    const lines: string[] = [];
    await expect(move(otra.id, to, (line) => lines.push(line))).rejects.toThrow();
    expect(lines.some((l) => l.startsWith("companies") || l.startsWith("locations"))).toBe(true);

    expect(await placement(otra.id)).toMatchObject({ shard: before.shard, movingSince: null, version: before.version });
    expect(await rowsOn(to, otra.id)).toEqual({});
    expect(await rowsOn(before.shard as "SHARD_1" | "SHARD_2" | "SHARD_3", otra.id)).toEqual(counts);
    expect(await brokenInvariants(target)).toEqual({});
    // the source's write guard is gone: the company sells again
    const token = await login(DEMO.otherSeller);
    expect((await sell(token, await saleBody(DEMO.otherSeller, otra.id))).status).toBe(201);
  });

  it("orders tables parents first and refuses circular references", () => {
    const order = inDependencyOrder([
      { name: "sales", references: ["users", "locations"] },
      { name: "users", references: ["locations"] },
      { name: "locations", references: [] },
    ]).map((t) => t.name);
    expect(order).toEqual(["locations", "users", "sales"]);
    expect(() =>
      inDependencyOrder([
        { name: "a", references: ["b"] },
        { name: "b", references: ["a"] },
      ]),
    ).toThrow(/circulares/);
  });
});
