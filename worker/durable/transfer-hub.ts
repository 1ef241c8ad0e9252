import { DurableObject } from "cloudflare:workers";

/**
 * One per company: serialises transfer transitions and pushes events to the company's
 * warehouse, courier and seller screens (issue 5 adds the transitions and WebSockets).
 */
export class TransferHub extends DurableObject<Env> {
  /** Used by health and diagnosis checks to prove the object answers. */
  async ping(): Promise<{ ok: true; at: string }> {
    return { ok: true, at: new Date().toISOString() };
  }
}
