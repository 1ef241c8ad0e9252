import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NewSaleView } from "../../web/src/features/seller/NewSaleView";
import { REPLACED_REASON, SAVED_ON_PHONE } from "../../web/src/features/seller/outbox/actions";
import { OutboxView } from "../../web/src/features/seller/outbox/OutboxView";
import { emptyLine, emptyPayment, emptySale } from "../../web/src/features/seller/saleForm";
import { correctedSaleAtom, flashAtom } from "../../web/src/features/seller/state";
import { addItem, getItem, itemsOf, type OutboxItem, resetOutboxConnection } from "../../web/src/lib/outbox/db";
import { outboxItem } from "../../web/src/lib/outbox/submit";
import { flushOutbox } from "../../web/src/lib/outbox/sync";
import { appStore } from "../../web/src/lib/store";
import { jsonResponse, mockFetch, render, SELLER_ID, signInSeller } from "./helpers";
import { RECEIPT_TOKEN, saleReceipt } from "./receipt-fixtures";
import { created } from "./sale-form-fixtures";

const line = {
  ...emptyLine(),
  reference_code: "NIKEAIRM-01",
  brand: "Nike",
  model: "Air Max 90",
  size: "42",
  quantity: "1",
};

function refusedSale(key: string): OutboxItem {
  const item = outboxItem(
    {
      kind: "sale",
      key,
      payload: { items: [], payment_methods: [], total_amount: 529_900, receipt: null },
      snapshot: { draft: { ...emptySale(), lines: [line] }, customer: null, total: 529_900 },
    },
    7,
  );
  return {
    ...item,
    status: "blocked",
    problem: {
      detail: "Stock insuficiente para NIKEAIRM-01 talla 42 en Local Centro",
      status: 409,
      at: item.createdAt,
    },
  };
}

beforeEach(() => {
  vi.stubGlobal("indexedDB", new IDBFactory());
  resetOutboxConnection();
});
afterEach(() => {
  resetOutboxConnection();
  appStore.set(correctedSaleAtom, null);
});

function show(items: OutboxItem[], go = vi.fn(), onTransferRequest = vi.fn()) {
  render(
    <OutboxView items={items} online sending={false} onSend={vi.fn()} go={go} onTransferRequest={onTransferRequest} />,
  );
  return { go, onTransferRequest };
}

describe("'Por resolver'", () => {
  it("says why the server refused it and discards only with a reason, keeping it on the phone", async () => {
    const item = refusedSale("key-refused-001");
    await addItem(item);
    show([item]);
    expect(screen.getByTestId("outbox-problem").textContent).toContain("Stock insuficiente para NIKEAIRM-01 talla 42");
    fireEvent.click(screen.getByRole("button", { name: "Descartar" }));
    const confirm = screen.getAllByRole("button", { name: "Descartar" }).at(-1);
    expect(confirm?.hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "El cliente desistió" }));
    if (confirm) fireEvent.click(confirm);
    await waitFor(async () => expect((await getItem("key-refused-001"))?.status).toBe("discarded"));
    expect((await getItem("key-refused-001"))?.discarded?.reason).toBe("El cliente desistió");
  });

  it("sends it again, opens the sales form with it, or asks for the pair by transfer", async () => {
    const item = refusedSale("key-refused-002");
    await addItem(item);
    const { go, onTransferRequest } = show([item]);
    fireEvent.click(screen.getByRole("button", { name: "Solicitar transferencia" }));
    expect(onTransferRequest).toHaveBeenCalledWith(
      expect.objectContaining({ sneaker_reference_code: "NIKEAIRM-01", size: "42", brand: "Nike" }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Vender otra talla" }));
    expect(go).toHaveBeenCalledWith("new-sale");
    expect(appStore.get(correctedSaleAtom)).toMatchObject({ key: "key-refused-002", draft: { lines: [line] } });
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    await waitFor(async () => expect((await getItem("key-refused-002"))?.status).toBe("pending"));
  });

  it("lists what waits to be sent apart from what was refused", () => {
    const waiting = { ...refusedSale("key-waiting-001"), status: "pending" as const, problem: null };
    show([waiting, refusedSale("key-refused-003")]);
    expect(screen.getByText("Por resolver (1)")).toBeTruthy();
    expect(screen.getByText("Pendientes de sincronizar (1)")).toBeTruthy();
    expect(screen.getByText("Pendiente de sincronizar")).toBeTruthy();
  });
});

