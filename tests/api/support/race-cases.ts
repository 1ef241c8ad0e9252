/**
 * Every state change happens exactly once, whatever arrives at the same moment. Every state-changing
 * route of the real route table is listed in its context's race table (tests/api/<context>/race-routes.ts)
 * with its race cases, or exempt with its reason (a new route without an entry fails
 * tests/api/route-coverage.test.ts). Each route with cases gets, generated from its entry (describeRaces):
 * - ten identical requests at once with ONE Idempotency-Key: all answer the same success, and the
 *   effect happens once;
 * - ten identical requests at once without a key: a transition succeeds once (the others 409), a
 *   create creates exactly as many as succeeded;
 * and the conflicting pairs of each context's races.test.ts fire two different transitions of one object
 * together. After every case the invariants of worker/domain/shared/invariant-sql.ts hold.
 */
import { describe, expect, it } from "vitest";
import { brokenInvariants } from "../../../worker/domain/shared/invariants";
import app from "../../../worker/index";
import { thrownRefusal } from "../../../worker/lib/http";
import { accountRow, DEMO, db } from "./helpers";
import { centro, companyId, PRICE, unique } from "./race-fixtures";

export const N = 10;

export interface Prepared {
  /** one call of the route; `headers` carries the Idempotency-Key when the case uses one */
  send: (headers: Record<string, string>) => Promise<Response>;
  /** a number that moves by one each time the route's effect really happens */
  effect: () => Promise<number>;
}

export interface Subject {
  prepare: () => Promise<Prepared>;
  /** without a key: a transition happens once (the rest 409); a create once per success */
  withoutKey: "once" | "each";
  /** statuses the losers of a "once" race may get besides 409 (e.g. a courier's 403 for a taken request) */
  losers?: number[];
}

export type Entry = Subject | { exempt: string };

export const transition = (
  stage: () => Promise<number>,
  call: (id: number, h: Record<string, string>) => Promise<Response>,
  effect: (id: number) => Promise<number>,
  losers?: number[],
): Subject => ({
  withoutKey: "once",
  losers,
  prepare: async () => {
    const id = await stage();
    return { send: (h) => call(id, h), effect: () => effect(id) };
  },
});

export const create = (
  call: (h: Record<string, string>) => Promise<Response>,
  effect: () => Promise<number>,
  withoutKey: "once" | "each" = "each",
): Subject => ({
  withoutKey,
  prepare: async () => ({ send: call, effect }),
});

export const STATE_CHANGING = [
  ...new Set(
    app.routes.filter((r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method)).map((r) => `${r.method} ${r.path}`),
  ),
];

export async function invariantsHold() {
  expect(await brokenInvariants(db())).toEqual({});
}

export async function burst(n: number, send: () => Promise<Response>) {
  const answers = await Promise.all(Array.from({ length: n }, send));
  return Promise.all(
    answers.map(async (r) => ({
      status: r.status,
      body: await r.text(),
      replayed: r.headers.get("Idempotent-Replayed"),
    })),
  );
}

/** The generated cases of a context's table: ten requests at once with one key, and without a key. */
export function describeRaces(routes: Record<string, Entry>) {
  const SUBJECTS = Object.entries(routes).filter((e): e is [string, Subject] => !("exempt" in e[1]));

  describe.each(SUBJECTS)("%s", (_route, subject) => {
    it(`${N} identical requests at once with one Idempotency-Key: one effect, the same answer to all`, async () => {
      const prepared = await subject.prepare();
      const before = await prepared.effect();
      const key = unique("clave-carrera");
      const answers = await burst(N, () => prepared.send({ "Idempotency-Key": key }));
      const first = answers[0];
      expect(first?.status, first?.body).toBeLessThan(300);
      for (const answer of answers) {
        expect(answer.status, answer.body).toBe(first?.status);
        expect(answer.body).toBe(first?.body);
      }
      expect(answers.filter((a) => a.replayed === "true")).toHaveLength(N - 1);
      expect((await prepared.effect()) - before).toBe(1);
      await invariantsHold();
    });

    it(`${N} identical requests at once without a key: ${subject.withoutKey === "once" ? "exactly one succeeds" : "each success creates one"}`, async () => {
      const prepared = await subject.prepare();
      const before = await prepared.effect();
      const answers = await burst(N, () => prepared.send({}));
      const wins = answers.filter((a) => a.status < 300);
      const losers = answers.filter((a) => a.status >= 300);
      for (const lost of losers) expect([409, ...(subject.losers ?? [])], lost.body).toContain(lost.status);
      if (subject.withoutKey === "once") expect(wins).toHaveLength(1);
      else expect(wins.length).toBeGreaterThan(0);
      expect((await prepared.effect()) - before).toBe(wins.length);
      await invariantsHold();
    });
  });
}

export async function pair(a: () => Promise<Response>, b: () => Promise<Response>) {
  const [x, y] = await Promise.all([a(), b()]);
  return [
    { status: x.status, body: await x.text() },
    { status: y.status, body: await y.text() },
  ];
}

export function oneWins(answers: { status: number; body: string }[]) {
  const wins = answers.filter((a) => a.status < 300);
  expect(wins, JSON.stringify(answers)).toHaveLength(1);
  for (const lost of answers.filter((a) => a.status >= 300)) expect(lost.status, lost.body).toBe(409);
  return answers.findIndex((a) => a.status < 300);
}

// the helpers of the interleaved races (interleave.ts): the domain called between a check and a write
export async function sellerActor() {
  const u = await accountRow(DEMO.seller);
  if (!u) throw new Error("seller");
  return {
    id: u.id,
    role: u.role,
    companyId,
    locationId: centro,
    locationName: "Local Centro",
    firstName: u.firstName,
    lastName: u.lastName,
  };
}
export const returnInput = (originalTransferId: number) => ({
  originalTransferId,
  reason: "no_sale" as const,
  quantity: 1,
  condition: "good" as const,
  pickupType: "corredor" as const,
  notes: null,
});
export const saleInput = (transferId: number) => ({
  transferId,
  totalAmount: PRICE,
  payments: [{ payment_type: "efectivo" as const, amount: PRICE }],
  notes: null,
  idempotencyKey: unique("venta-transferencia"),
});
// the status the refusal the domain threw is answered with (worker/lib/http.ts, the one mapping)
export const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (err: unknown) => thrownRefusal(err)?.status ?? 500,
  );
