import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../web/src/api/http";
import { NewSaleView } from "../../web/src/features/seller/NewSaleView";
import { SALE_NETWORK_ERROR, saleFailure } from "../../web/src/features/seller/saleErrors";
import {
  AMOUNTS_DO_NOT_MATCH,
  emptyLine,
  emptyPayment,
  MISSING_FIELDS,
  NO_DISCOUNT,
  reviewCheck,
  type SaleDraft,
  TOTAL_NOT_POSITIVE,
} from "../../web/src/features/seller/saleForm";
import { flashAtom } from "../../web/src/features/seller/state";
import { TILL_CLOSED_FOR_SALES } from "../../web/src/features/seller/tillState";
import { appStore } from "../../web/src/lib/store";
import { jsonResponse, mockFetch, render, signInSeller as signIn } from "./helpers";
import { approved, blocker, change, created, fillLine, renderForm, reviewButton } from "./sale-form-fixtures";

function draft(patch: Partial<SaleDraft> = {}): SaleDraft {
  return {
    lines: [
      {
        ...emptyLine(),
        reference_code: "CONVERSE-01",
        brand: "Converse",
        model: "Chuck 70 Low",
        size: "40",
        quantity: "2",
        unit_price: "100000",
      },
    ],
    discount: NO_DISCOUNT,
    payments: [{ ...emptyPayment(), amount: "200000" }],
    notes: "",
    requiresConfirmation: false,
    ...patch,
  };
}

describe("reviewCheck (the 'Revisar Venta' rule)", () => {
  it("passes a complete sale whose payments match the total", () => {
    expect(reviewCheck(draft())).toEqual({ ok: true });
  });

  it("passes split payments that add up within 0.01", () => {
    const payments = [
      { ...emptyPayment(), amount: "100000.004" },
      { ...emptyPayment("tarjeta"), amount: "99999.996", reference: "****1234" },
    ];
    expect(reviewCheck(draft({ payments }))).toEqual({ ok: true });
  });

  it("refuses payments that differ by 0.01 or more", () => {
    expect(reviewCheck(draft({ payments: [{ ...emptyPayment(), amount: "199999.99" }] }))).toEqual({
      ok: false,
      message: AMOUNTS_DO_NOT_MATCH,
    });
    expect(reviewCheck(draft({ payments: [{ ...emptyPayment(), amount: "" }] }))).toEqual({
      ok: false,
      message: AMOUNTS_DO_NOT_MATCH,
    });
  });

  it.each([
    ["reference code", { reference_code: " " }],
    ["brand", { brand: "" }],
    ["model", { model: "" }],
    ["size", { size: "" }],
    ["a zero price", { unit_price: "0" }],
    ["an empty price", { unit_price: "" }],
    ["quantity 0", { quantity: "0" }],
    ["a fractional quantity", { quantity: "1.5" }],
  ])("refuses a line without %s", (_what, patch) => {
    const base = draft();
    const line = { ...base.lines[0], ...patch } as SaleDraft["lines"][number];
    expect(reviewCheck({ ...base, lines: [line] })).toEqual({ ok: false, message: MISSING_FIELDS });
  });

  it("does not need a color", () => {
    const base = draft();
    expect(base.lines[0]?.color).toBe("");
    expect(reviewCheck(base).ok).toBe(true);
  });

  it("refuses a discount without its reason, or enabled with none chosen", () => {
    const payments = [{ ...emptyPayment(), amount: "185000" }];
    const withReason = { enabled: true, requestId: 2, amount: 15000, reason: "Caja con detalle" };
    expect(reviewCheck(draft({ discount: withReason, payments }))).toEqual({ ok: true });
    expect(reviewCheck(draft({ discount: { ...withReason, reason: "  " }, payments }))).toEqual({
      ok: false,
      message: MISSING_FIELDS,
    });
    expect(reviewCheck(draft({ discount: { ...NO_DISCOUNT, enabled: true }, payments }))).toEqual({
      ok: false,
      message: MISSING_FIELDS,
    });
  });

  it("refuses a net total of zero or less", () => {
    const discount = { enabled: true, requestId: 2, amount: 200000, reason: "Regalo" };
    expect(reviewCheck(draft({ discount, payments: [{ ...emptyPayment(), amount: "0" }] }))).toEqual({
      ok: false,
      message: TOTAL_NOT_POSITIVE,
    });
  });
});

