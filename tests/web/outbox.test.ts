import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KEY_IN_PROGRESS } from "../../shared/messages";
import { ApiError } from "../../web/src/api/http";
import { queuedToday } from "../../web/src/features/seller/outbox/actions";
import { emptySale } from "../../web/src/features/seller/saleForm";
import { addItem, itemsOf, type OutboxItem, resetOutboxConnection } from "../../web/src/lib/outbox/db";
import { deliver, type Outcome, outcomeOf, soldAtOf } from "../../web/src/lib/outbox/deliver";
import { outboxItem, submitThroughOutbox } from "../../web/src/lib/outbox/submit";
import { backoffDelay, deliveredItem, flushOutbox } from "../../web/src/lib/outbox/sync";
import { jsonResponse, mockFetch, signInSeller } from "./helpers";

const SELLER = 7;
const OTHER = 8;

function sale(key: string, userId = SELLER, createdAt = new Date(), total = 100_000): OutboxItem {
  const item = outboxItem(
    {
      kind: "sale",
      key,
      payload: {
        items: [],
        payment_methods: [{ type: "efectivo", amount: total }],
        total_amount: total,
        receipt: null,
      },
      snapshot: { draft: emptySale(), customer: null, total },
    },
    userId,
    createdAt,
  );
  return item;
}

const sentSale = (saleId: number): Outcome => ({
  kind: "sent",
  delivered: { kind: "sale", saleId, total: 100_000, receiptToken: null },
});

beforeEach(() => {
  // a new, empty IndexedDB for each test
  vi.stubGlobal("indexedDB", new IDBFactory());
  resetOutboxConnection();
});
afterEach(() => resetOutboxConnection());

describe("the outbox store", () => {
  it("keeps each user's items apart, oldest first, and a key only once", async () => {
    await addItem(sale("key-second-0001", SELLER, new Date("2026-11-26T15:00:00Z")));
    await addItem(sale("key-first-00001", SELLER, new Date("2026-11-26T14:00:00Z")));
    await addItem({ ...sale("key-first-00001", SELLER, new Date("2026-11-26T16:00:00Z")), attempts: 9 });
    await addItem(sale("key-other-00001", OTHER));
    const mine = await itemsOf(SELLER);
    expect(mine.map((i) => i.key)).toEqual(["key-first-00001", "key-second-0001"]);
    expect(mine[0]?.attempts).toBe(0);
    expect((await itemsOf(OTHER)).map((i) => i.key)).toEqual(["key-other-00001"]);
  });
});

describe("what an answer means for the queue", () => {
  it("retries what may work later, stops for a rejected session, holds a refusal for the seller", () => {
    expect(outcomeOf(new ApiError(0, "Error de conexión", "network")).kind).toBe("retry");
    expect(outcomeOf(new ApiError(200, "Respuesta inválida", "invalid")).kind).toBe("retry");
    expect(outcomeOf(new ApiError(503, "Servicio no disponible")).kind).toBe("retry");
    expect(outcomeOf(new ApiError(429, "Demasiadas solicitudes")).kind).toBe("retry");
    expect(outcomeOf(new ApiError(409, KEY_IN_PROGRESS, "http", KEY_IN_PROGRESS)).kind).toBe("retry");
    expect(outcomeOf(new TypeError("Failed to fetch")).kind).toBe("retry");
    expect(outcomeOf(new ApiError(401, "Token inválido")).kind).toBe("signed-out");
    const stock = outcomeOf(new ApiError(409, "Error 409", "http", "Stock insuficiente para NIKE-01 talla 42"));
    expect(stock).toMatchObject({ kind: "refused", status: 409, detail: "Stock insuficiente para NIKE-01 talla 42" });
    expect(outcomeOf(new ApiError(422, "Precio cambió", "http", "El precio cambió")).kind).toBe("refused");
  });

  it("waits longer after each failed round, up to five minutes", () => {
    expect(backoffDelay(0)).toBe(2_000);
    expect(backoffDelay(1)).toBeGreaterThan(backoffDelay(0));
    expect(backoffDelay(50)).toBe(300_000);
  });
});

