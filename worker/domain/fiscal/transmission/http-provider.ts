// Horma's reference adapter: a technology provider behind a small JSON HTTP API. Real providers differ
// (their own routes, fields, callbacks and error codes): a deployment writes one adapter per provider against
// `FiscalProvider` (provider.ts). This API is the one the local test provider (test-provider.ts) answers,
// and a gateway in front of a real provider can offer it as is.
//
// POST {baseUrl}/documents
//   Authorization: Bearer <token>
//   Idempotency-Key: <cude>
//   Content-Type: application/json
//   { "cude": "…", "number": "FA1000", "kind": "pos" | "adjustment", "xml_base64": "<the XML's UTF-8 bytes>" }
// → 201 { "state": "accepted", "provider_ref": "…" | null, "accepted_at": "<ISO>" }   DIAN validated it
// → 202 { "state": "received", "provider_ref": "…" | null }     the provider has it, DIAN's answer comes later
// → 409 { "error": "duplicate", "document": <state> }           the provider holds this CUDE (received or
//       accepted): nothing new was made; <state> is the first send's. The adapter reads it with GET (one
//       source of the truth). A CUDE it rejected may come again with corrected data and is validated anew.
// → 422 { "state": "rejected", "reason": "Regla FAD06: …" }     the data must be fixed
// → 401/403 wrong credentials; 408, 429, 5xx the provider is busy or down: all are tried again later.
// A repeated Idempotency-Key may also replay the first answer (same status and body) instead of a 409: it is
// read as the same state. Either way the provider keeps one document per CUDE.
//
// GET {baseUrl}/documents/:cude   (Authorization: Bearer <token>)
// → 200 <state> = { "cude", "number", "state": "received" | "accepted" | "rejected",
//                   "provider_ref": "…" | null, "accepted_at": "<ISO>" | null, "reason": "…" | null }
// → 404 the provider has no document with that CUDE
//
// A timeout (AbortSignal.timeout), a network error, or any answer not listed above is a `retry`: the
// document stays to be sent, and the next send carries the same CUDE, so a send that timed out after the
// provider took it is answered as the first one was.
import { utf8ToBase64 } from "./base64";
import type { FiscalProvider, ProviderDocument, SendOutcome, StatusOutcome } from "./provider";

export interface HttpProviderOptions {
  baseUrl: string;
  token: string;
  /** The fetch to call: a service binding, or a test server's `app.fetch`. Defaults to the global fetch. */
  fetch?: (request: Request) => Response | Promise<Response>;
  /** How long one call may take, answer read included. */
  timeoutMs?: number;
  /** The clock for an acceptance whose answer does not say when. */
  now?: () => Date;
}

/** Long enough for a provider that validates with DIAN before answering; short enough for an alarm. */
export const DEFAULT_TIMEOUT_MS = 10_000;

type Retry = Extract<SendOutcome, { kind: "retry" }>;
type Exchange = { ok: true; status: number; body: unknown } | { ok: false; outcome: Retry };

const retry = (reason: string): Retry => ({ kind: "retry", reason });

const seconds = new Intl.NumberFormat("es-CO", { maximumFractionDigits: 2 });

