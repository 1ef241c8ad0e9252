import { DurableObject } from "cloudflare:workers";
import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import type { Db } from "../db/client";
import type { KeyHolder } from "../db/commit-mark";
import { errorText, isGuardFailure } from "../db/guards";
import { transferRequests } from "../db/schema";
import { companyDbOf, forgetPlacement, hubDbOf } from "../db/shards";
import { sendDueAlerts } from "../domain/alerts/drain";
import { senderOf } from "../domain/alerts/transport";
import { issueDueDocuments } from "../domain/fiscal/issue";
import { received, sent, type TestProviderStore } from "../domain/fiscal/transmission/test-provider";
import {
  type Actor,
  applyAction,
  createReturn,
  createTransfer,
  type NewReturn,
  type NewTransfer,
  type TransferRow,
  type TransitionPayload,
} from "../domain/logistics/transfer-ops";
import { applyOrderAction } from "../domain/logistics/transfer-orders/act";
import { createOrder } from "../domain/logistics/transfer-orders/create";
import { pickLine } from "../domain/logistics/transfer-orders/pick";
import type { LineReception, NewOrder, OrderAction } from "../domain/logistics/transfer-orders/types";
import type { Action } from "../domain/logistics/transfers/types";
import { COMPANY_MOVING_MARK, DomainError } from "../lib/errors";
import { thrownRefusal } from "../lib/http";
import { fiscalProviderFor, testProviderStore } from "./fiscal-provider";

export type TransferEvent = {
  seq: number;
  type: "transfer.created" | "transfer.updated";
  transfer_id: number;
  status: string;
  action: Action | "create";
  request_type: string;
  source_location_id: number;
  destination_location_id: number;
  /** the restock order the transfer is a line of (null: a single transfer) */
  order_id: number | null;
  at: string;
};

/** A hub call's outcome; `bookmark` is where its writes left the shard (the Worker reads from there on). */
export type HubResult<T> =
  | { ok: true; value: T; bookmark: string | null }
  | { ok: false; status: number; detail: string };

const RECENT_EVENTS = 200;

/** The company's accepted requests that still hold a reservation (the alarm expires the lapsed ones). */
const reservedIn = (companyId: number) => [
  eq(transferRequests.companyId, companyId),
  eq(transferRequests.status, "accepted"),
  isNotNull(transferRequests.reservedUntil),
];

/** How long an outbox row waits for the others of its burst before the drain, and the pause between drains. */
const OUTBOX_BATCH_MS = 2_000;

/**
 * One per company. Performs every transfer transition one at a time (D1 calls are awaited I/O, so
 * the object's own single-threading is not enough: a promise queue serialises them), keeps the
 * company's warehouse, courier and seller screens connected over hibernatable WebSockets and pushes
 * each event to them, and expires 45-minute reservations with an alarm (only while no courier has taken
 * the request: a courier's acceptance clears reserved_until, so the clock stops under them).
 */
export class TransferHub extends DurableObject<Env> {
  #queue: Promise<unknown> = Promise.resolve();
  /** Electronic documents drain on their own queue: a slow provider never holds a transfer up. */
  #documents: Promise<unknown> = Promise.resolve();
  #testProvider: TestProviderStore | null = null;
  /** Alert e-mails drain on a queue of their own too (docs/alerts.md). */
  #alerts: Promise<unknown> = Promise.resolve();

