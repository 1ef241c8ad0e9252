import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BOOKMARK_HEADER, bookmarkHeader, isBookmark, parseBookmark } from "../../shared/bookmark";
import { companies } from "../../worker/db/schema";
import { api, DEMO, db, locationNamed, login, priceOf, setPairs } from "./support/helpers";

// Issue 34 "Reads near the user": every API call runs on a D1 session of its company's database; the
// answer carries the session's bookmark (X-D1-Bookmark) and the caller sends the newest one back, so a
// read served by a replica is never older than the caller's own last write. Locally there is one copy,
// but the session path and the bookmark's round trip are the production ones.

const REF = "VANSAUTH-01";
const SIZE = "39";

describe("the company database's session bookmark (X-D1-Bookmark)", () => {
  it("a sale's answer carries a bookmark; sent back, today's sales include the sale and the bookmark never goes back", async () => {
    const token = await login(DEMO.seller);
    const before = await api("/api/v1/sales/today", { token });
    const first = before.headers.get(BOOKMARK_HEADER);
    expect(isBookmark(first), String(first)).toBe(true);

    const [demo] = await db().select({ id: companies.id }).from(companies).where(eq(companies.subdomain, "demo"));
    const centro = await locationNamed("Local Centro");
    await setPairs(demo?.id ?? 0, REF, centro.id, SIZE, 2);
    const price = await priceOf(REF);
    const sold = await api("/api/v1/sales/create", {
      method: "POST",
      token,
      headers: { [BOOKMARK_HEADER]: first ?? "", "Idempotency-Key": crypto.randomUUID() },
      json: {
        items: [{ sneaker_reference_code: REF, size: SIZE, quantity: 1, unit_price: price }],
        payment_methods: [{ payment_type: "efectivo", amount: price }],
        total_amount: price,
      },
    });
    const written = sold.headers.get(BOOKMARK_HEADER);
    expect(sold.status, await sold.clone().text()).toBe(201);
    const sale = (await sold.json()) as { sale_id: number };
    expect(isBookmark(written), String(written)).toBe(true);
    expect((written ?? "") >= (first ?? ""), `${written} after ${first}`).toBe(true);

    const after = await api("/api/v1/sales/today", { token, headers: { [BOOKMARK_HEADER]: written ?? "" } });
    expect(after.status).toBe(200);
    const today = (await after.json()) as { sales: { id: number }[] };
    expect(today.sales.map((s) => s.id)).toContain(sale.sale_id);
    expect((after.headers.get(BOOKMARK_HEADER) ?? "") >= (written ?? "")).toBe(true);
  });

  // with one local copy every read is at the primary: this guards the round trip (a bookmark of the shard,
  // past the hub's write, that brings the request back); tests/domain/hub-bookmark.test.ts checks that the
  // Worker reads on from the hub's bookmark
  it("a transfer made by the TransferHub (its own connection) answers the bookmark where the hub's write left the shard", async () => {
    const token = await login(DEMO.seller);
    const [demo] = await db().select({ id: companies.id }).from(companies).where(eq(companies.subdomain, "demo"));
    const principal = await locationNamed("Bodega Principal");
    await setPairs(demo?.id ?? 0, REF, principal.id, SIZE, 3);
    // the primary's position before the call: the hub's write moves it on
    const probe = env.SHARD_1.withSession("first-primary");
    await probe.prepare("SELECT 1").first();
    const before = parseBookmark(bookmarkHeader("SHARD_1", probe.getBookmark() ?? ""));
    const res = await api("/api/v1/transfers/request", {
      method: "POST",
      token,
      headers: { "Idempotency-Key": crypto.randomUUID() },
      json: {
        source_location_id: principal.id,
        sneaker_reference_code: REF,
        size: SIZE,
        quantity: 1,
        purpose: "cliente",
        pickup_type: "corredor",
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const answered = parseBookmark(res.headers.get(BOOKMARK_HEADER));
    expect(answered?.database).toBe("SHARD_1");
    expect(
      (answered?.bookmark ?? "") > (before?.bookmark ?? ""),
      `${answered?.bookmark} after ${before?.bookmark}`,
    ).toBe(true);
    // sent back, the seller's own requests include it
    const mine = await api("/api/v1/transfers/my-requests", {
      token,
      headers: { [BOOKMARK_HEADER]: res.headers.get(BOOKMARK_HEADER) ?? "" },
    });
    const body = (await mine.json()) as { requests?: { id: number }[]; transfers?: { id: number }[] };
    const created = (await res.clone().json()) as { id?: number; transfer?: { id: number } };
    const createdId = created.transfer?.id ?? created.id;
    expect(JSON.stringify(body)).toContain(`"id":${createdId}`);
  });

  it("ignores a malformed bookmark: the call answers as without one, with a bookmark of its own", async () => {
    const token = await login(DEMO.seller);
    for (const bad of ["garbage", "00000000-000000d1", "' OR 1=1 --", "x".repeat(300)]) {
      const res = await api("/api/v1/sales/today", { token, headers: { [BOOKMARK_HEADER]: bad } });
      expect(res.status).toBe(200);
      expect(isBookmark(res.headers.get(BOOKMARK_HEADER))).toBe(true);
    }
  });

  it("ignores the bench's X-Bench-D1 (no delay, no counts) in a Worker started without BENCH_D1", async () => {
    const token = await login(DEMO.seller);
    const res = await api("/api/v1/sales/today", { token, headers: { "X-Bench-D1": "delay=1000" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-D1-Calls")).toBeNull();
    expect(res.headers.get("X-D1-Round-Trips")).toBeNull();
  });

  it("a call that never reached its company's database answers no bookmark (a refused token)", async () => {
    const refused = await api("/api/v1/sales/today");
    expect(refused.status).toBe(401);
    expect(refused.headers.get(BOOKMARK_HEADER)).toBeNull();
  });
});
