// A local server that answers like a technology provider: the HTTP API written at the top of
// http-provider.ts, for the tests and for local use (the Worker mounts it at /__proveedor-prueba in
// development only). It signs nothing and asks DIAN nothing: each document number follows a scenario.
//
// It is a plain fetch handler rather than a Hono app because worker/domain knows no Hono
// (tests/domain/domain-errors.test.ts). Hono mounts it as it is, stripping the prefix:
//   app.mount("/__proveedor-prueba", testProviderApp(store).fetch)
// Its state lives in the Maps of the store it is given, so a test reads what it received.
import { base64ToUtf8 } from "./base64";

/**
 * How the provider answers a document's first send (a repeat of a CUDE it holds never makes a second one):
 * - accept: 201; a repeat replays the 201 (a provider that replays its first answer).
 * - reject: 422 with TEST_REJECTION_REASON. A rejected CUDE sent again is validated anew (corrected data keeps
 *   its CUDE when no field of the CUDE changed): 422 again, unless the number's scenario changed meanwhile.
 * - timeout_after_accept: keeps the document as accepted, then hangs longer than the client waits (until the
 *   client gives up, or `hangMs`); a repeat answers 409 at once.
 * - answer_twice: 201; a repeat answers 409 with the first send's state.
 * - received_then_accepted: 202; the first GET still says received, the next says accepted (DIAN answered).
 * - unavailable: 503 and keeps nothing (a provider that is down).
 */
export type Scenario =
  | "accept"
  | "reject"
  | "timeout_after_accept"
  | "answer_twice"
  | "received_then_accepted"
  | "unavailable";

export const TEST_REJECTION_REASON = "Regla FAD06: el NIT del emisor no es válido";

/** GETs of a received document before DIAN's answer shows. */
const LOOKUPS_BEFORE_DIAN_ANSWERS = 1;

/** How long timeout_after_accept hangs at most when the client never gives up. */
export const DEFAULT_HANG_MS = 30_000;

export interface TestProviderDocument {
  cude: string;
  number: string;
  kind: "pos" | "adjustment";
  /** The XML as decoded from xml_base64. */
  xml: string;
  state: "received" | "accepted" | "rejected";
  providerRef: string;
  acceptedAt: string | null;
  reason: string | null;
  /** GETs answered for it. */
  lookups: number;
}

export interface TestProviderStore {
  /** Scenario per document number ("FA1000"); the others follow `defaultScenario`. */
  scenarios: Map<string, Scenario>;
  defaultScenario: Scenario;
  /** The documents it made, per CUDE: more than one means a send was not idempotent. */
  documents: Map<string, TestProviderDocument[]>;
  /** POST /documents seen per CUDE, repeats included. */
  sends: Map<string, number>;
  /** The bearer token it asks for; null takes any. */
  token: string | null;
  hangMs: number;
  now: () => Date;
}

export function testProviderStore(
  options: {
    defaultScenario?: Scenario;
    scenarios?: Record<string, Scenario>;
    token?: string | null;
    hangMs?: number;
    now?: () => Date;
  } = {},
): TestProviderStore {
  return {
    scenarios: new Map(Object.entries(options.scenarios ?? {})),
    defaultScenario: options.defaultScenario ?? "accept",
    documents: new Map(),
    sends: new Map(),
    token: options.token ?? null,
    hangMs: options.hangMs ?? DEFAULT_HANG_MS,
    now: options.now ?? (() => new Date()),
  };
}

/** How many documents the provider made for a CUDE: exactly-once is 1 whatever the retries. */
export function received(store: TestProviderStore, cude: string): number {
  return store.documents.get(cude)?.length ?? 0;
}

/** How many times a CUDE was POSTed, repeats included. */
export function sent(store: TestProviderStore, cude: string): number {
  return store.sends.get(cude) ?? 0;
}

export interface TestProviderApp {
  fetch: (request: Request) => Promise<Response>;
}

export function testProviderApp(store: TestProviderStore): TestProviderApp {
  return {
    fetch: async (request) => {
      // Matched on the path's end, so it answers mounted under any prefix, stripped or not.
      const route = /\/documents(?:\/([^/]+))?\/?$/.exec(new URL(request.url).pathname);
      if (!route) return answer(404, { error: "not_found" });
      if (store.token !== null && request.headers.get("authorization") !== `Bearer ${store.token}`) {
        return answer(401, { error: "unauthorized" });
      }
      const cude = route[1];
      if (request.method === "POST" && cude === undefined) return receive(store, request);
      if (request.method === "GET" && cude !== undefined) return lookUp(store, cude);
      return answer(405, { error: "method_not_allowed" });
    },
  };
}

