// Transmission through a technology provider (docs/fiscal.md): the HTTP adapter against the local test
// provider, one scenario at a time, in-process (the adapter's fetch is the test server's). Exactly-once is
// read at the provider: however often Horma sends a CUDE, the provider holds one document for it.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { buildElectronicDocument } from "../../worker/domain/fiscal/document/index";
import { httpProvider } from "../../worker/domain/fiscal/transmission/http-provider";
import { applyOutcome, newTransmission } from "../../worker/domain/fiscal/transmission/outcome";
import type { ProviderDocument } from "../../worker/domain/fiscal/transmission/provider";
import {
  received,
  type Scenario,
  sent,
  TEST_REJECTION_REASON,
  testProviderApp,
  testProviderStore,
} from "../../worker/domain/fiscal/transmission/test-provider";
import { posInput } from "./fiscal-document.fixtures";

const TOKEN = "token-de-prueba";
const TIMEOUT_MS = 50;
const PROVIDER_NOW = new Date("2026-03-01T21:40:05.000Z");
const CLIENT_NOW = new Date("2026-03-01T21:41:00.000Z");

async function documentNumbered(consecutive: number): Promise<ProviderDocument> {
  const { xml, cude } = await buildElectronicDocument(posInput({ number: { prefix: "POS", consecutive } }));
  return { cude, number: `POS${consecutive}`, kind: "pos", xml };
}

/** A test provider following `scenario`, and the adapter calling it in-process with a short timeout. */
function providerWith(scenario: Scenario, hangMs = 2_000) {
  const store = testProviderStore({ defaultScenario: scenario, token: TOKEN, hangMs, now: () => PROVIDER_NOW });
  const server = testProviderApp(store);
  const provider = httpProvider({
    baseUrl: "http://proveedor.test/api/",
    token: TOKEN,
    fetch: (request) => server.fetch(request),
    timeoutMs: TIMEOUT_MS,
    now: () => CLIENT_NOW,
  });
  return { store, server, provider };
}