  /** Sends the company's due alert e-mails; one drain at a time. Answers how many it sent. */
  async sendAlerts(companyId: number): Promise<number> {
    await this.#remember(companyId);
    const run = this.#alerts.then(async () => {
      const { sent, nextDueAt } = await sendDueAlerts(
        await companyDbOf(this.env, companyId),
        companyId,
        senderOf(this.env),
      );
      if (nextDueAt) {
        const paced = Math.max(Date.parse(nextDueAt), Date.now() + OUTBOX_BATCH_MS);
        await this.#scheduleExpiry(new Date(paced).toISOString());
      }
      return sent;
    });
    this.#alerts = run.catch(() => undefined);
    return run;
  }

  /**
   * Issues the company's due electronic documents (after a numbered sale or return, and from the alarm
   * while some wait); one drain at a time. Answers how many it looked at.
   */
  async issueDocuments(companyId: number): Promise<number> {
    await this.#remember(companyId);
    const run = this.#documents.then(() => this.#drainDocuments(companyId));
    this.#documents = run.catch(() => undefined);
    return run;
  }

  /**
   * After a write that filled an outbox (a numbered sale's or a return's document, an alert e-mail): the
   * alarm drains both a moment later, so a burst of sales costs one drain instead of one each (the write's
   * answer never waits on it either way).
   */
  async outboxesDue(companyId: number): Promise<void> {
    await this.#remember(companyId);
    await this.#scheduleExpiry(new Date(Date.now() + OUTBOX_BATCH_MS).toISOString());
  }

  /** What the local test provider made of a CUDE (tests: exactly once is 1 document, however many sends). */
  async testProviderCounts(cude: string): Promise<{ received: number; sent: number }> {
    const store = this.#testProvider;
    return { received: store ? received(store, cude) : 0, sent: store ? sent(store, cude) : 0 };
  }

  async #drainDocuments(companyId: number): Promise<number> {
    const db = await companyDbOf(this.env, companyId);
    const { issued, nextDueAt } = await issueDueDocuments(db, companyId, (settings) =>
      fiscalProviderFor(this.env, settings, () => {
        this.#testProvider ??= testProviderStore();
        return this.#testProvider;
      }),
    );
    // paced: the next drain comes OUTBOX_BATCH_MS after this one at the soonest, so a backlog (a busy
    // hour, a provider back from an outage) is issued in batches between the sales, not instead of them
    if (nextDueAt) {
      const paced = Math.max(Date.parse(nextDueAt), Date.now() + OUTBOX_BATCH_MS);
      await this.#scheduleExpiry(new Date(paced).toISOString());
    }
    return issued;
  }

  /** Used by health and diagnosis checks to prove the object answers. */
  async ping(): Promise<{ ok: true; at: string }> {
    return { ok: true, at: new Date().toISOString() };
  }

  #serialised<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async perform(
    transferId: number,
    action: Action,
    actor: Actor,
    payload: TransitionPayload,
    key?: KeyHolder,
  ): Promise<HubResult<number>> {
    return this.#serialised(async () => {
      try {
        const hub = await this.#db(actor.companyId, key);
        const { after, transition } = await applyAction(hub.db, transferId, action, actor, payload);
        await this.#remember(actor.companyId);
        if (after.reservedUntil) await this.#scheduleExpiry(after.reservedUntil);
        // a reception may have written a discrepancy's alert, an acceptance's reservation a low stock one (issue 37)
        if (transition.stock === "in" || transition.stock === "reserve") await this.outboxesDue(actor.companyId);
        await this.#broadcast("transfer.updated", after, action);
        return { ok: true, value: after.id, bookmark: hub.bookmark() };
      } catch (err) {
        return this.#refused(err, actor.companyId);
      }
    });
  }

  /** Applies one action to every line of a restock order it applies to, in one batch, in turn with the rest. */
  async performOrder(
    orderId: number,
    action: OrderAction,
    actor: Actor,
    payload: TransitionPayload,
    receptions: LineReception[],
    key?: KeyHolder,
  ): Promise<HubResult<number>> {
    return this.#serialised(async () => {
      try {
        const hub = await this.#db(actor.companyId, key);
        const { after } = await applyOrderAction(hub.db, orderId, action, actor, payload, receptions);
        await this.#remember(actor.companyId);
        const reserved = after.map((l) => l.reservedUntil).filter((u): u is string => u !== null);
        if (reserved.length > 0) await this.#scheduleExpiry(reserved.sort()[0] ?? "");
        // a reception may have written a discrepancy's alert, an acceptance's reservations a low stock one
        if (action === "confirm_reception" || action === "accept") await this.outboxesDue(actor.companyId);
        for (const line of after) await this.#broadcast("transfer.updated", line, action);
        return { ok: true, value: orderId, bookmark: hub.bookmark() };
      } catch (err) {
        return this.#refused(err, actor.companyId);
      }
    });
  }

  /** Creates a restock order with its lines, in turn with the company's other transfer changes. */
  async createOrder(actor: Actor, input: NewOrder, key?: KeyHolder): Promise<HubResult<number>> {
    return this.#serialised(async () => {
      try {
        const hub = await this.#db(actor.companyId, key);
        const orderId = await createOrder(hub.db, actor, input);
        await this.#remember(actor.companyId);
        const [line] = await hub.db
          .select()
          .from(transferRequests)
          .where(eq(transferRequests.orderId, orderId))
          .limit(1);
        // one event for the order: the screens reload their lists on it
        if (line) await this.#broadcast("transfer.created", line, "create");
        return { ok: true, value: orderId, bookmark: hub.bookmark() };
      } catch (err) {
        return this.#refused(err, actor.companyId, "create");
      }
    });
  }

  /** Puts a line of an order in the package (or takes it out), in turn with the order's hand-over. */
  async pickOrderLine(
    actor: Actor,
    orderId: number,
    transferId: number,
    picked: boolean,
    code: string | null,
    key?: KeyHolder,
  ): Promise<HubResult<number>> {
    return this.#serialised(async () => {
      try {
        const hub = await this.#db(actor.companyId, key);
        await pickLine(hub.db, actor, orderId, transferId, picked, code);
        return { ok: true, value: orderId, bookmark: hub.bookmark() };
      } catch (err) {
        return this.#refused(err, actor.companyId);
      }
    });
  }

  /**
   * A domain refusal becomes the hub's answer; so does, for a create, a guard that failed because another
   * call holds its Idempotency-Key (the Worker answers as that call did). Anything else is thrown (after a
   * company move, forgotten).
   */
  #refused(err: unknown, companyId: number, kind: "create" | "change" = "change"): HubResult<never> {
    const refusal = thrownRefusal(err);
    if (refusal) return { ok: false, status: refusal.status, detail: refusal.detail };
    if (kind === "create" && isGuardFailure(err)) return { ok: false, status: 409, detail: "Solicitud repetida" };
    forgetIfMoving(err, companyId);
    throw err;
  }

  /** Creates a transfer request (pairs or single feet) in turn with the company's other transfer changes. */
  async createTransfer(
    actor: Actor,
    destinationLocationId: number,
    input: NewTransfer,
    key?: KeyHolder,
  ): Promise<HubResult<number>> {
    return this.#created(actor, key, (db) => createTransfer(db, actor, destinationLocationId, input));
  }

  /** Creates a return of a completed transfer, in turn with a sale or another return of the same units. */
  async createReturn(actor: Actor, input: NewReturn, key?: KeyHolder): Promise<HubResult<number>> {
    return this.#created(actor, key, (db) => createReturn(db, actor, input));
  }

  /** The caller's Idempotency-Key goes in with the change's first write (db/commit-mark.ts). */
  #db(companyId: number, key: KeyHolder | undefined) {
    return hubDbOf(this.env, companyId, key);
  }

  #created(
    actor: Actor,
    key: KeyHolder | undefined,
    create: (db: Db) => Promise<TransferRow>,
  ): Promise<HubResult<number>> {
    return this.#serialised(async () => {
      try {
        const hub = await this.#db(actor.companyId, key);
        const row = await create(hub.db);
        await this.#remember(actor.companyId);
        await this.#broadcast("transfer.created", row, "create");
        return { ok: true, value: row.id, bookmark: hub.bookmark() };
      } catch (err) {
        return this.#refused(err, actor.companyId, "create");
      }
    });
  }

  /** Events after `seq`, for a client that reconnects and wants what it missed. */
  async eventsSince(seq: number): Promise<TransferEvent[]> {
    const events = (await this.ctx.storage.get<TransferEvent[]>("events")) ?? [];
    return events.filter((e) => e.seq > seq);
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket")
      return new Response("Se esperaba un WebSocket", { status: 426 });
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    const tags = ["user", "role", "location"].map((k) => `${k}:${request.headers.get(`X-Hub-${k}`) ?? ""}`);
    this.ctx.acceptWebSocket(server, tags);
    const seq = (await this.ctx.storage.get<number>("seq")) ?? 0;
    server.send(JSON.stringify({ type: "hello", seq }));
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === "ping") ws.send("pong");
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    // 1005/1006 are reserved and cannot be sent back
    if (code !== 1005 && code !== 1006) ws.close(code, reason);
  }

  override async alarm(): Promise<void> {
    const companyId = await this.ctx.storage.get<number>("companyId");
    if (companyId === undefined) return;
    const now = new Date();
    const db = await companyDbOf(this.env, companyId);
    const expired = await db
      .select({ id: transferRequests.id })
      .from(transferRequests)
      .where(and(...reservedIn(companyId), lte(transferRequests.reservedUntil, now.toISOString())))
      .orderBy(asc(transferRequests.reservedUntil));
    for (const { id } of expired) {
      await this.#serialised(async () => {
        try {
          const { after } = await applyAction(db, id, "expire_reservation", "system", {}, now);
          await this.#broadcast("transfer.updated", after, "expire_reservation");
        } catch (err) {
          // a transfer handed over in the meantime is simply not expired
          if (!(err instanceof DomainError)) throw err;
        }
      });
    }
    const [next] = await db
      .select({ until: transferRequests.reservedUntil })
      .from(transferRequests)
      .where(and(...reservedIn(companyId)))
      .orderBy(asc(transferRequests.reservedUntil))
      .limit(1);
    if (next?.until) await this.ctx.storage.setAlarm(Date.parse(next.until));
    // documents waiting for a retry or DIAN's answer (their drain sets the alarm again when earlier)
    // and alert e-mails due (an event's, a retry's, the day's digest): one failing does not hold the other
    const drains = await Promise.allSettled([this.issueDocuments(companyId), this.sendAlerts(companyId)]);
    for (const drain of drains) if (drain.status === "rejected") throw drain.reason;
  }

  async #remember(companyId: number) {
    if ((await this.ctx.storage.get<number>("companyId")) === undefined)
      await this.ctx.storage.put("companyId", companyId);
  }

  async #scheduleExpiry(untilIso: string) {
    const at = Date.parse(untilIso);
    const current = await this.ctx.storage.getAlarm();
    if (current === null || at < current) await this.ctx.storage.setAlarm(at);
  }

  async #broadcast(
    type: TransferEvent["type"],
    row: typeof transferRequests.$inferSelect,
    action: TransferEvent["action"],
  ) {
    const seq = ((await this.ctx.storage.get<number>("seq")) ?? 0) + 1;
    const event: TransferEvent = {
      seq,
      type,
      transfer_id: row.id,
      status: row.status,
      action,
      request_type: row.requestType,
      source_location_id: row.sourceLocationId,
      destination_location_id: row.destinationLocationId,
      order_id: row.orderId,
      at: new Date().toISOString(),
    };
    const events = ((await this.ctx.storage.get<TransferEvent[]>("events")) ?? []).slice(-(RECENT_EVENTS - 1));
    await this.ctx.storage.put({ seq, events: [...events, event] });
    const text = JSON.stringify(event);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
      } catch {
        // a socket closing at this moment misses the push; it resyncs with eventsSince on reconnect
      }
    }
  }
}

/** The company's source shard refused the write (a move): the hub reads the directory again next time. */
function forgetIfMoving(err: unknown, companyId: number): void {
  if (errorText(err).includes(COMPANY_MOVING_MARK)) forgetPlacement(companyId);
}
