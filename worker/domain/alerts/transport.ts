// The one place alerts meet Cloudflare's send_email binding (ALERT_EMAIL in wrangler.toml): the MIME made
// in mime.ts inside an EmailMessage, one envelope recipient at a time. In production the binding hands it
// to Cloudflare Email Service (the sender's domain onboarded, docs/alerts.md); under wrangler dev and the
// API tests miniflare's local binding parses it (From, Message-ID), stores it as a .eml file and answers a
// message id. Tests wrap the binding, never this module, to count what it was given.
import { EmailMessage } from "cloudflare:email";
import type { AlertTransport, Sender } from "./drain";
import { mimeMessage } from "./mime";

export function bindingTransport(binding: SendEmail): AlertTransport {
  return async (email, envelopeTo) => {
    const result = await binding.send(new EmailMessage(email.from, envelopeTo, mimeMessage(email)));
    return { messageId: result?.messageId ?? email.messageId };
  };
}

/** The Worker's sender: its binding and its verified address (vars ALERT_SENDER, ALERT_SENDER_NAME). */
export function senderOf(env: Env): Sender {
  const binding = (env as { ALERT_EMAIL?: SendEmail }).ALERT_EMAIL;
  return {
    transport: binding ? bindingTransport(binding) : null,
    from: env.ALERT_SENDER,
    fromName: env.ALERT_SENDER_NAME,
  };
}
