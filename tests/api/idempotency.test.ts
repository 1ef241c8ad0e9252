// The Idempotency-Key on any route (lib/idempotency.ts, domain/shared/idempotency.ts): a retry answers the
// first call, another body or user or an expired key does not, and a call in flight holds its key.
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createDb } from "../../worker/db/client";
import { withCommitMark } from "../../worker/db/commit-mark";
import { isGuardFailure } from "../../worker/db/guards";
import { idempotencyKeys, locations, users } from "../../worker/db/schema";
import { canonical, fingerprintOf, keyHolder } from "../../worker/domain/shared/idempotency";
import { brokenInvariants } from "../../worker/domain/shared/invariants";
import { api, DEMO, db, expectError, form, jpeg, login } from "./support/helpers";
import { N } from "./support/race-cases";
import {
  addStock,
  centro,
  companyId,
  count,
  P,
  PRICE,
  post,
  principal,
  REF,
  raceData,
  returnBody,
  SIZE,
  saleBody,
  seller,
  soldLine,
  succeeds,
  transferBody,
  unique,
} from "./support/race-fixtures";

// each case walks objects through several calls and checks every invariant after it
vi.setConfig({ testTimeout: 60_000 });

beforeAll(raceData);

describe("Idempotency-Key", () => {
  it("a client's key never collides with a key the server derives, and a taken derived key ends in a 409 within 2 s", async () => {
    const token = await seller();
    const key = unique("cambio-cliente");
    /** The exchange of one pair for the same pair (no money moves), and a ping beside it. */
    const exchangeWithPing = async (line: { id: number; item: number }, returnKey: string) => {
      await addStock(REF, centro, SIZE, 1);
      const exchange = { items: [{ sneaker_reference_code: REF, size: SIZE, quantity: 1 }] };
      const within = (ms: number) =>
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`sin respuesta en ${ms} ms`)), ms));
      return Promise.race([
        Promise.all([
          post(`${P}/sale-returns`, token, returnBody(line, { exchange, refund_method: undefined }), {
            "Idempotency-Key": returnKey,
          }),
          api(`${P}/ping`),
        ]),
        within(2000),
      ]);
    };
    // a sale made with the key the exchange's sale once derived ("cambio:<key>"): the exchange still goes through
    await addStock(REF, centro, SIZE, 1);
    await succeeds(await post(`${P}/sales/create`, token, saleBody(), { "Idempotency-Key": `cambio:${key}` }));
    const [swapped, ping] = await exchangeWithPing(await soldLine(), key);
    expect(swapped.status, await swapped.clone().text()).toBe(201);
    expect(ping.status).toBe(200);

    // the derived key itself taken (written past the API): a clear 409, not a request that never ends
    const other = unique("cambio-tomado");
    const taken = await count(sql`SELECT id AS n FROM sales WHERE company_id = ${companyId} ORDER BY id DESC LIMIT 1`);
    await db().run(sql`UPDATE sales SET idempotency_key = ${`cambio ${other}`} WHERE id = ${taken}`);
    const [refused, alive] = await exchangeWithPing(await soldLine(), other);
    await expectError(refused, 409, /vuelve a intentarlo/);
    expect(alive.status).toBe(200);
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("with another body is refused (422) and creates nothing: a 2-pair sale with the key of a 1-pair sale", async () => {
    await addStock(REF, centro, SIZE, 3);
    const token = await seller();
    const key = unique("clave-otra");
    const first = await post(`${P}/sales/create`, token, saleBody(), { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const sales = () => count(sql`SELECT COUNT(*) AS n FROM sales WHERE company_id = ${companyId}`);
    const before = await sales();
    const other = await post(
      `${P}/sales/create`,
      token,
      saleBody({
        items: [{ sneaker_reference_code: REF, size: SIZE, quantity: 2, unit_price: PRICE }],
        payment_methods: [{ payment_type: "efectivo", amount: 2 * PRICE }],
        total_amount: 2 * PRICE,
      }),
      { "Idempotency-Key": key },
    );
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({ detail: "La clave de idempotencia ya se usó con otros datos" });
    expect(await sales()).toBe(before);
  });

  it("is also read from the idempotency_key field, and a multipart retry (new boundary) is the same call", async () => {
    await addStock(REF, centro, SIZE, 2);
    const token = await seller();
    const key = unique("clave-campo");
    const send = () =>
      api(`${P}/sales/create`, {
        method: "POST",
        token,
        body: form({
          items: JSON.stringify(saleBody().items),
          payment_methods: JSON.stringify(saleBody().payment_methods),
          total_amount: String(PRICE),
          idempotency_key: key,
          receipt_image: jpeg(),
        }),
      });
    const [a, b] = [await send(), await send()];
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await b.text()).toBe(await a.text());
  });

  it("is scoped to its user: a colleague's identical key runs their own call", async () => {
    const key = unique("clave-colega");
    const a = await post(
      `${P}/expenses/create`,
      await seller(),
      { concept: "Taxi", amount: 9000 },
      { "Idempotency-Key": key },
    );
    const b = await post(
      `${P}/expenses/create`,
      await login("vendedor2@demo.horma.co"),
      { concept: "Taxi", amount: 9000 },
      { "Idempotency-Key": key },
    );
    expect(a.status).toBe(201);
    // the expense table's own key is per company: the colleague is told, nothing is replayed to them
    expect([201, 409]).toContain(b.status);
    expect(b.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("lets a refused call run again with the same key (errors are not kept)", async () => {
    const token = await seller();
    const key = unique("clave-error");
    const body = saleBody({
      items: [{ sneaker_reference_code: REF, size: "13", quantity: 1, unit_price: PRICE }],
    });
    expect((await post(`${P}/sales/create`, token, body, { "Idempotency-Key": key })).status).toBe(409);
    await addStock(REF, centro, "13", 1);
    expect((await post(`${P}/sales/create`, token, body, { "Idempotency-Key": key })).status).toBe(201);
  });

  it("expires after 24 hours: the same key then makes a new call", async () => {
    const token = await seller();
    const key = unique("clave-vieja");
    const request = () =>
      post(`${P}/discounts/request`, token, { amount: 3000, reason: "Cliente fiel" }, { "Idempotency-Key": key });
    const requests = () => count(sql`SELECT COUNT(*) AS n FROM discount_requests WHERE company_id = ${companyId}`);
    expect((await request()).status).toBe(201);
    const replayed = await request();
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    const before = await requests();
    await db()
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(idempotencyKeys.key, key));
    const again = await request();
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await requests()).toBe(before + 1);
  });

  it("answers 409 with Retry-After while a first call with the key is still running, and creates nothing", async () => {
    const token = await seller();
    const [me] = await db().select({ id: users.id }).from(users).where(eq(users.email, DEMO.seller));
    const key = unique("clave-en-curso");
    const body = { concept: "Taxi", amount: 7000 };
    const now = Date.now();
    await db()
      .insert(idempotencyKeys)
      .values({
        userId: me?.id ?? 0,
        key,
        fingerprint: await fingerprintOf("POST", `${P}/expenses/create`, canonical(body)),
        owner: "otra-solicitud",
        state: "committed",
        createdAt: new Date(now).toISOString(),
        lockedUntil: new Date(now + 60_000).toISOString(),
        expiresAt: new Date(now + 86_400_000).toISOString(),
      });
    const expenses = () => count(sql`SELECT COUNT(*) AS n FROM expenses WHERE company_id = ${companyId}`);
    const before = await expenses();
    const res = await post(`${P}/expenses/create`, token, body, { "Idempotency-Key": key });
    expect(res.status).toBe(409);
    expect(res.headers.get("Retry-After")).toBe("2");
    await expectError(res, 409, /todavía está en proceso/);
    expect(await expenses()).toBe(before);
  });

  it("never runs a create twice when its Worker died after the write but before the answer was kept", async () => {
    const token = await seller();
    const [me] = await db().select({ id: users.id }).from(users).where(eq(users.email, DEMO.seller));
    const userId = me?.id ?? 0;
    const key = unique("clave-caida");
    const body = transferBody("corredor");
    const fingerprint = await fingerprintOf("POST", `${P}/transfers/request`, canonical(body));
    // the route's create goes through the hub with the key (its insert writes the key, committed) ...
    const actor = { id: userId, role: "seller" as const, companyId, locationId: centro };
    const hub = env.TRANSFER_HUB.get(env.TRANSFER_HUB.idFromName(`company:${companyId}`));
    const created = await hub.createTransfer(
      actor,
      centro,
      {
        sourceLocationId: principal,
        referenceCode: REF,
        size: SIZE,
        quantity: 1,
        purpose: "restock",
        pickupType: "corredor",
        destinationType: "exhibicion",
        footSide: null,
        notes: null,
      },
      keyHolder(userId, key, fingerprint, new Date()),
    );
    expect(created.ok).toBe(true);
    // ... and the Worker dies: the answer is never kept. A minute later the phone retries.
    await db()
      .update(idempotencyKeys)
      .set({ lockedUntil: new Date(Date.now() - 1000).toISOString() })
      .where(eq(idempotencyKeys.key, key));
    const transfers = () => count(sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE company_id = ${companyId}`);
    const before = await transfers();
    const retry = await post(`${P}/transfers/request`, token, body, { "Idempotency-Key": key });
    expect(retry.status).toBe(409);
    await expectError(retry, 409, /ya se registró/);
    expect(await transfers()).toBe(before);
  });

  it("goes in with exactly one of ten writes at once that carry it (the store's own race)", async () => {
    const key = unique("clave-primera");
    const attempts = Array.from({ length: N }, () => {
      const keyed = createDb(withCommitMark(env.SHARD_1, keyHolder(424242, key, "huella", new Date())));
      return keyed
        .update(locations)
        .set({ phone: sql`${locations.phone}` })
        .where(eq(locations.id, centro))
        .then(
          () => "escrita",
          (err: unknown) => (isGuardFailure(err) ? "clave ocupada" : String(err)),
        );
    });
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o === "escrita")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "clave ocupada")).toHaveLength(N - 1);
  });

  it("refuses a malformed key (422) before doing anything", async () => {
    const res = await post(
      `${P}/expenses/create`,
      await seller(),
      { concept: "Taxi", amount: 1000 },
      { "Idempotency-Key": "corta" },
    );
    expect(res.status).toBe(422);
  });
});
