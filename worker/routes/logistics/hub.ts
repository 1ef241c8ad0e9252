import type { Context } from "hono";
import { tenantId } from "../../auth/tenant";
import { companyDb, continueAt } from "../../db/shards";
import type { Actor, TransitionPayload } from "../../domain/logistics/transfer-ops";
import { loadTransfer } from "../../domain/logistics/transfer-views";
import type { Action } from "../../domain/logistics/transfers/types";
import type { HubResult } from "../../durable/transfer-hub";
import type { AppEnv } from "../../env";
import { ApiError, notFound } from "../../lib/errors";

export function hubFor(env: Env, companyId: number) {
  return env.TRANSFER_HUB.get(env.TRANSFER_HUB.idFromName(`company:${companyId}`));
}

export function actorOf(c: Context<AppEnv>): Actor {
  const user = c.get("user");
  return { id: user.id, role: user.role, companyId: tenantId(c), locationId: user.locationId };
}

/** Runs one transition in the company's TransferHub and answers the updated transfer. */
export async function perform(c: Context<AppEnv>, transferId: number, action: Action, payload: TransitionPayload = {}) {
  const actor = actorOf(c);
  const result = await hubFor(c.env, actor.companyId).perform(transferId, action, actor, payload, c.get("idempotency"));
  if (!result.ok) throw new ApiError(result.status as ApiError["status"], result.detail);
  // read what the hub wrote, from where its writes left the shard
  continueAt(c, result.bookmark);
  const view = await loadTransfer(companyDb(c), actor.companyId, transferId);
  if (!view) throw notFound("Solicitud no encontrada");
  return view;
}

/** Answers the transfer or return a hub call created (the hub creates and announces it in turn). */
export async function created(c: Context<AppEnv>, result: HubResult<number>) {
  if (!result.ok) throw new ApiError(result.status as ApiError["status"], result.detail);
  continueAt(c, result.bookmark);
  const view = await loadTransfer(companyDb(c), tenantId(c), result.value);
  if (!view) throw notFound("Solicitud no encontrada");
  return view;
}

/**
 * After a write that filled an outbox (a numbered sale's or a return's electronic document, an alert
 * e-mail): the company's hub drains both outboxes a moment later, so a burst of sales is drained once
 * (the rows are already written; a receipt builds its CUDE on read; the hub's alarm retries what a drain
 * misses).
 */
export function drainOutboxesSoon(c: Context<AppEnv>, companyId: number): void {
  afterAnswer(c, companyId, hubFor(c.env, companyId).outboxesDue(companyId));
}

/** After the administrador changes the settings or re-sends a document: the drain starts now. */
export function issueDocumentsNow(c: Context<AppEnv>, companyId: number): void {
  afterAnswer(c, companyId, hubFor(c.env, companyId).issueDocuments(companyId));
}

function afterAnswer(c: Context<AppEnv>, companyId: number, work: Promise<unknown>): void {
  c.executionCtx.waitUntil(
    work.catch((err: unknown) => console.error(JSON.stringify({ outbox_drain: String(err), companyId }))),
  );
}
