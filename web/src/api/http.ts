import { type ClientResponse, hc, type InferRequestType, type InferResponseType } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { AppType } from "~worker";
import { BOOKMARK_HEADER, parseBookmark } from "../../../shared/bookmark";
import { companyHeaders } from "../lib/actingCompany";
import { notifySessionExpired, sessionAtom, signOutAtom } from "../lib/session";
import { appStore } from "../lib/store";

export const NETWORK_ERROR = "Error de conexión. Intenta nuevamente.";
export const INVALID_RESPONSE = "Respuesta inválida del servidor";

/** A failed call. kind "network": no answer; "invalid": an unreadable answer; "http": error status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly kind: "http" | "network" | "invalid" = "http",
    /** The server's own `detail` text, when it sent one. */
    readonly detail: string | null = null,
    /** The error answer as sent (a 503 diagnosis still carries its checks). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The Worker answers errors as { detail: "mensaje" } (design §4). */
function detailOf(payload: unknown): string | null {
  if (payload && typeof payload === "object" && "detail" in payload) {
    const { detail } = payload;
    if (typeof detail === "string" && detail.trim()) return detail;
  }
  return null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The headers every API call carries: the acting company and, with a session, the bearer token. */
export function authHeaders(extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  for (const [name, value] of Object.entries(companyHeaders())) headers.set(name, value);
  const session = appStore.get(sessionAtom);
  if (session) headers.set("Authorization", `Bearer ${session.token}`);
  return headers;
}

/**
 * An error answer as an ApiError with the server's `detail`; a 401 on the token still in use (the
 * request's `Authorization` value) ends the session, but not a newer login's.
 */
export function apiFailure(status: number, payload: unknown, authorization: string | null): ApiError {
  const session = appStore.get(sessionAtom);
  if (status === 401 && session && authorization === `Bearer ${session.token}`) {
    appStore.set(signOutAtom);
    notifySessionExpired();
  }
  const detail = detailOf(payload);
  return new ApiError(status, detail ?? `Error ${status}`, "http", detail, payload);
}

/**
 * The one fetch of the typed client: adds the session's headers, turns a failed connection into a
 * "network" ApiError and an error status into an "http" ApiError with the server's `detail`.
 */
export function apiFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  return send(input, init, authHeaders(init.headers));
}

/** The same without the session (the first superuser's setup is protected by the installation secret). */
function anonymousFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  return send(input, init, new Headers(init.headers));
}

/**
 * The newest D1 bookmark an answer carried (shared/bookmark.ts), for the account and company it came
 * from: sent back with their next calls, so what this phone reads next is at least as fresh as what it
 * last wrote, even from a replica. Another account or company starts without one (another database).
 */
let held: { scope: string; bookmark: string } | null = null;

function bookmarkScope(headers: Headers): string {
  return `${headers.get("Authorization") ?? ""}|${headers.get("X-Company-Id") ?? ""}`;
}

/** Keeps an answer's bookmark when it is newer than the one held for that scope (they sort by position). */
function rememberBookmark(scope: string, bookmark: string | null): void {
  const fresh = parseBookmark(bookmark);
  if (!fresh || bookmark === null) return;
  const current = held?.scope === scope ? parseBookmark(held.bookmark) : null;
  // bookmarks of one database sort by position; one of another database (the company moved) replaces it
  if (!current || current.database !== fresh.database || fresh.bookmark > current.bookmark) held = { scope, bookmark };
}

/** The bookmark the next call of the current session sends (null before any answer). */
export function currentBookmark(): string | null {
  return held?.bookmark ?? null;
}

async function send(input: RequestInfo | URL, init: RequestInit, headers: Headers): Promise<Response> {
  headers.set("Accept", "application/json");
  const scope = bookmarkScope(headers);
  if (held?.scope === scope && !headers.has(BOOKMARK_HEADER)) headers.set(BOOKMARK_HEADER, held.bookmark);
  let response: Response;
  try {
    response = await fetch(input, { ...init, headers });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, NETWORK_ERROR, "network");
  }
  rememberBookmark(scope, response.headers.get(BOOKMARK_HEADER));
  if (!response.ok) throw apiFailure(response.status, await readJson(response), headers.get("Authorization"));
  return response;
}

/** The Worker's routes as typed calls: `api.vendor.dashboard.$get()`; types come from worker/index.ts. */
export const api = hc<AppType>("/", { fetch: apiFetch }).api.v1;
/** The routes a caller without a session uses as such. */
export const anonymousApi = hc<AppType>("/", { fetch: anonymousFetch }).api.v1;

// biome-ignore lint/suspicious/noExplicitAny: matches any route call of the typed client
type RouteCall = (...args: any[]) => Promise<ClientResponse<unknown, number, string>>;

/** The answer of a route when it succeeds (what `call` resolves to). */
export type Answer<F extends RouteCall> = InferResponseType<F, SuccessStatusCode>;
/** The input (json, form, query, param) a route takes. */
export type Input<F extends RouteCall> = InferRequestType<F>;
/** The JSON body a route takes; a route that also reads multipart validates its form with the same schema. */
export type Body<F extends RouteCall> = Input<F> extends { json?: infer J } ? NonNullable<J> : never;

/** Awaits a typed call and reads its JSON answer; an unreadable answer is an "invalid" ApiError. */
export async function call<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<R extends ClientResponse<infer T, infer S, "json"> ? (S extends SuccessStatusCode ? T : never) : never> {
  const response = await request;
  const payload = await readJson(response as unknown as Response);
  if (payload === null) throw new ApiError(response.status, INVALID_RESPONSE, "invalid");
  return payload as never;
}

/** Request options of a read: the screen's abort signal. */
export const withSignal = (signal?: AbortSignal) => ({ init: { signal } });

/** Request options of a create: the form's Idempotency-Key (a retry answers the first result). */
export const withKey = (idempotencyKey: string) => ({ headers: { "Idempotency-Key": idempotencyKey } });

/** A numeric id as the `:id` path parameter. */
export const byId = (id: number) => ({ id: String(id) });

/** Query values as the URL carries them; empty ones are left out. */
export function query<T extends Record<string, string | number | boolean | null | undefined>>(params: T) {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== "") out[key] = String(value);
  }
  return out as { [K in keyof T]?: string };
}