describe("the HTTP adapter against the test provider", () => {
  it("accept: the document arrives whole (accents included) and is accepted once, a repeat replayed", async () => {
    const { store, provider } = providerWith("accept");
    const doc = await documentNumbered(1001);
    expect(doc.xml).toContain("Bogotá");

    expect(await provider.send(doc)).toEqual({
      kind: "accepted",
      providerRef: "PRUEBA-1",
      at: PROVIDER_NOW.toISOString(),
    });
    const [held] = store.documents.get(doc.cude) ?? [];
    expect(held).toMatchObject({ number: "POS1001", kind: "pos", xml: doc.xml, state: "accepted" });

    // this provider replays its first answer to a repeated key: the same document, not a second one
    expect(await provider.send(doc)).toEqual({
      kind: "accepted",
      providerRef: "PRUEBA-1",
      at: PROVIDER_NOW.toISOString(),
    });
    expect({ sent: sent(store, doc.cude), received: received(store, doc.cude) }).toEqual({ sent: 2, received: 1 });
  });

  it("reject: the provider's reason reaches the administrador; a corrected send of the same CUDE is accepted", async () => {
    const { store, provider } = providerWith("reject");
    const doc = await documentNumbered(1002);

    const outcome = await provider.send(doc);
    expect(outcome).toEqual({ kind: "rejected", reason: `Documento rechazado: ${TEST_REJECTION_REASON}` });
    expect(await provider.status(doc.cude)).toEqual(outcome);

    // the administrador fixed the data (a field outside the CUDE): the provider validates it anew
    store.scenarios.set(doc.number, "accept");
    expect(await provider.send(doc)).toMatchObject({ kind: "accepted" });
    expect(received(store, doc.cude)).toBe(1);
  });

  it("timeout after accept: the adapter says retry, and the next send with the same CUDE makes no second document", async () => {
    const { store, provider } = providerWith("timeout_after_accept");
    const doc = await documentNumbered(1003);

    const started = Date.now();
    const first = await provider.send(doc);
    expect(Date.now() - started).toBeLessThan(1_000); // the adapter's 50 ms, not the provider's 2 s
    expect(first).toEqual({
      kind: "retry",
      reason: "El proveedor no respondió en 0,05 s; se reintentará con el mismo CUDE.",
    });
    expect(received(store, doc.cude)).toBe(1); // the provider has it although Horma did not hear so

    expect(await provider.send(doc)).toEqual({
      kind: "accepted",
      providerRef: "PRUEBA-1",
      at: PROVIDER_NOW.toISOString(),
    });
    expect({ sent: sent(store, doc.cude), received: received(store, doc.cude) }).toEqual({ sent: 2, received: 1 });
  });

  it("answer twice: the repeat's 409 is read as the first send's state (looked up), and one document exists", async () => {
    const { store, provider } = providerWith("answer_twice");
    const doc = await documentNumbered(1004);

    const first = await provider.send(doc);
    expect(first).toEqual({ kind: "accepted", providerRef: "PRUEBA-1", at: PROVIDER_NOW.toISOString() });
    expect(await provider.send(doc)).toEqual(first);
    expect(store.documents.get(doc.cude)?.[0]?.lookups).toBe(1); // the duplicate was resolved with GET
    expect({ sent: sent(store, doc.cude), received: received(store, doc.cude) }).toEqual({ sent: 2, received: 1 });
  });

  it("received then accepted: 202 first, the look-ups say received and then accepted; the state follows", async () => {
    const { provider } = providerWith("received_then_accepted");
    const doc = await documentNumbered(1005);
    const random = () => 0;

    const sendOutcome = await provider.send(doc);
    expect(sendOutcome).toEqual({ kind: "received", providerRef: "PRUEBA-1" });
    const sentState = applyOutcome(newTransmission(CLIENT_NOW), sendOutcome, CLIENT_NOW, random).next;
    expect(sentState).toMatchObject({ status: "enviado", providerRef: "PRUEBA-1", attempts: 0 });

    const waiting = await provider.status(doc.cude);
    expect(waiting).toEqual({ kind: "received", providerRef: "PRUEBA-1" });
    const stillSent = applyOutcome(sentState, waiting, CLIENT_NOW, random).next;
    expect(stillSent).toMatchObject({ status: "enviado", attempts: 1 });

    const answered = await provider.status(doc.cude);
    expect(answered).toEqual({ kind: "accepted", providerRef: "PRUEBA-1", at: PROVIDER_NOW.toISOString() });
    expect(applyOutcome(stillSent, answered, CLIENT_NOW, random).next).toEqual({
      status: "aceptado",
      reason: null,
      providerRef: "PRUEBA-1",
      attempts: 0,
      nextAttemptAt: null,
      acceptedAt: PROVIDER_NOW.toISOString(),
    });
  });

  it("a provider that is down (503) is retried, and keeps nothing", async () => {
    const { store, provider } = providerWith("unavailable");
    const doc = await documentNumbered(1006);
    expect(await provider.send(doc)).toEqual({
      kind: "retry",
      reason: "El proveedor no está disponible (HTTP 503); se reintentará.",
    });
    expect(received(store, doc.cude)).toBe(0);
  });

  it("sends the bearer token: a wrong one is refused (401), retried, and the administrador told to check it", async () => {
    const { server, store } = providerWith("accept");
    const provider = httpProvider({ baseUrl: "http://proveedor.test", token: "otro", fetch: server.fetch });
    const doc = await documentNumbered(1007);
    const outcome = await provider.send(doc);
    expect(outcome).toMatchObject({ kind: "retry" });
    expect(outcome.kind === "retry" && outcome.reason).toContain("revise el token del proveedor");
    expect(sent(store, doc.cude)).toBe(0);
  });

  it("a CUDE the provider never received is unknown", async () => {
    const { provider } = providerWith("accept");
    expect(await provider.status("no-existe")).toEqual({ kind: "unknown" });
  });

  it("mounted in a Hono app under /__proveedor-prueba (as the Worker mounts it), it answers the same", async () => {
    const store = testProviderStore({ token: TOKEN });
    const app = new Hono().mount("/__proveedor-prueba", testProviderApp(store).fetch);
    const provider = httpProvider({
      baseUrl: "http://localhost/__proveedor-prueba",
      token: TOKEN,
      fetch: (request) => app.fetch(request),
    });
    const doc = await documentNumbered(1008);
    expect(await provider.send(doc)).toMatchObject({ kind: "accepted", providerRef: "PRUEBA-1" });
    expect(await provider.status(doc.cude)).toMatchObject({ kind: "accepted", providerRef: "PRUEBA-1" });
    expect(received(store, doc.cude)).toBe(1);
  });
});