describe("sending the queue", () => {
  it("sends in the order made, holds refusals and goes on, stops at the first 'later'", async () => {
    for (const [i, key] of ["key-a-000001", "key-b-000001", "key-c-000001", "key-d-000001"].entries()) {
      await addItem(sale(key, SELLER, new Date(Date.UTC(2026, 10, 26, 14, i))));
    }
    const seen: string[] = [];
    const report = await flushOutbox(SELLER, null, async (item) => {
      seen.push(item.key);
      if (item.key === "key-b-000001")
        return { kind: "refused", status: 409, detail: "Sin stock", error: new ApiError(409, "Sin stock") };
      if (item.key === "key-c-000001") return { kind: "retry", reason: "sin conexión" };
      return sentSale(1);
    });
    expect(seen).toEqual(["key-a-000001", "key-b-000001", "key-c-000001"]);
    expect(report.sent.map((s) => s.item.key)).toEqual(["key-a-000001"]);
    expect(report.stopped).toBe("retry");
    const left = await itemsOf(SELLER);
    expect(left.map((i) => [i.key, i.status, i.attempts])).toEqual([
      ["key-b-000001", "blocked", 1],
      ["key-c-000001", "pending", 1],
      ["key-d-000001", "pending", 0],
    ]);
    expect(left[0]?.problem?.detail).toBe("Sin stock");

    // the next round sends the rest and leaves the refused one for the seller
    const next = await flushOutbox(SELLER, null, async () => sentSale(2));
    expect(next.sent.map((s) => s.item.key)).toEqual(["key-c-000001", "key-d-000001"]);
    expect((await itemsOf(SELLER)).map((i) => i.key)).toEqual(["key-b-000001"]);
  });

  it("sends nothing of another user or another acting company, and stops when the session is rejected", async () => {
    await addItem(sale("key-other-0001", OTHER));
    await addItem(sale("key-mine-00001", SELLER));
    await addItem(sale("key-mine-00002", SELLER, new Date(Date.now() + 1000)));
    const deliver = vi.fn(async (): Promise<Outcome> => ({ kind: "signed-out" }));
    expect(await flushOutbox(SELLER, "3", deliver)).toMatchObject({ sent: [], stopped: null });
    expect(deliver).not.toHaveBeenCalled();
    const report = await flushOutbox(SELLER, null, deliver);
    expect(report.stopped).toBe("signed-out");
    expect(deliver).toHaveBeenCalledTimes(1);
    expect((await itemsOf(SELLER)).map((i) => [i.status, i.attempts])).toEqual([
      ["pending", 0],
      ["pending", 0],
    ]);
    expect(await itemsOf(OTHER)).toHaveLength(1);
  });
});

describe("the time a queued sale was made", () => {
  it("goes with a sale sent a minute or more after it was made, up to 71 h; not with one sent as it is made", () => {
    const made = new Date("2026-11-26T19:50:00.000Z");
    const at = (minutes: number) => new Date(made.getTime() + minutes * 60_000);
    expect(soldAtOf({ createdAt: made.toISOString() }, at(0.5))).toBeNull();
    expect(soldAtOf({ createdAt: made.toISOString() }, at(1))).toBe("2026-11-26T19:50:00.000Z");
    expect(soldAtOf({ createdAt: made.toISOString() }, at(12 * 60 + 20))).toBe("2026-11-26T19:50:00.000Z");
    expect(soldAtOf({ createdAt: made.toISOString() }, at(71 * 60))).toBe("2026-11-26T19:50:00.000Z");
    // older than the server takes: dated when it arrives instead of refused
    expect(soldAtOf({ createdAt: made.toISOString() }, at(71 * 60 + 1))).toBeNull();
  });

  it("reaches the server as the sale's sold_at field", async () => {
    signInSeller();
    const forms: FormData[] = [];
    mockFetch(async (_url, init) => {
      forms.push(init?.body as FormData);
      return jsonResponse(
        { success: true, sale_id: 9, total_amount: 100_000, sale_details: { receipt_token: null } },
        201,
      );
    });
    const queuedAt = new Date(Date.now() - 3 * 60 * 60_000);
    await deliver(sale("key-sold-at-01", SELLER, queuedAt));
    await deliver(sale("key-sold-at-02", SELLER, new Date()));
    expect(forms[0]?.get("sold_at")).toBe(queuedAt.toISOString());
    expect(forms[1]?.get("sold_at")).toBeNull();
  });
});

