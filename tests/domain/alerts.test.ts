// The alert e-mails' pure parts (worker/domain/alerts/): the Spanish texts with es-CO money and Bogotá
// dates, and the MIME the send_email binding takes.
import { describe, expect, it } from "vitest";
import { alertText, dateText, digestText } from "../../worker/domain/alerts/messages";
import { encodedWords, mimeMessage } from "../../worker/domain/alerts/mime";

const decode = (b64: string) => new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));

describe("alert texts", () => {
  it("low stock names the product, the store, what is left and the minimum", () => {
    const t = alertText("low_stock", {
      reference: "NIKE-AF1",
      brand: "Nike",
      model: "Air Force 1",
      location_name: "Local Centro",
      available: 1,
      threshold: 2,
    });
    expect(t.subject).toBe("Poco stock: Nike Air Force 1 (NIKE-AF1) en Local Centro");
    expect(t.text).toContain(
      "En Local Centro quedan 1 par de Nike Air Force 1 (NIKE-AF1). El mínimo de la alerta es 2 pares.",
    );
    expect(
      alertText("low_stock", {
        ...{ reference: "R", brand: "B", model: "M", location_name: "L" },
        available: 0,
        threshold: 2,
      }).text,
    ).toContain("En L se agotó");
  });

  it("a till difference is in pesos (es-CO, no decimals) with its Bogotá date", () => {
    const t = alertText("till_difference", {
      session_id: 7,
      location_name: "Local Centro",
      expected_cash: 100_000_00,
      counted_cash: 95_000_00,
      threshold: 20_000_00,
      note: "Faltó un billete",
      closed_at: "2026-03-02T01:30:00.000Z",
    });
    expect(t.subject).toBe("Caja con diferencia en Local Centro: faltante de $ 5.000");
    expect(t.text).toContain("Efectivo esperado: $ 100.000. Contado: $ 95.000. Umbral de alerta: $ 20.000.");
    // 01:30 UTC on 2 March is 20:30 on 1 March in Bogotá
    expect(t.text).toContain("1 de marzo de 2026");
    expect(t.text).toContain("Nota del cierre: Faltó un billete");
  });

  it("numbering at 90 % and near its end", () => {
    const base = {
      range_id: 1,
      prefix: "FA",
      location_name: "Local Centro",
      used: 900,
      size: 1000,
      valid_until: "2026-12-31",
    };
    expect(alertText("numbering", { ...base, alert: "nearly_used" }).subject).toBe(
      "La numeración DIAN FA de Local Centro va en el 90 %",
    );
    expect(alertText("numbering", { ...base, alert: "expiring" }).text).toContain("vence el 31 de diciembre de 2026");
  });

  it("a digest lists every event, then each one's text, once", () => {
    const d = digestText("2026-03-01", [
      { kind: "discrepancy", facts: { transfer_id: 3, location_name: "Local Centro", summary: "1 par faltante." } },
      {
        kind: "low_stock",
        facts: { reference: "R", brand: "B", model: "M", location_name: "Local Centro", available: 1, threshold: 2 },
      },
    ]);
    expect(d.subject).toBe("Resumen diario de alertas del 1 de marzo de 2026: 2 alertas");
    expect(d.text).toContain("1. Recepción con diferencias en Local Centro (transferencia #3)");
    expect(d.text).toContain("2. Poco stock: B M (R) en Local Centro");
    expect(d.text.match(/Horma · Este aviso/g)).toHaveLength(1);
  });

  it("dates: a calendar day stays that day", () => {
    expect(dateText("2026-01-01")).toBe("1 de enero de 2026");
  });
});

describe("the MIME of an alert", () => {
  const message = mimeMessage({
    from: "alertas@horma.app",
    fromName: "Horma Alertas",
    to: ["a@x.co", "b@x.co"],
    subject: "Recepción con diferencias en Local Centro — transferencia número 12345 con pares dañados",
    text: "Línea uno\nLínea dos: $ 5.000",
    messageId: "alerta-1.2@horma.app",
    date: new Date("2026-03-01T12:00:00Z"),
  });
  const [head = "", body = ""] = message.split("\r\n\r\n");

  it("has the headers the binding checks (From, Message-ID) and declares UTF-8 text in base64", () => {
    expect(head).toContain("From: Horma Alertas <alertas@horma.app>");
    expect(head).toContain("To: a@x.co, b@x.co");
    expect(head).toContain("Message-ID: <alerta-1.2@horma.app>");
    expect(head).toContain("Date: Sun, 01 Mar 2026 12:00:00 +0000");
    expect(head).toContain("Content-Type: text/plain; charset=UTF-8");
    expect(head).toContain("Content-Transfer-Encoding: base64");
    expect(message).not.toMatch(/[^\r]\n/); // CRLF only
  });

  it("encodes a non-ASCII subject as RFC 2047 words of at most 75 characters that decode back", () => {
    const subject = head.split("\r\n").findIndex((l) => l.startsWith("Subject: "));
    const lines = head.split("\r\n").slice(subject);
    const words = lines.filter((l, i) => i === 0 || l.startsWith(" ")).map((l) => l.replace(/^Subject: /, "").trim());
    for (const w of words) expect(w.length).toBeLessThanOrEqual(75);
    const decoded = words.map((w) => decode(w.slice("=?UTF-8?B?".length, -2))).join("");
    expect(decoded).toBe("Recepción con diferencias en Local Centro — transferencia número 12345 con pares dañados");
    expect(encodedWords("ASCII only")).toBe("ASCII only");
  });

  it("wraps the body at 76 and it decodes to the text with CRLF", () => {
    for (const line of body.trim().split("\r\n")) expect(line.length).toBeLessThanOrEqual(76);
    expect(decode(body.replace(/\r\n/g, ""))).toBe("Línea uno\r\nLínea dos: $ 5.000");
  });
});