async function receive(store: TestProviderStore, request: Request): Promise<Response> {
  const key = request.headers.get("idempotency-key");
  if (!key) return answer(400, { error: "idempotency_key_required" });
  const body = await readDocument(request);
  if (typeof body === "string") return answer(400, { error: body });
  if (body.cude !== key) return answer(400, { error: "idempotency_key_is_not_the_cude" });
  store.sends.set(key, (store.sends.get(key) ?? 0) + 1);

  const scenario = store.scenarios.get(body.number) ?? store.defaultScenario;
  if (scenario === "unavailable") return answer(503, { error: "unavailable" });

  // The idempotency: a CUDE it holds is answered with the first send's state, and nothing new is made.
  const first = store.documents.get(key)?.[0];
  if (first && first.state !== "rejected") {
    return scenario === "accept"
      ? answer(statusOf(first), stateBody(first))
      : answer(409, { error: "duplicate", document: stateBody(first) });
  }

  const made = [...store.documents.values()].reduce((n, docs) => n + docs.length, 0);
  const doc: TestProviderDocument = {
    ...body,
    ...firstState(scenario, store.now()),
    providerRef: `PRUEBA-${made + 1}`,
    lookups: 0,
  };
  // A rejected document is none at DIAN: a corrected one may come with the same CUDE and takes its place.
  const kept = (store.documents.get(key) ?? []).filter((held) => held.state !== "rejected");
  store.documents.set(key, [...kept, doc]);

  // It has the document; the client will not hear so before its timeout.
  if (scenario === "timeout_after_accept") await sleep(store.hangMs, request.signal);
  return answer(statusOf(doc), stateBody(doc));
}

function lookUp(store: TestProviderStore, cude: string): Response {
  const doc = store.documents.get(cude)?.[0];
  if (!doc) return answer(404, { error: "not_found" });
  doc.lookups += 1;
  if (doc.state === "received" && doc.lookups > LOOKUPS_BEFORE_DIAN_ANSWERS) {
    doc.state = "accepted";
    doc.acceptedAt = store.now().toISOString();
  }
  return answer(200, stateBody(doc));
}

type SentDocument = Pick<TestProviderDocument, "cude" | "number" | "kind" | "xml">;

/** The POST body, or the error code of what is wrong with it. */
async function readDocument(request: Request): Promise<SentDocument | string> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return "body_is_not_json";
  }
  if (typeof body !== "object" || body === null) return "body_is_not_an_object";
  const { cude, number, kind, xml_base64: xmlBase64 } = body as Record<string, unknown>;
  if (typeof cude !== "string" || !cude) return "cude_required";
  if (typeof number !== "string" || !number) return "number_required";
  if (kind !== "pos" && kind !== "adjustment") return "kind_must_be_pos_or_adjustment";
  if (typeof xmlBase64 !== "string") return "xml_base64_required";
  try {
    return { cude, number, kind, xml: base64ToUtf8(xmlBase64) };
  } catch {
    return "xml_base64_is_not_utf8_base64";
  }
}

function firstState(scenario: Scenario, now: Date): Pick<TestProviderDocument, "state" | "acceptedAt" | "reason"> {
  if (scenario === "reject") return { state: "rejected", acceptedAt: null, reason: TEST_REJECTION_REASON };
  if (scenario === "received_then_accepted") return { state: "received", acceptedAt: null, reason: null };
  return { state: "accepted", acceptedAt: now.toISOString(), reason: null };
}

function statusOf(doc: TestProviderDocument): number {
  return doc.state === "accepted" ? 201 : doc.state === "received" ? 202 : 422;
}

function stateBody(doc: TestProviderDocument) {
  return {
    cude: doc.cude,
    number: doc.number,
    state: doc.state,
    provider_ref: doc.providerRef,
    accepted_at: doc.acceptedAt,
    reason: doc.reason,
  };
}

function answer(status: number, body: unknown): Response {
  return Response.json(body, { status });
}

/** Waits `ms`, or less when `signal` aborts (the client gave up: nobody reads the answer). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