describe("saleFailure (error catalogue)", () => {
  it.each([
    "Stock insuficiente para CONVERSE-01 talla 40 en Local Centro: disponibles 0, solicitados 1",
    "La talla 30 de CONVERSE-01 no existe en Local Centro",
    "El producto con referencia NO-EXISTE no existe en el catálogo",
  ])("%s → inventory alert", (detail) => {
    expect(saleFailure(new ApiError(409, detail, "http", detail))).toEqual({ kind: "inventory", detail });
  });

  it("anything else → '❌ Error al registrar la venta: ' plus the message", () => {
    expect(saleFailure(new ApiError(422, "Los montos no coinciden"))).toEqual({
      kind: "error",
      message: "❌ Error al registrar la venta: Los montos no coinciden",
    });
  });

  it("a lost connection is its own message", () => {
    expect(saleFailure(new ApiError(0, "x", "network"))).toEqual({ kind: "network", message: SALE_NETWORK_ERROR });
  });
});

describe("NewSaleView", () => {
  it("enables 'Revisar Venta' only when lines are complete and payments match, with the spec's messages", async () => {
    renderForm();
    expect(reviewButton().disabled).toBe(true);
    expect(blocker()).toBe(MISSING_FIELDS);

    fillLine();
    // the payment starts at the total
    expect(reviewButton().disabled).toBe(false);
    change("Monto", "184950");
    expect(reviewButton().disabled).toBe(true);
    expect(blocker()).toBe(AMOUNTS_DO_NOT_MATCH);

    fireEvent.click(screen.getByRole("button", { name: "+ Agregar método de pago" }));
    change("Monto", "184949", 1);
    expect(blocker()).toBe(AMOUNTS_DO_NOT_MATCH);
    change("Monto", "184950", 1);
    expect(reviewButton().disabled).toBe(false);
    expect(blocker()).toBeNull();

    change(/^Precio unitario/, "0");
    expect(reviewButton().disabled).toBe(true);
    expect(blocker()).toBe(MISSING_FIELDS);
  });

  it("keeps at least one payment method and shows the card reference field", () => {
    renderForm();
    expect(screen.queryByRole("button", { name: "Quitar pago" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "+ Agregar método de pago" }));
    expect(screen.getAllByRole("button", { name: "Quitar pago" })).toHaveLength(2);
    expect((screen.getByLabelText(/^Referencia/) as HTMLInputElement).placeholder).toBe("****1234");
    fireEvent.click(screen.getAllByRole("button", { name: "Quitar pago" })[1] as HTMLElement);
    expect(screen.queryByRole("button", { name: "Quitar pago" })).toBeNull();
    expect(screen.getAllByLabelText("Monto")).toHaveLength(1);
  });

  it("a discount needs an approved unused request before the sale can be reviewed", async () => {
    renderForm();
    fillLine("200000");
    change("Monto", "185000");
    fireEvent.click(screen.getByLabelText("Aplicar descuento"));
    const radio = await screen.findByRole("radio");
    // Only the approved and unused request is offered.
    expect(screen.getAllByRole("radio")).toHaveLength(1);
    expect(reviewButton().disabled).toBe(true);
    expect(blocker()).toBe(MISSING_FIELDS);
    fireEvent.click(radio);
    expect(reviewButton().disabled).toBe(false);
    expect(screen.getByTestId("sale-net-total").textContent).toMatch(/185\.000/);
  });

  it("asks for amount and reason before requesting a new discount", async () => {
    renderForm();
    fireEvent.click(screen.getByLabelText("Aplicar descuento"));
    await screen.findByRole("radio");
    fireEvent.click(screen.getByRole("button", { name: "Solicitar Descuento" }));
    expect(screen.getByText("Por favor ingrese el monto y la razón del descuento")).toBeTruthy();
  });

  it("a new discount request is listed as pending at once: the seller's requests are read again", async () => {
    signIn();
    appStore.set(flashAtom, null);
    let asked = false;
    const pending = { ...approved, id: 8, amount: 20000, discount_amount: 20000, reason: "Cliente frecuente" };
    mockFetch(async (url) => {
      if (url === "/api/v1/discounts/my-requests")
        return jsonResponse({ requests: asked ? [approved, { ...pending, status: "pending" }] : [approved] });
      if (url.startsWith("/api/v1/cash-sessions/current")) return jsonResponse({ session: null, open_required: false });
      if (url === "/api/v1/discounts/request") {
        asked = true;
        return jsonResponse(
          {
            success: true,
            message: "ok",
            discount_id: 8,
            status: "pending",
            amount: 20000,
            reason: "Cliente frecuente",
          },
          201,
        );
      }
      return jsonResponse({ detail: "no esperado" }, 404);
    });
    render(<NewSaleView go={vi.fn()} />);
    fireEvent.click(screen.getByLabelText("Aplicar descuento"));
    await screen.findByRole("radio");
    expect(screen.queryByText(/Pendientes de aprobación/)).toBeNull();
    change("Monto del descuento", "20000");
    change("Razón del descuento", "Cliente frecuente");
    fireEvent.click(screen.getByRole("button", { name: "Solicitar Descuento" }));
    expect(await screen.findByText(/Solicitud #8 enviada/)).toBeTruthy();
    expect(screen.getByText(/Pendientes de aprobación/).textContent).toContain("Cliente frecuente");
  });

  async function reviewAndConfirm() {
    fillLine();
    change("Monto", "369900");
    fireEvent.click(reviewButton());
    fireEvent.click(await screen.findByRole("button", { name: "Confirmar Venta" }));
  }

  it("says the till is closed before 'Confirmar Venta' when the company requires it open, and sends nothing", async () => {
    const { go, calls } = renderForm(undefined, { session: null, open_required: true });
    expect(await screen.findByText(TILL_CLOSED_FOR_SALES)).toBeTruthy();
    fillLine();
    change("Monto", "369900");
    fireEvent.click(reviewButton());
    const confirm = (await screen.findByRole("button", { name: "Confirmar Venta" })) as HTMLButtonElement;
    expect(screen.getByText(TILL_CLOSED_FOR_SALES)).toBeTruthy();
    expect(confirm.disabled).toBe(true);
    fireEvent.click(confirm);
    expect(calls.filter((c) => c.url.includes("/sales/create"))).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Abrir caja" }));
    expect(go).toHaveBeenLastCalledWith("till");
  });

  it("says nothing about the till when it is open, or when the company does not require it", async () => {
    renderForm(undefined, { session: null, open_required: false });
    await waitFor(() => expect(screen.getByRole("button", { name: "Revisar Venta" })).toBeTruthy());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText(TILL_CLOSED_FOR_SALES)).toBeNull();
  });

  it("counts the customer's cash: the change to hand back, and no review while the cash falls short", async () => {
    const { calls } = renderForm();
    fillLine();
    change("Monto", "369900");
    change(/^Efectivo recibido/, "300000");
    expect(screen.getByTestId("cash-change").textContent).toMatch(/^Faltan \$\s?69\.900$/);
    expect(reviewButton().disabled).toBe(true);
    expect(blocker()).toBe("El efectivo recibido no alcanza para el pago en efectivo");
    change(/^Efectivo recibido/, "400000");
    expect(screen.getByTestId("cash-change").textContent).toMatch(/^Cambio: \$\s?30\.100$/);
    fireEvent.click(reviewButton());
    expect((await screen.findByTestId("summary-change")).textContent).toMatch(
      /Recibido \$\s?400\.000 · Cambio \$\s?30\.100/,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Confirmar Venta" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const form = calls[0]?.init?.body as FormData;
    expect(JSON.parse(String(form.get("payment_methods")))).toEqual([
      { payment_type: "efectivo", amount: 369900, reference: null, cash_received: 400000 },
    ]);
  });

  it("shows the inventory alert when the server reports missing stock", async () => {
    const detail = "Stock insuficiente para CONVERSE-01 talla 40 en Local Centro: disponibles 0, solicitados 1";
    renderForm(() => jsonResponse({ detail }, 409));
    await reviewAndConfirm();
    const alert = await screen.findByText("Problema de inventario");
    const box = alert.closest('[role="alert"]');
    expect(box?.textContent).toContain(detail);
    expect(box?.textContent).toContain("código de referencia");
    expect(box?.textContent).toContain("transferencia desde otra ubicación");
    expect(box?.textContent).toContain("inventario");
  });

  it("prefixes other errors with '❌ Error al registrar la venta: '", async () => {
    renderForm(() => jsonResponse({ detail: "El descuento ya fue usado en otra venta" }, 409));
    await reviewAndConfirm();
    expect(
      await screen.findByText("❌ Error al registrar la venta: El descuento ya fue usado en otra venta"),
    ).toBeTruthy();
    expect(screen.queryByText("Problema de inventario")).toBeNull();
  });

  it("after a network failure keeps the review and retries with the same Idempotency-Key", async () => {
    let attempt = 0;
    const { go, calls } = renderForm(() => {
      attempt++;
      if (attempt === 1) throw new TypeError("Failed to fetch");
      return jsonResponse(created, 201);
    });
    await reviewAndConfirm();
    expect(await screen.findByText(SALE_NETWORK_ERROR)).toBeTruthy();
    expect(go).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Confirmar Venta" }));
    expect((await screen.findByTestId("sale-recorded")).textContent).toMatch(
      /Venta #41 registrada exitosamente\. Total: \$\s?369\.900/,
    );
    expect(go).not.toHaveBeenCalled();
    expect(calls).toHaveLength(2);
    const keys = calls.map((c) => new Headers(c.init?.headers).get("Idempotency-Key"));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);

    const body = calls[1]?.init?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(JSON.parse(String(form.get("items")))).toEqual([
      {
        sneaker_reference_code: "CONVERSE-01",
        brand: "Converse",
        model: "Chuck 70 Low",
        color: null,
        size: "40",
        quantity: 1,
        unit_price: 369900,
        price_override_id: null,
      },
    ]);
    expect(JSON.parse(String(form.get("payment_methods")))).toEqual([
      { payment_type: "efectivo", amount: 369900, reference: null, cash_received: null },
    ]);
    expect(form.get("total_amount")).toBe("369900");
    expect(form.get("requires_confirmation")).toBe("false");
  });

  it("'Editar' goes back to the form with its values; the same sale keeps its key, a changed one gets a new key", async () => {
    const { calls } = renderForm(() => jsonResponse({ detail: "x" }, 422));
    await reviewAndConfirm();
    await screen.findByText("❌ Error al registrar la venta: x");
    fireEvent.click(screen.getByRole("button", { name: "Editar" }));
    expect((screen.getByLabelText(/^Código de referencia/) as HTMLInputElement).value).toBe("CONVERSE-01");
    fireEvent.click(reviewButton());
    fireEvent.click(await screen.findByRole("button", { name: "Confirmar Venta" }));
    await waitFor(() => expect(calls).toHaveLength(2));

    fireEvent.click(await screen.findByRole("button", { name: "Editar" }));
    change(/^Notas/, "Cliente frecuente");
    fireEvent.click(reviewButton());
    fireEvent.click(await screen.findByRole("button", { name: "Confirmar Venta" }));
    await waitFor(() => expect(calls).toHaveLength(3));
    const keys = calls.map((c) => new Headers(c.init?.headers).get("Idempotency-Key"));
    expect(keys[0]).toBeTruthy();
    // Nothing changed: a new review of the same sale is still the same sale (no second one if the first went through).
    expect(keys[1]).toBe(keys[0]);
    // Other data with the old key would be refused (422), so it is a new submission.
    expect(keys[2]).toBeTruthy();
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("a sale recorded, then the same sale again, is a second sale with a new key", async () => {
    const { calls } = renderForm();
    await reviewAndConfirm();
    fireEvent.click(await screen.findByRole("button", { name: "Nueva venta" }));
    await reviewAndConfirm();
    await screen.findByTestId("sale-recorded");
    const keys = calls.map((c) => new Headers(c.init?.headers).get("Idempotency-Key"));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBeTruthy();
    expect(keys[1]).not.toBe(keys[0]);
  });
});
