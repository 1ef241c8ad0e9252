// The MIME text of an alert e-mail (RFC 5322 with RFC 2045/2047 for UTF-8), made here instead of with a
// library: alerts are plain text only (no HTML, no attachments), so the message is a handful of headers and
// one base64 part. Cloudflare's send_email binding (and miniflare's local one, which parses it) takes it
// inside an EmailMessage; tests/domain/alerts.test.ts holds it to the RFCs' shapes.

export interface OutgoingEmail {
  from: string;
  fromName: string;
  /** every recipient of the message, for the To: header (the envelope goes to one at a time) */
  to: readonly string[];
  subject: string;
  text: string;
  /** without angle brackets: alert-12-3@horma.app */
  messageId: string;
  date: Date;
}

const utf8 = new TextEncoder();

function base64(text: string): string {
  let binary = "";
  for (const byte of utf8.encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A header value with non-ASCII text as RFC 2047 encoded words (base64, each at most 75 characters). */
export function encodedWords(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const words: string[] = [];
  let chunk = "";
  for (const char of value) {
    // 45 bytes of UTF-8 make 60 base64 characters: with "=?UTF-8?B?" and "?=", 72 per word
    if (utf8.encode(chunk + char).length > 45) {
      words.push(chunk);
      chunk = "";
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${base64(w)}?=`).join("\r\n ");
}

const wrap = (text: string, width: number) => text.match(new RegExp(`.{1,${width}}`, "g"))?.join("\r\n") ?? "";

/** The whole message, CRLF line ends, ready for `new EmailMessage(from, to, raw)`. */
export function mimeMessage(m: OutgoingEmail): string {
  const headers = [
    `From: ${encodedWords(m.fromName)} <${m.from}>`,
    `To: ${m.to.join(", ")}`,
    `Subject: ${encodedWords(m.subject)}`,
    `Date: ${m.date.toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <${m.messageId}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=UTF-8",
    "Content-Transfer-Encoding: base64",
    "Auto-Submitted: auto-generated",
  ];
  return `${headers.join("\r\n")}\r\n\r\n${wrap(base64(m.text.replace(/\r?\n/g, "\r\n")), 76)}\r\n`;
}
