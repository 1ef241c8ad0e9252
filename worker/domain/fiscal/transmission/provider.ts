// The technology provider (proveedor tecnológico) as Horma sees it: it signs an electronic document, passes
// it to DIAN and tells what DIAN answered. Every provider has its own API, so a deployment writes one adapter
// per provider against this interface (http-provider.ts is Horma's reference one); the outbox and its
// drainer only know `FiscalProvider`.

/** What Horma sends: the unsigned UBL XML of a POS document or of its nota de ajuste. */
export interface ProviderDocument {
  /** The document's CUDE: the idempotency key of every send of it. */
  cude: string;
  /** Prefix and consecutive, e.g. "FA1000". */
  number: string;
  kind: "pos" | "adjustment";
  xml: string;
}

/**
 * What a send (or a look-up) came to. `reason` texts are Spanish: the administrador reads them.
 * - accepted: DIAN validated the document (`at`: when, ISO).
 * - received: the provider has it; DIAN's answer comes later (ask with `status`).
 * - rejected: DIAN or the provider refused it; the data must be fixed before sending it again.
 * - retry: timeout, 5xx, network, credentials: nothing is known; send again later with the same CUDE.
 */
export type SendOutcome =
  | { kind: "accepted"; providerRef: string | null; at: string }
  | { kind: "received"; providerRef: string | null }
  | { kind: "rejected"; reason: string }
  | { kind: "retry"; reason: string };

/** A look-up of a CUDE the provider never received. */
export interface UnknownDocument {
  kind: "unknown";
}

export type StatusOutcome = SendOutcome | UnknownDocument;

export interface FiscalProvider {
  /**
   * Sends a document. Sending the same CUDE again never makes a second document at the provider: an answer
   * "already received" is read as the state of the first send.
   */
  send(doc: ProviderDocument): Promise<SendOutcome>;
  /** The state of a document the provider was sent (or `unknown` when it has none with that CUDE). */
  status(cude: string): Promise<StatusOutcome>;
}
