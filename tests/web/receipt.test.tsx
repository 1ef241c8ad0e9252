import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Receipt } from "../../web/src/api/receipts";
import { ReceiptPage } from "../../web/src/features/receipts/ReceiptPage";
import { mailtoLink, whatsappLink } from "../../web/src/lib/receipt/share";
import { signOutAtom } from "../../web/src/lib/session";
import { appStore } from "../../web/src/lib/store";
import { jsonResponse, mockFetch, render } from "./helpers";
import { saleReceipt as receipt, RECEIPT_TOKEN as TOKEN } from "./receipt-fixtures";
import { taxesOf } from "./tax-fixtures";

afterEach(() => appStore.set(signOutAtom));

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
    // the electronic document: CUDE, its QR and its state at DIAN
    expect(within(doc).getByTestId("receipt-cude").textContent).toMatch(/^CUDE: ae964d27/);
    expect(within(doc).getByRole("img", { name: "Código QR del documento FA1000" }).getAttribute("src")).toMatch(
      /^data:image\/svg\+xml/,
    );
    expect(within(doc).getByTestId("receipt-dian-state").textContent).toBe("Estado DIAN: Validado por la DIAN");
    // prices include the IVA: 369.900 = base 310.840,34 + IVA 59.059,66, shown per rate in whole pesos
    const vat = within(doc).getByTestId("receipt-tax-iva_19").textContent ?? "";
    expect(vat).toMatch(/IVA 19 %\$\s?310\.840\$\s?59\.060/);
    expect(text).toContain("Cambios dentro de 30 días con este recibo.");
    // its DIAN number, and the resolution it belongs to
    expect(within(doc).getByTestId("receipt-fiscal-number").textContent).toBe("FA1000");
    expect(within(doc).getByTestId("receipt-fiscal-note").textContent).toContain(
      "Documento equivalente electrónico POS FA1000. Resolución DIAN 18764000001234",
    );
    expect(screen.getByRole("button", { name: "Imprimir (80 mm)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Imprimir A4" })).toBeTruthy();
    const wa = screen.getByRole("link", { name: "Enviar por WhatsApp" }).getAttribute("href") ?? "";
    expect(wa.startsWith("https://wa.me/?text=")).toBe(true);
    expect(decodeURIComponent(wa)).toContain(`/recibo/${TOKEN}`);
    expect(screen.getByRole("link", { name: "Enviar por correo" }).getAttribute("href")).toMatch(/^mailto:\?subject=/);
  });

  it("says a sale without a DIAN number is a non-fiscal document", async () => {
    mockFetch(async () => jsonResponse({ receipt: { ...receipt, fiscal: null } }));
    render(<ReceiptPage token={TOKEN} />);
    const doc = await screen.findByRole("article", { name: "Recibo de la venta #41" });
    expect(within(doc).queryByTestId("receipt-fiscal-number")).toBeNull();
    expect(within(doc).getByTestId("receipt-fiscal-note").textContent).toMatch(/^Documento no fiscal/);
  });

  it("says so when the link opens no receipt", async () => {
    mockFetch(async () => jsonResponse({ detail: "Recibo no encontrado" }, 404));
    render(<ReceiptPage token={TOKEN} />);
    expect(await screen.findByText("Recibo no encontrado")).toBeTruthy();
    expect(screen.getByText("No se pudo abrir el recibo")).toBeTruthy();
  });
});

const returned = {
  sale_number: 41,
  reason: "Talla",
  lines: [
    { reference: "CONVERSE-01", description: "Converse Chuck 70 Low Negro", size: "40", quantity: 1, amount: 369900 },
  ],
  total: 369900,
  taxes: taxesOf(369900),
  refund_amount: 369900,
  refund_method: "efectivo",
  credit_amount: 0,
};

const returnReceipt = {
  ...receipt,
  kind: "return",
  number: 5,
  fiscal: null,
  electronic: {
    kind: "adjustment",
    number: "NA5",
    cude: null,
    qr: null,
    status: "pendiente",
    status_text: "Pendiente de envío a la DIAN",
  } as Receipt["electronic"],
  token: "f".repeat(32),
  lines: [],
  subtotal: 0,
  total: 0,
  taxes: [],
  payments: [],
  returned,
} satisfies Receipt;

const exchangeReceipt = {
  ...receipt,
  kind: "exchange",
  number: 6,
  token: "e".repeat(32),
  lines: [
    {
      reference: "NIKEAIRM-01",
      description: "Nike Air Max 90 Blanco",
      size: "41",
      quantity: 1,
      unit_price: 459900,
      subtotal: 459900,
    },
  ],
  subtotal: 459900,
  total: 459900,
  taxes: taxesOf(459900),
  payments: [
    { id: 20, payment_type: "nota_credito", amount: 369900, cash_received: null, change: null },
    { id: 21, payment_type: "efectivo", amount: 90000, cash_received: 100000, change: 10000 },
  ],
  returned: { ...returned, refund_amount: 0, refund_method: null, credit_amount: 369900 },
} satisfies Receipt;

