import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { appConfig } from "../config";
import { readClaims } from "../db/request-claims";
import { accountDb, markWrites } from "../db/shards";
import {
  canonical,
  decide,
  fingerprintOf,
  finishKey,
  isValidKey,
  KEY_IN_PROGRESS,
  KEY_INVALID,
  KEY_OUTCOME_UNKNOWN,
  KEY_REUSED,
  keyHolder,
  readKey,
  sha256Hex,
} from "../domain/shared/idempotency";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

/** Calls with no user to scope a key to, or whose body is raw bytes sent in parts. */
const NOT_KEYED = [
  "/api/v1/auth/auth/login-json",
  "/api/v1/public/",
  "/api/v1/superadmin/setup/",
  "/api/v1/admin/admin/inventory/video-uploads/parts",
];
const MAX_KEPT_BODY = 1024 * 1024;
/** Pauses while another request with the same key runs (about 8 s in all), then 409. */
const WAITS_MS = [25, 50, 100, 150, 250, 400, 600, 800, 1000, 1200, 1500, 2000];

type Content = { kind: "json"; body: unknown } | { kind: "form"; data: FormData } | { kind: "text"; text: string };

/** The request's parsed body (Hono caches it, so the route reads it again for free); null when unreadable. */
async function readContent(c: Context<AppEnv>): Promise<Content | null> {
  const type = (c.req.header("Content-Type") ?? "").toLowerCase();
  try {
    if (type.startsWith("application/json")) return { kind: "json", body: await c.req.json() };
    if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
      return { kind: "form", data: await c.req.formData() };
    }
    return { kind: "text", text: await c.req.text() };
  } catch {
    return null; // the route answers the malformed body itself
  }
}

function fieldKeyOf(content: Content | null): string | null {
  let value: unknown = null;
  if (content?.kind === "json" && content.body && typeof content.body === "object" && !Array.isArray(content.body)) {
    value = (content.body as Record<string, unknown>).idempotency_key;
  } else if (content?.kind === "form") {
    value = content.data.get("idempotency_key");
  }
  return typeof value === "string" ? value.trim() || null : null;
}

/**
 * The content as canonical text: JSON as canonical(), form fields sorted by name with files by their
 * name, type and bytes' hash (a retry of the same form has a new multipart boundary, so raw bytes
 * would not compare).
 */
async function canonicalText(content: Content): Promise<string> {
  if (content.kind === "json") return canonical(content.body);
  if (content.kind === "text") return content.text;
  const fields: Record<string, unknown[]> = {};
  for (const [name, value] of content.data.entries()) {
    const part =
      typeof value === "string"
        ? value
        : { file: value.name, type: value.type, sha256: await sha256Hex(await value.arrayBuffer()) };
    const list = fields[name] ?? [];
    list.push(part);
    fields[name] = list;
  }
  return canonical(fields);
}

async function userIdOf(c: Context<AppEnv>): Promise<number | null> {
  return (await readClaims(c, appConfig(c.env).jwtSecret))?.sub ?? null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first call's answer, as it was (a fresh Response: none of this call's headers carry over). */
function replayed(status: number, body: string) {
  return new Response(body, {
    status,
    headers: { "Content-Type": "application/json; charset=UTF-8", "Idempotent-Replayed": "true" },
  });
}

/** Whether a call may carry an Idempotency-Key: every state-changing route but sign-in, setup and public ones. */
export function takesIdempotencyKey(method: string, path: string): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  return !NOT_KEYED.some((prefix) => path.startsWith(prefix));
}

/**
 * Every state-changing call that carries an Idempotency-Key (header, or `idempotency_key` field) runs
 * once per user and key: see worker/domain/shared/idempotency.ts. Calls without a key pass through.
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const method = c.req.method;
  if (!takesIdempotencyKey(method, c.req.path)) return next();
  const header = c.req.header("Idempotency-Key")?.trim() || null;
  const content = await readContent(c);
  const key = header ?? fieldKeyOf(content);
  if (!key) return next();
  if (!isValidKey(key)) throw new ApiError(422, KEY_INVALID);
  const userId = await userIdOf(c);
  if (userId === null || !content) return next(); // the route refuses the call itself

  const db = accountDb(c);
  const url = new URL(c.req.url);
  const fingerprint = await fingerprintOf(method, `${url.pathname}${url.search}`, await canonicalText(content));
  // No round trip before the call: its first D1 write takes the key in the same transaction, or fails
  // when another call holds it (worker/db/commit-mark.ts; the TransferHub does the same with the holder).
  const holder = keyHolder(userId, key, fingerprint, new Date());
  c.set("idempotency", holder);
  markWrites(c, holder);
  await next();

  const res = c.res;
  const success = res.status >= 200 && res.status < 300;
  // A call through the TransferHub wrote with a copy of the holder: its row tells whether it was this call.
  const row = holder.committed ? null : await readKey(db, userId, key);
  const mine = holder.committed || row?.owner === holder.owner;
  if (mine) {
    const json = (res.headers.get("Content-Type") ?? "").includes("application/json");
    if (success && json) {
      const body = await res.clone().text();
      if (body.length <= MAX_KEPT_BODY) {
        // the answer does not wait for it: a retry meanwhile finds the key committed and waits
        afterAnswer(c, settle(finishKey(db, userId, key, holder.owner, res.status, body)));
      }
    }
    return;
  }
  // This call did not write the key: if another call holds it, answer as that call did.
  for (let attempt = 0, current = row; attempt <= WAITS_MS.length; attempt++) {
    const decision = decide(current, fingerprint, new Date());
    if (decision.kind === "free") return;
    if (decision.kind === "replay") {
      c.res = undefined;
      c.res = replayed(decision.status, decision.body);
      return;
    }
    if (decision.kind === "reused") throw new ApiError(422, KEY_REUSED);
    if (decision.kind === "lost") throw new ApiError(409, KEY_OUTCOME_UNKNOWN);
    const wait = WAITS_MS[attempt];
    if (wait === undefined) break;
    await sleep(wait);
    current = await readKey(db, userId, key);
  }
  throw new ApiError(409, KEY_IN_PROGRESS, { "Retry-After": "2" });
});

function settle(work: Promise<unknown>) {
  return work.catch((err: unknown) =>
    console.error(JSON.stringify({ level: "error", msg: "idempotency answer not kept", error: String(err) })),
  );
}

function afterAnswer(c: Context<AppEnv>, work: Promise<unknown>) {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // no execution context (a direct app.request in a test): the work still runs to its end
  }
}
