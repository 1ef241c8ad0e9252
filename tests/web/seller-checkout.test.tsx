import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Customer } from "../../web/src/api/customers";
import { jsonResponse } from "./helpers";
import { RECEIPT_TOKEN } from "./receipt-fixtures";
import { blocker, change, created, fillLine, renderForm, reviewButton } from "./sale-form-fixtures";
import { converseLookup } from "./scan-fixtures";

/** The checkout as Shopify POS and Square sellers know it: the 'Nueva Venta' screen from payment to receipt. */

const amounts = () => screen.getAllByLabelText("Monto").map((input) => (input as HTMLInputElement).value);
const cashReceived = () => (screen.getByLabelText(/^Efectivo recibido/) as HTMLInputElement).value;

describe("the payment starts at the total", () => {
  it("fills the first payment with the total and follows it until the seller types an amount", () => {
    renderForm();
    expect(amounts()).toEqual([""]);
    fillLine();
    expect(amounts()).toEqual(["369900"]);
    expect(reviewButton().disabled).toBe(false);
    // nothing to fill in: 'Usar saldo' would say the same amount
    expect(screen.queryByRole("button", { name: /^Usar saldo/ })).toBeNull();
    // a second pair: the payment follows
    change("Cantidad *", "2");
    expect(amounts()).toEqual(["739800"]);
    // typed by the seller: it stays theirs
    change("Monto", "500000");
    change("Cantidad *", "1");
    expect(amounts()).toEqual(["500000"]);
    expect(blocker()).toBe("Los montos no coinciden");
    fireEvent.click(screen.getByRole("button", { name: /^Usar saldo \(\$\s?369\.900\)$/ }));
    expect(amounts()).toEqual(["369900"]);
  });

  it("a second method splits what is left", () => {
    renderForm();
    fillLine();
    change("Monto", "200000");
    fireEvent.click(screen.getByRole("button", { name: "+ Agregar método de pago" }));
    expect(amounts()).toEqual(["200000", "169900"]);
    expect(reviewButton().disabled).toBe(false);
  });

  it("a first payment still at the total gives way to the amount typed in a second method", () => {
    renderForm();
    fillLine();
    fireEvent.click(screen.getByRole("button", { name: "+ Agregar método de pago" }));
    expect(amounts()).toEqual(["369900", ""]);
    change("Monto", "100000", 1);
    expect(amounts()).toEqual(["269900", "100000"]);
    expect(reviewButton().disabled).toBe(false);
  });
});

describe("quick cash", () => {
  it("'Exacto' and the round bills above the total set the cash received, and the change shows", async () => {
    const { calls } = renderForm();
    fillLine("187000");
    const quick = within(screen.getByRole("group", { name: "Efectivo rápido" }));
    expect(quick.getAllByRole("button").map((b) => b.textContent?.replace(/\s/g, " "))).toEqual([
      "Exacto",
      "$ 190.000",
      "$ 200.000",
    ]);
    fireEvent.click(quick.getByRole("button", { name: /200\.000/ }));
    expect(cashReceived()).toBe("200000");
    expect(screen.getByTestId("cash-change").textContent).toMatch(/^Cambio: \$\s?13\.000$/);
    expect(quick.getByRole("button", { name: /200\.000/ }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(quick.getByRole("button", { name: "Exacto" }));
    expect(cashReceived()).toBe("187000");
    expect(screen.getByTestId("cash-change").textContent).toMatch(/^Cambio: \$\s?0$/);

    fireEvent.click(quick.getByRole("button", { name: /190\.000/ }));
    fireEvent.click(reviewButton());
    expect((await screen.findByTestId("summary-change")).textContent).toMatch(
      /Recibido \$\s?190\.000 · Cambio \$\s?3\.000/,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Confirmar Venta" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/v1/sales/create")).toBe(true));
    const form = calls.find((c) => c.url === "/api/v1/sales/create")?.init?.body as FormData;
    expect(JSON.parse(String(form.get("payment_methods")))).toEqual([
      { payment_type: "efectivo", amount: 187000, reference: null, cash_received: 190000 },
    ]);
  });

  it("offers no quick cash for a card payment or before there is an amount", () => {
    renderForm();
    expect(screen.queryByRole("group", { name: "Efectivo rápido" })).toBeNull();
    fillLine();
    expect(screen.getByRole("group", { name: "Efectivo rápido" })).toBeTruthy();
    change("Método", "tarjeta");
    expect(screen.queryByRole("group", { name: "Efectivo rápido" })).toBeNull();
  });
});