describe("/recibo/<token> of a return or an exchange", () => {
  it("a return: its number, the sale it comes from, the reason, what came back and the cash refund", async () => {
    mockFetch(async () => jsonResponse({ receipt: returnReceipt }));
    render(<ReceiptPage token={returnReceipt.token} />);
    const doc = await screen.findByRole("article", { name: "Recibo de la devolución #5" });
    expect(within(doc).getByRole("heading", { name: "Devolución #5" })).toBeTruthy();
    const text = doc.textContent ?? "";
    expect(text).toMatch(/De la venta#41/);
    expect(text).toMatch(/MotivoTalla/);
    expect(text).toContain("Converse Chuck 70 Low Negro · T40");
    expect(within(doc).getByTestId("receipt-returned-total").textContent).toMatch(/369\.900/);
    // its nota de ajuste, not built yet: its number and state, no CUDE; the IVA the units carried back
    expect(text).toContain("Nota de ajuste NA5");
    expect(within(doc).getByTestId("receipt-dian-state").textContent).toBe("Estado DIAN: Pendiente de envío a la DIAN");
    expect(within(doc).getByLabelText("IVA devuelto").textContent).toMatch(/IVA 19 %\$\s?310\.840\$\s?59\.060/);
    expect(text).toMatch(/Reembolso en efectivo\$\s?369\.900/);
    expect(text).not.toContain("Saldo a favor");
    // nothing was sold: no total of a sale, no payments
    expect(within(doc).queryByTestId("receipt-total")).toBeNull();
    const wa = decodeURIComponent(screen.getByRole("link", { name: "Enviar por WhatsApp" }).getAttribute("href") ?? "");
    expect(wa).toContain("tu recibo de la devolución #5 (venta #41). Míralo aquí:");
  });

  it("an exchange: what came back as credit, what the customer took, and its payments with the nota crédito", async () => {
    mockFetch(async () => jsonResponse({ receipt: exchangeReceipt }));
    render(<ReceiptPage token={exchangeReceipt.token} />);
    const doc = await screen.findByRole("article", { name: "Recibo del cambio #6" });
    expect(within(doc).getByRole("heading", { name: "Cambio #6" })).toBeTruthy();
    expect(within(doc).getByTestId("receipt-credit").textContent).toMatch(/369\.900/);
    expect(doc.textContent).toMatch(/Saldo a favor aplicado\$\s?369\.900/);
    expect(within(doc).queryByTestId("receipt-refund")).toBeNull();
    const took = within(doc).getByRole("region", { name: "Se lleva" });
    expect(took.textContent).toContain("Nike Air Max 90 Blanco · T41");
    expect(within(took).getByTestId("receipt-total").textContent).toMatch(/459\.900/);
    expect(took.textContent).toMatch(/Nota crédito \(cambio\)\$\s?369\.900/);
    expect(took.textContent).toMatch(/Efectivo\$\s?90\.000/);
    expect(within(took).getByTestId("receipt-change").textContent).toMatch(/10\.000/);
    expect(screen.getByRole("link", { name: "Enviar por correo" }).getAttribute("href")).toContain(
      encodeURIComponent("Recibo del cambio #6 (venta #41)"),
    );
  });
});

describe("/recibo/<token> of a sale brought back later", () => {
  const twoPairs = {
    ...receipt,
    lines: [{ ...receipt.lines[0], quantity: 2, subtotal: 739800 }] as Receipt["lines"],
    subtotal: 739800,
    total: 739800,
  };

  it("keeps what was sold and adds each return with the link to its receipt and the net", async () => {
    const partly = {
      ...twoPairs,
      returns: [
        { number: 5, kind: "return", issued_at: "2026-11-27T15:00:00.000Z", amount: 369900, token: "f".repeat(32) },
      ],
      returned_total: 369900,
      net_total: 369900,
      fully_returned: false,
    } satisfies Receipt;
    mockFetch(async () => jsonResponse({ receipt: partly }));
    render(<ReceiptPage token={TOKEN} />);
    const doc = await screen.findByRole("article", { name: "Recibo de la venta #41" });
    expect(within(doc).getByTestId("receipt-total").textContent).toMatch(/739\.800/);
    const later = within(doc).getByRole("region", { name: "Devoluciones posteriores" });
    expect(later.textContent).toContain("Con devoluciones");
    expect(
      within(later)
        .getByRole("link", { name: /Devolución #5/ })
        .getAttribute("href"),
    ).toBe(`/recibo/${"f".repeat(32)}`);
    expect(within(doc).getByTestId("receipt-net").textContent).toMatch(/369\.900/);
  });

  it("says a sale came back entirely", async () => {
    const whole = {
      ...twoPairs,
      returns: [
        { number: 5, kind: "return", issued_at: "2026-11-27T15:00:00.000Z", amount: 369900, token: "f".repeat(32) },
        { number: 6, kind: "exchange", issued_at: "2026-11-27T16:00:00.000Z", amount: 369900, token: "e".repeat(32) },
      ],
      returned_total: 739800,
      net_total: 0,
      fully_returned: true,
    } satisfies Receipt;
    mockFetch(async () => jsonResponse({ receipt: whole }));
    render(<ReceiptPage token={TOKEN} />);
    const doc = await screen.findByRole("article", { name: "Recibo de la venta #41" });
    expect(doc.textContent).toContain("Devuelta por completo");
    expect(within(doc).getByRole("link", { name: /Cambio #6/ })).toBeTruthy();
    expect(within(doc).getByTestId("receipt-net").textContent).toMatch(/\$\s?0/);
  });

  it("a sale never brought back shows no returns block", async () => {
    mockFetch(async () => jsonResponse({ receipt }));
    render(<ReceiptPage token={TOKEN} />);
    const doc = await screen.findByRole("article", { name: "Recibo de la venta #41" });
    expect(within(doc).queryByRole("region", { name: "Devoluciones posteriores" })).toBeNull();
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