export function httpProvider(options: HttpProviderOptions): FiscalProvider {
  const base = options.baseUrl.replace(/\/+$/, "");
  const call = options.fetch ?? ((request: Request) => fetch(request));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());
  const auth = { authorization: `Bearer ${options.token}`, accept: "application/json" };

  /** One request under its own timeout; its answer's status and JSON body, or why there is none. */
  async function exchange(url: string, init: RequestInit): Promise<Exchange> {
    const signal = AbortSignal.timeout(timeoutMs);
    // An injected fetch (a test server's app.fetch) may ignore the signal: race it, so the timeout holds.
    const aborted = new Promise<never>((_, reject) => {
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
    aborted.catch(() => undefined); // it rejects after a finished call too; nobody needs that rejection
    try {
      const response = await Promise.race([call(new Request(url, { ...init, signal })), aborted]);
      const text = await Promise.race([response.text(), aborted]);
      return { ok: true, status: response.status, body: parseJson(text) };
    } catch (err) {
      if (signal.aborted) {
        return {
          ok: false,
          outcome: retry(
            `El proveedor no respondió en ${seconds.format(timeoutMs / 1000)} s; se reintentará con el mismo CUDE.`,
          ),
        };
      }
      const why = err instanceof Error ? err.message : String(err);
      return { ok: false, outcome: retry(`No se pudo conectar con el proveedor (${why}); se reintentará.`) };
    }
  }

  const provider: FiscalProvider = {
    async send(doc: ProviderDocument): Promise<SendOutcome> {
      const answer = await exchange(`${base}/documents`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json", "idempotency-key": doc.cude },
        body: JSON.stringify({ cude: doc.cude, number: doc.number, kind: doc.kind, xml_base64: utf8ToBase64(doc.xml) }),
      });
      if (!answer.ok) return answer.outcome;
      switch (answer.status) {
        case 201:
          return { kind: "accepted", providerRef: refOf(answer.body), at: acceptedAt(answer.body, now) };
        case 202:
          return { kind: "received", providerRef: refOf(answer.body) };
        case 409:
          return duplicateOf(await provider.status(doc.cude));
        case 422:
          return { kind: "rejected", reason: rejection(answer.body) };
        default:
          return unexpected(answer.status);
      }
    },

    async status(cude: string): Promise<StatusOutcome> {
      const answer = await exchange(`${base}/documents/${encodeURIComponent(cude)}`, { method: "GET", headers: auth });
      if (!answer.ok) return answer.outcome;
      if (answer.status === 404) return { kind: "unknown" };
      if (answer.status !== 200) return unexpected(answer.status);
      return (
        stateOf(answer.body, now) ??
        retry("El proveedor respondió sin un estado que Horma entienda; se consultará de nuevo.")
      );
    },
  };
  return provider;
}

/** A duplicate is the first send's state; a provider that calls it a duplicate yet cannot find it is asked again. */
function duplicateOf(state: StatusOutcome): SendOutcome {
  if (state.kind !== "unknown") return state;
  return retry("El proveedor dice que ya recibió el documento, pero no lo encuentra; se reintentará.");
}

function unexpected(status: number): Retry {
  if (status === 401 || status === 403) {
    return retry(
      `El proveedor no aceptó las credenciales de Horma (HTTP ${status}); revise el token del proveedor. Se reintentará.`,
    );
  }
  if (status === 408 || status === 429 || status >= 500) {
    return retry(`El proveedor no está disponible (HTTP ${status}); se reintentará.`);
  }
  return retry(`Respuesta inesperada del proveedor (HTTP ${status}); se reintentará.`);
}

function stateOf(body: unknown, now: () => Date): SendOutcome | null {
  if (!isRecord(body)) return null;
  switch (body.state) {
    case "accepted":
      return { kind: "accepted", providerRef: refOf(body), at: acceptedAt(body, now) };
    case "received":
      return { kind: "received", providerRef: refOf(body) };
    case "rejected":
      return { kind: "rejected", reason: rejection(body) };
    default:
      return null;
  }
}

function rejection(body: unknown): string {
  const reason = isRecord(body) && typeof body.reason === "string" ? body.reason.trim() : "";
  return reason ? `Documento rechazado: ${reason}` : "Documento rechazado; el proveedor no indicó el motivo.";
}

function refOf(body: unknown): string | null {
  return isRecord(body) && typeof body.provider_ref === "string" && body.provider_ref ? body.provider_ref : null;
}

/** When DIAN accepted it, as the provider says; the answer's arrival when it does not say (or says nonsense). */
function acceptedAt(body: unknown, now: () => Date): string {
  const at = isRecord(body) && typeof body.accepted_at === "string" ? Date.parse(body.accepted_at) : Number.NaN;
  return (Number.isNaN(at) ? now() : new Date(at)).toISOString();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