describe("'Vender otra talla': the corrected sale", () => {
  it("replaces the refused one once recorded, ends on its receipt, and the next sale starts empty", async () => {
    signInSeller();
    const refused = refusedSale("key-refused-004");
    await addItem({ ...refused, userId: SELLER_ID });
    const draft = {
      ...emptySale(),
      lines: [{ ...line, size: "41", unit_price: "369900" }],
      payments: [{ ...emptyPayment(), amount: "369900" }],
    };
    appStore.set(correctedSaleAtom, { key: refused.key, draft, receipt: null, customer: null });
    mockFetch(async (url) => {
      if (url === "/api/v1/discounts/my-requests") return jsonResponse({ success: true, requests: [] });
      if (url.startsWith("/api/v1/cash-sessions/current")) return jsonResponse({ session: null, open_required: false });
      if (url === "/api/v1/sales/create") return jsonResponse(created, 201);
      if (url === `/api/v1/public/receipts/${RECEIPT_TOKEN}`) return jsonResponse({ receipt: saleReceipt });
      return jsonResponse({ detail: "no esperado" }, 404);
    });
    render(<NewSaleView go={vi.fn()} />);
    expect((screen.getByLabelText(/^Talla/) as HTMLInputElement).value).toBe("41");
    fireEvent.click(screen.getByRole("button", { name: "Revisar Venta" }));
    fireEvent.click(await screen.findByRole("button", { name: "Confirmar Venta" }));
    expect((await screen.findByTestId("sale-recorded")).textContent).toMatch(/Venta #41 registrada/);
    expect((await getItem("key-refused-004"))?.status).toBe("discarded");
    expect((await getItem("key-refused-004"))?.discarded?.reason).toBe(REPLACED_REASON);
    expect(appStore.get(correctedSaleAtom)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Nueva venta" }));
    expect((screen.getByLabelText(/^Código de referencia/) as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText(/^Talla/) as HTMLInputElement).value).toBe("");
  });
});

describe("'Confirmar Venta' without a connection", () => {
  /** Sells one pair of NIKEAIRM-01 for 529.900 in cash, 600.000 received, with the phone offline. */
  async function sellOffline() {
    signInSeller();
    appStore.set(flashAtom, null);
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const sent: string[] = [];
    mockFetch(async (url) => {
      if (url === "/api/v1/discounts/my-requests") return jsonResponse({ success: true, requests: [] });
      sent.push(url);
      throw new TypeError("Failed to fetch");
    });
    const go = vi.fn();
    render(<NewSaleView go={go} />);
    const change = (label: RegExp | string, value: string) => {
      const field = screen.getAllByLabelText(label)[0];
      if (!field) throw new Error(`sin campo ${String(label)}`);
      fireEvent.change(field, { target: { value } });
    };
    change(/^Código de referencia/, "NIKEAIRM-01");
    change(/^Marca/, "Nike");
    change(/^Modelo/, "Air Max 90");
    change(/^Talla/, "42");
    change(/^Precio unitario/, "529900");
    change(/^Efectivo recibido/, "600000");
    fireEvent.click(screen.getByRole("button", { name: "Revisar Venta" }));
    fireEvent.click(await screen.findByRole("button", { name: "Confirmar Venta" }));
    await screen.findByRole("heading", { name: "Venta guardada en el teléfono" });
    return { go, sent, online };
  }

  it("shows the sale kept on the phone with its receipt from the phone's copy: no number yet, nothing to share", async () => {
    const { go, sent } = await sellOffline();
    expect(screen.getByText(new RegExp(`${SAVED_ON_PHONE}\\. Venta por \\$\\s?529\\.900`))).toBeTruthy();
    expect(screen.getByTestId("number-pending").textContent).toBe(
      "Número DIAN pendiente: se asigna cuando la venta llegue al servidor",
    );
    const article = screen.getByRole("article", { name: "Recibo de la venta guardada en el teléfono" });
    const doc = within(article);
    const text = article.textContent ?? "";
    for (const part of [
      "Calzado Horma Demo",
      "Local Centro",
      "Nike Air Max 90 · T42",
      "Valentina Rojas",
      "Pendiente",
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toMatch(/#\d/);
    expect(doc.getByTestId("receipt-total").textContent).toMatch(/529\.900/);
    expect(doc.getByTestId("receipt-change").textContent).toMatch(/70\.100/);
    // no link to send before the server has the sale, and no printing of a receipt without its number
    expect(screen.queryByRole("link", { name: "Enviar por WhatsApp" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Imprimir/ })).toBeNull();
    const [kept] = await itemsOf(SELLER_ID);
    expect(kept?.kind).toBe("sale");
    expect(kept?.status).toBe("pending");
    // nothing was sent (the form only tried to read the till's state)
    expect(sent.filter((url) => !url.startsWith("/api/v1/cash-sessions/current"))).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Volver al inicio" }));
    expect(go).toHaveBeenCalledWith("dashboard");
  });

  it("once the phone delivers it, the same screen shows its number and its real receipt", async () => {
    const { online } = await sellOffline();
    online.mockReturnValue(true);
    mockFetch(async (url) => {
      if (url === "/api/v1/sales/create") return jsonResponse(created, 201);
      if (url === `/api/v1/public/receipts/${RECEIPT_TOKEN}`) return jsonResponse({ receipt: saleReceipt });
      return jsonResponse({ detail: "no esperado" }, 404);
    });
    await flushOutbox(SELLER_ID, null);
    expect((await screen.findByTestId("sale-recorded")).textContent).toMatch(/Venta #41 registrada exitosamente/);
    expect(screen.getByText("La venta guardada en el teléfono llegó al servidor.")).toBeTruthy();
    expect(await screen.findByRole("article", { name: "Recibo de la venta #41" })).toBeTruthy();
    expect(screen.queryByTestId("number-pending")).toBeNull();
    const wa = screen.getByRole("link", { name: "Enviar por WhatsApp" }).getAttribute("href") ?? "";
    expect(decodeURIComponent(wa)).toContain(`/recibo/${RECEIPT_TOKEN}`);
  });
});