describe("a create through the outbox", () => {
  beforeEach(() => signInSeller());

  it("offline: kept on the phone at once, without calling the server", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const fetch = mockFetch(async () => jsonResponse({}));
    const result = await submitThroughOutbox(sale("key-offline-01"));
    expect(result).toEqual({ kind: "queued" });
    expect(fetch).not.toHaveBeenCalled();
    expect((await itemsOf(SELLER)).map((i) => i.key)).toEqual(["key-offline-01"]);
  });

  it("online: sent with its key and gone from the phone once the server has it", async () => {
    const fetch = mockFetch(async () =>
      jsonResponse({ sale_id: 41, total_amount: 100_000, status: "completed", sale_details: { receipt_token: "t41" } }),
    );
    const result = await submitThroughOutbox(sale("key-online-001"));
    expect(result).toMatchObject({ kind: "sent", delivered: { kind: "sale", saleId: 41, receiptToken: "t41" } });
    const headers = new Headers(fetch.mock.calls[0]?.[1]?.headers);
    expect(headers.get("Idempotency-Key")).toBe("key-online-001");
    expect(await itemsOf(SELLER)).toEqual([]);
  });

  it("online and refused: the form gets the server's error and nothing stays queued", async () => {
    mockFetch(async () => jsonResponse({ detail: "Stock insuficiente" }, 409));
    await expect(submitThroughOutbox(sale("key-refused-01"))).rejects.toMatchObject({ status: 409 });
    expect(await itemsOf(SELLER)).toEqual([]);
  });

  it("no answer in time: the seller is told it is kept; the late answer then settles it", async () => {
    let answer: (r: Response) => void = () => {};
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const result = await submitThroughOutbox(sale("key-slow-00001"), 20);
    expect(result).toEqual({ kind: "queued" });
    expect((await itemsOf(SELLER)).map((i) => i.status)).toEqual(["pending"]);
    answer(
      jsonResponse({ sale_id: 42, total_amount: 100_000, status: "completed", sale_details: { receipt_token: "t42" } }),
    );
    await vi.waitFor(async () => expect(await itemsOf(SELLER)).toEqual([]));
    // what the server answered stays known to this tab: the sale's screen shows its number and receipt
    expect(deliveredItem("key-slow-00001")).toEqual({ kind: "sale", saleId: 42, total: 100_000, receiptToken: "t42" });
  });

  it("a connection lost mid-way: kept for the queue with the same key", async () => {
    mockFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await submitThroughOutbox(sale("key-dropped-01"))).toEqual({ kind: "queued" });
    expect((await itemsOf(SELLER)).map((i) => [i.key, i.status, i.attempts])).toEqual([
      ["key-dropped-01", "pending", 1],
    ]);
  });
});

describe("today's queued sales in the seller's figures", () => {
  it("counts today's waiting sales, names the refused ones apart and leaves out discarded and older ones", () => {
    const now = new Date("2026-11-26T20:00:00Z");
    const items: OutboxItem[] = [
      sale("key-today-001", SELLER, new Date("2026-11-26T15:00:00Z"), 120_000),
      sale("key-today-002", SELLER, new Date("2026-11-26T16:00:00Z"), 80_000),
      { ...sale("key-today-003", SELLER, new Date("2026-11-26T17:00:00Z"), 50_000), status: "blocked" },
      { ...sale("key-today-004", SELLER, new Date("2026-11-26T17:30:00Z"), 70_000), status: "discarded" },
      // 04:00 UTC on the 26th is still the 25th in Bogotá
      sale("key-yesterday1", SELLER, new Date("2026-11-26T04:00:00Z"), 999_000),
    ];
    const queued = queuedToday(items, now);
    expect(queued.pending.map((s) => s.key)).toEqual(["key-today-001", "key-today-002"]);
    expect(queued.pendingTotal).toBe(200_000);
    expect(queued.blocked.map((s) => s.key)).toEqual(["key-today-003"]);
  });
});