describe("the test provider holds Horma to the API", () => {
  const post = (headers: Record<string, string>, body: unknown) =>
    new Request("http://proveedor.test/documents", {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const body = { cude: "abc", number: "POS1", kind: "pos", xml_base64: btoa("<Invoice/>") };

  it("refuses a send without an Idempotency-Key, or with one that is not the CUDE", async () => {
    const { server, store } = providerWith("accept");
    const missing = await server.fetch(post({}, body));
    expect([missing.status, await missing.json()]).toEqual([400, { error: "idempotency_key_required" }]);
    const other = await server.fetch(post({ "idempotency-key": "xyz" }, body));
    expect([other.status, await other.json()]).toEqual([400, { error: "idempotency_key_is_not_the_cude" }]);
    expect(store.documents.size).toBe(0);
  });

  it("answers 409 with the first send's state to a repeated key", async () => {
    const { server } = providerWith("answer_twice");
    expect((await server.fetch(post({ "idempotency-key": "abc" }, body))).status).toBe(201);
    const repeat = await server.fetch(post({ "idempotency-key": "abc" }, body));
    expect(repeat.status).toBe(409);
    expect(await repeat.json()).toMatchObject({ error: "duplicate", document: { cude: "abc", state: "accepted" } });
  });
});

describe("the HTTP adapter on its own", () => {
  const doc: ProviderDocument = { cude: "c1", number: "POS1", kind: "pos", xml: "<Invoice/>" };

  it("a network error is a retry", async () => {
    const provider = httpProvider({
      baseUrl: "http://proveedor.test",
      token: TOKEN,
      fetch: () => Promise.reject(new TypeError("fetch failed")),
    });
    expect(await provider.send(doc)).toEqual({
      kind: "retry",
      reason: "No se pudo conectar con el proveedor (fetch failed); se reintentará.",
    });
  });

  it("a fetch that ignores the signal and never answers still times out", async () => {
    const provider = httpProvider({
      baseUrl: "http://proveedor.test",
      token: TOKEN,
      fetch: () => new Promise<Response>(() => undefined),
      timeoutMs: TIMEOUT_MS,
    });
    expect(await provider.status("c1")).toMatchObject({ kind: "retry" });
  });

  it("a duplicate the provider then cannot find is retried, not taken for accepted", async () => {
    const provider = httpProvider({
      baseUrl: "http://proveedor.test",
      token: TOKEN,
      fetch: async (request) =>
        request.method === "POST"
          ? Response.json({ error: "duplicate" }, { status: 409 })
          : new Response(null, { status: 404 }),
    });
    expect(await provider.send(doc)).toEqual({
      kind: "retry",
      reason: "El proveedor dice que ya recibió el documento, pero no lo encuentra; se reintentará.",
    });
  });

  it("an acceptance without its date takes the answer's arrival; a rejection without reason says so", async () => {
    const answers = [Response.json({ state: "accepted" }, { status: 201 }), Response.json({}, { status: 422 })];
    const provider = httpProvider({
      baseUrl: "http://proveedor.test",
      token: TOKEN,
      fetch: async () => answers.shift() ?? new Response(null, { status: 500 }),
      now: () => CLIENT_NOW,
    });
    expect(await provider.send(doc)).toEqual({ kind: "accepted", providerRef: null, at: CLIENT_NOW.toISOString() });
    expect(await provider.send(doc)).toEqual({
      kind: "rejected",
      reason: "Documento rechazado; el proveedor no indicó el motivo.",
    });
  });
});
