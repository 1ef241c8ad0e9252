import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Receipt } from "../../web/src/api/receipts";
import { ReceiptPage } from "../../web/src/lib/receipt/ReceiptPage";
import { mailtoLink, whatsappLink } from "../../web/src/lib/receipt/share";
import { signOutAtom } from "../../web/src/lib/session";
import { appStore } from "../../web/src/lib/store";
import { jsonResponse, mockFetch, render } from "./helpers";

afterEach(() => appStore.set(signOutAtom));

const TOKEN = "0123456789abcdef0123456789abcdef";

const receipt = {
  kind: "sale",
  number: 41,
  token: TOKEN,
  issued_at: "2026-11-26T15:04:00.000Z",
  status: "completed",
  company: { name: "Calzado Horma Demo", legal_name: "Calzado Horma S.A.S.", tax_id: "900.123.456-8", phone: null },
  location: { name: "Local Centro", address: "Cra. 7 # 12-34", phone: "6015550101" },
  seller_name: "Valentina Rojas",
  customer: { name: "Laura Gómez", document: "CC 1020304050" },
  lines: [
    {
      reference: "CONVERSE-01",
      description: "Converse Chuck 70 Low Negro",
      size: "40",
      quantity: 1,
      unit_price: 369900,
      subtotal: 369900,
    },
  ],
  subtotal: 369900,
  discount: 0,
  total: 369900,
  payments: [{ id: 9, payment_type: "efectivo", amount: 369900, cash_received: 400000, change: 30100 }],
  return_policy: "Cambios dentro de 30 días con este recibo.",
  returned: null,
} satisfies Receipt;

describe("/recibo/<token>", () => {
  it("shows the company, NIT, store, lines, total, cash and change, and the return policy, with print and share", async () => {
    const calls = mockFetch(async () => jsonResponse({ receipt }));
    render(<ReceiptPage token={TOKEN} />);
    const doc = await screen.findByRole("article", { name: "Recibo de la venta #41" });
    expect(String(calls.mock.calls[0]?.[0])).toBe(`/api/v1/public/receipts/${TOKEN}`);
    const text = doc.textContent ?? "";
    for (const part of [
      "Calzado Horma S.A.S.",
      "NIT 900.123.456-8",
      "Local Centro",
      "Cra. 7 # 12-34",
      "#41",
      "Valentina Rojas",
      "Laura Gómez",
      "CC 1020304050",
    ])
      expect(text).toContain(part);
    expect(within(doc).getByTestId("receipt-total").textContent).toMatch(/369\.900/);
    expect(within(doc).getByTestId("receipt-change").textContent).toMatch(/30\.100/);
    expect(text).toContain("Cambios dentro de 30 días con este recibo.");
    expect(screen.getByRole("button", { name: "Imprimir (80 mm)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Imprimir A4" })).toBeTruthy();
    const wa = screen.getByRole("link", { name: "Enviar por WhatsApp" }).getAttribute("href") ?? "";
    expect(wa.startsWith("https://wa.me/?text=")).toBe(true);
    expect(decodeURIComponent(wa)).toContain(`/recibo/${TOKEN}`);
    expect(screen.getByRole("link", { name: "Enviar por correo" }).getAttribute("href")).toMatch(/^mailto:\?subject=/);
  });

  it("says so when the link opens no receipt", async () => {
    mockFetch(async () => jsonResponse({ detail: "Recibo no encontrado" }, 404));
    render(<ReceiptPage token={TOKEN} />);
    expect(await screen.findByText("Recibo no encontrado")).toBeTruthy();
    expect(screen.getByText("No se pudo abrir el recibo")).toBeTruthy();
  });
});

describe("share links", () => {
  it("writes a Colombian mobile with its country code and the e-mail as the recipient", () => {
    const url = `https://horma.example/recibo/${TOKEN}`;
    expect(whatsappLink(receipt, url, "300 123 4567")).toMatch(/^https:\/\/wa\.me\/573001234567\?text=/);
    expect(mailtoLink(receipt, url, "cliente@correo.co")).toMatch(
      /^mailto:cliente%40correo\.co\?subject=Recibo%20de%20la%20venta%20%2341/,
    );
  });
});
