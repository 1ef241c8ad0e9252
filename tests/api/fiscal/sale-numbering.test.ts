// A sale takes its store's next DIAN number in its own batch (worker/domain/fiscal/numbering.ts): the
// numbers of POST /sales/create, a sale from a transfer and an exchange, what a refused sale leaves, the
// company setting that refuses a sale without numbering, and fifty sales at once.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { api, client, db, expectError, ok } from "../support/helpers";
import { burst } from "../support/race-cases";
import {
  addStock,
  admin,
  centro,
  chapinero,
  count,
  P,
  PRICE,
  post,
  REF,
  raceData,
  SIZE,
  saleBody,
  seller,
  soldLine,
  storeSeller,
  transferAt,
  unique,
} from "../support/race-fixtures";

vi.setConfig({ testTimeout: 120_000 });

beforeAll(raceData);

/** Registers an active range of Local Centro (switching the one before off) and answers its id. */
async function activeRange(prefix: string, from: number, to: number): Promise<number> {
  const res = await post(`${P}/admin/admin/numbering-ranges`, await admin(), {
    location_id: centro,
    resolution_number: "18764000000100",
    resolution_date: "2026-01-02",
    prefix,
    range_from: from,
    range_to: to,
    valid_from: "2026-01-02",
    valid_until: "2099-01-01",
    document_text: `Resolución ${prefix}`,
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return (JSON.parse(text) as { range: { id: number } }).range.id;
}

async function sell(extra: Record<string, unknown> = {}) {
  await addStock(REF, centro, SIZE, 1);
  return post(`${P}/sales/create`, await seller(), saleBody(extra), { "Idempotency-Key": unique("venta") });
}

const numberOf = async (res: Response) => {
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return (JSON.parse(text) as { sale_details: { fiscal_number: string | null } }).sale_details.fiscal_number;
};

const setRequired = async (required: boolean) =>
  ok(client(await admin()).admin.admin.settings.$put({ json: { require_fiscal_numbering: required } }));

describe("a sale's DIAN number", () => {
  it("is the store's next consecutive with its prefix, and the range counts it", async () => {
    const range = await activeRange("FA", 1000, 1999);
    const first = await sell();
    const answer = JSON.parse(await first.clone().text()) as { sale_details: { receipt_token: string } };
    expect(await numberOf(first)).toBe("FA1000");
    // its receipt carries the number and the resolution's text
    const receipt = await api(`${P}/public/receipts/${answer.sale_details.receipt_token}`);
    expect(((await receipt.json()) as { receipt: { fiscal: unknown } }).receipt.fiscal).toEqual({
      number: "FA1000",
      resolution: "Resolución FA",
    });
    expect(await numberOf(await sell())).toBe("FA1001");
    const listed = await ok(client(await admin()).admin.admin["numbering-ranges"].$get({ query: {} }));
    expect(listed.ranges.find((r) => r.id === range)).toMatchObject({ used: 2, next_number: "FA1002" });
  });

  it("is not consumed by a refused sale", async () => {
    await activeRange("FB", 1, 100);
    // refused in its batch: more pairs than the store has
    const refused = await post(
      `${P}/sales/create`,
      await seller(),
      saleBody({
        items: [{ sneaker_reference_code: REF, size: SIZE, quantity: 900, unit_price: PRICE }],
        payment_methods: [{ payment_type: "efectivo", amount: PRICE * 900 }],
        total_amount: PRICE * 900,
      }),
    );
    expect(refused.status).toBe(409);
    // refused before: a price that is not the catalogue's
    const offPrice = await post(`${P}/sales/create`, await seller(), {
      ...saleBody(),
      items: [{ sneaker_reference_code: REF, size: SIZE, quantity: 1, unit_price: PRICE - 100 }],
      payment_methods: [{ payment_type: "efectivo", amount: PRICE - 100 }],
      total_amount: PRICE - 100,
    });
    expect(offPrice.status).toBeGreaterThanOrEqual(400);
    expect(await numberOf(await sell())).toBe("FB1");
  });

  it("is the same on a replay of the sale's key", async () => {
    await activeRange("FC", 1, 100);
    await addStock(REF, centro, SIZE, 1);
    const key = { "Idempotency-Key": unique("replay") };
    const first = await numberOf(await post(`${P}/sales/create`, await seller(), saleBody(), key));
    const again = await post(`${P}/sales/create`, await seller(), saleBody(), key);
    expect([200, 201]).toContain(again.status);
    expect(((await again.json()) as { sale_details: { fiscal_number: string } }).sale_details.fiscal_number).toBe(
      first,
    );
    expect(await numberOf(await sell())).toBe("FC2");
  });

  it("without a usable range: a non-fiscal document, or a refusal when the company requires numbering", async () => {
    await activeRange("FD", 1, 1);
    expect(await numberOf(await sell())).toBe("FD1");
    // the range is used up: the next sale is a non-fiscal document
    expect(await numberOf(await sell())).toBeNull();
    await setRequired(true);
    try {
      await addStock(REF, centro, SIZE, 1);
      await expectError(
        await post(`${P}/sales/create`, await seller(), saleBody()),
        409,
        /Local Centro no tiene una resolución de numeración DIAN vigente/,
      );
      // a store that never had a range is refused too
      await addStock(REF, chapinero, SIZE, 1);
      const atChapinero = await post(`${P}/sales/create`, await storeSeller(), saleBody());
      expect(atChapinero.status).toBe(409);
      await activeRange("FE", 1, 10);
      expect(await numberOf(await sell())).toBe("FE1");
    } finally {
      await setRequired(false);
    }
  });

  it("a sale of a transfer's pairs takes the next number too", async () => {
    await activeRange("FT", 1, 100);
    const transfer = await transferAt("completed");
    const res = await post(`${P}/sales/create-from-transfer`, await seller(), {
      transfer_id: transfer,
      total_amount: PRICE,
      payment_methods: [{ payment_type: "efectivo", amount: PRICE }],
    });
    expect(await numberOf(res)).toBe("FT1");
    expect(await numberOf(await sell())).toBe("FT2");
  });

  it("an exchange's new sale takes the next number", async () => {
    await activeRange("FX", 1, 100);
    const line = await soldLine();
    await addStock(REF, centro, SIZE, 1);
    const res = await post(
      `${P}/sale-returns`,
      await seller(),
      {
        sale_id: line.id,
        lines: [{ sale_item_id: line.item, quantity: 1 }],
        reason: "talla",
        exchange: { items: [{ sneaker_reference_code: REF, size: SIZE, quantity: 1 }] },
      },
      { "Idempotency-Key": unique("cambio") },
    );
    const text = await res.text();
    expect(res.status, text).toBe(201);
    const swap = JSON.parse(text) as { sale_return: { exchange_sale: { fiscal_number: string | null } } };
    expect(swap.sale_return.exchange_sale.fiscal_number).toBe("FX2");
  });

  it("fifty sales at once at one store take exactly the next fifty numbers", async () => {
    await activeRange("FZ", 500, 999);
    await addStock(REF, centro, SIZE, 50);
    const token = await seller();
    const answers = await burst(50, () =>
      post(`${P}/sales/create`, token, saleBody(), { "Idempotency-Key": unique("rafaga") }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    const numbers = answers
      .map((a) => (JSON.parse(a.body) as { sale_details: { fiscal_number: string } }).sale_details.fiscal_number)
      .map((n) => Number(n.slice(2)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => 500 + i));
    expect(
      await count(sql`SELECT next_number AS n FROM numbering_ranges WHERE prefix = 'FZ' AND location_id = ${centro}`),
    ).toBe(550);
    // and nothing else took a number of the range
    expect(
      await count(sql`SELECT COUNT(*) AS n FROM sales WHERE fiscal_prefix = 'FZ' AND location_id = ${centro}`),
    ).toBe(50);
  });
});

it("the batch's number statements hold the numbers in the data too: no two sales of a company share one", async () => {
  const [row] = await db().all<{ n: number }>(
    sql`SELECT COUNT(*) AS n FROM (SELECT fiscal_prefix, fiscal_number FROM sales WHERE fiscal_number IS NOT NULL
      GROUP BY company_id, fiscal_prefix, fiscal_number HAVING COUNT(*) > 1)`,
  );
  expect(row?.n).toBe(0);
});