describe("size chips", () => {
  it("once the reference is known, offers the sizes in stock at the store; a tap chooses one, typing still works", async () => {
    const { calls } = renderForm(({ url }) =>
      url.startsWith("/api/v1/products/lookup") ? jsonResponse(converseLookup()) : jsonResponse(created, 201),
    );
    const size = () => (screen.getByLabelText(/^Talla/) as HTMLInputElement).value;
    expect(screen.queryByRole("group", { name: /^Tallas en/ })).toBeNull();
    change(/^Código de referencia/, "converse-01");
    fireEvent.blur(screen.getByLabelText(/^Código de referencia/));

    const chips = within(await screen.findByRole("group", { name: "Tallas en Local Centro" }));
    // 38 is only at the bodega, 41 only a single foot here: neither is offered
    expect(chips.getAllByRole("radio").map((r) => (r as HTMLInputElement).value)).toEqual([
      "39",
      "40",
      "42",
      "43",
      "44",
    ]);
    expect(chips.getByRole("radio", { name: /^40/ }).closest("label")?.textContent).toBe("403 pares");
    fireEvent.click(chips.getByRole("radio", { name: /^42/ }));
    expect(size()).toBe("42");
    expect((chips.getByRole("radio", { name: /^42/ }) as HTMLInputElement).checked).toBe(true);
    // a size not in stock here can still be typed (the server says whether it can be sold)
    change(/^Talla/, "38");
    expect(chips.getAllByRole("radio").some((r) => (r as HTMLInputElement).checked)).toBe(false);
    // the lookup that named the product brought the stock: asked once
    expect(calls.filter((c) => c.url.startsWith("/api/v1/products/lookup"))).toHaveLength(1);
  });
});

const ana: Customer = {
  id: 41,
  name: "Laura Gómez",
  document_type: "CC",
  document_number: "1020304050",
  nit_check_digit: null,
  document: "CC 1020304050",
  phone: "3001234567",
  email: "laura@correo.co",
  data_consent: true,
  consent_at: "2026-11-20T15:00:00.000Z",
  created_at: "2026-11-20T15:00:00.000Z",
  updated_at: "2026-11-20T15:00:00.000Z",
};

describe("'Venta registrada': the receipt on screen right after 'Confirmar Venta'", () => {
  it("shows the sale's number, its receipt and the actions; WhatsApp and e-mail go to the sale's customer", async () => {
    const { go, calls } = renderForm(({ url }) =>
      url.startsWith("/api/v1/customers")
        ? jsonResponse({ customers: [ana], count: 1, total: 1, offset: 0, limit: 30 })
        : jsonResponse(created, 201),
    );
    fillLine();
    change("Buscar por documento o celular", "1020304050");
    fireEvent.click(await screen.findByRole("button", { name: /Laura Gómez/ }));
    fireEvent.click(reviewButton());
    fireEvent.click(await screen.findByRole("button", { name: "Confirmar Venta" }));

    expect(await screen.findByRole("heading", { name: "Venta registrada" })).toBeTruthy();
    expect(screen.getByTestId("sale-recorded").textContent).toMatch(
      /^Venta #41 registrada exitosamente\. Total: \$\s?369\.900$/,
    );
    const doc = await screen.findByRole("article", { name: "Recibo de la venta #41" });
    expect(within(doc).getByTestId("receipt-total").textContent).toMatch(/369\.900/);
    expect(screen.getByRole("button", { name: "Imprimir (80 mm)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Imprimir A4" })).toBeTruthy();
    const wa = screen.getByRole("link", { name: "Enviar por WhatsApp" }).getAttribute("href") ?? "";
    expect(wa.startsWith("https://wa.me/573001234567?text=")).toBe(true);
    expect(decodeURIComponent(wa)).toContain(`/recibo/${RECEIPT_TOKEN}`);
    expect(screen.getByRole("link", { name: "Enviar por correo" }).getAttribute("href")).toMatch(
      /^mailto:laura%40correo\.co\?subject=/,
    );
    // still on the screen: nothing took the seller away
    expect(go).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.url === "/api/v1/sales/create")).toHaveLength(1);

    // 'Nueva venta': an empty form, payment and customer included
    fireEvent.click(screen.getByRole("button", { name: "Nueva venta" }));
    expect((screen.getByLabelText(/^Código de referencia/) as HTMLInputElement).value).toBe("");
    expect(amounts()).toEqual([""]);
    expect(screen.queryByTestId("picked-customer")).toBeNull();
  });

  it("'Imprimir (80 mm)' prints the receipt on the roll; 'Volver al inicio' goes to the dashboard", async () => {
    const { go } = renderForm();
    fillLine();
    fireEvent.click(reviewButton());
    fireEvent.click(await screen.findByRole("button", { name: "Confirmar Venta" }));
    await screen.findByRole("article", { name: "Recibo de la venta #41" });
    let paper: string | undefined;
    vi.stubGlobal("print", () => {
      paper = document.documentElement.dataset.paper;
    });
    fireEvent.click(screen.getByRole("button", { name: "Imprimir (80 mm)" }));
    expect(paper).toBe("80mm");
    expect(document.head.querySelector("style[data-receipt-paper]")?.textContent).toMatch(/size: 80mm \d+mm/);
    fireEvent.click(screen.getByRole("button", { name: "Volver al inicio" }));
    expect(go).toHaveBeenCalledWith("dashboard");
  });
});
