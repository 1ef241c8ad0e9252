import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NewSaleView } from "../../web/src/features/seller/NewSaleView";
import { SAVED_ON_PHONE } from "../../web/src/features/seller/outbox/actions";
import { OutboxView } from "../../web/src/features/seller/outbox/OutboxView";
import { emptyLine, emptySale } from "../../web/src/features/seller/saleForm";
import { correctedSaleAtom, flashAtom } from "../../web/src/features/seller/state";
import { addItem, getItem, itemsOf, type OutboxItem, resetOutboxConnection } from "../../web/src/lib/outbox/db";
import { outboxItem } from "../../web/src/lib/outbox/submit";
import { appStore } from "../../web/src/lib/store";
import { jsonResponse, mockFetch, render, SELLER_ID, signInSeller } from "./helpers";

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

describe("'Confirmar Venta' without a connection", () => {
  it("says the sale is saved on the phone on the review screen itself, before going to the dashboard", async () => {
    signInSeller();
    appStore.set(flashAtom, null);
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const sent: string[] = [];
    mockFetch(async (url) => {
      if (url === "/api/v1/discounts/my-requests") return jsonResponse({ success: true, requests: [] });
      sent.push(url);
      throw new TypeError("Failed to fetch");
    });
    // what the seller had on screen when the app moved on to the dashboard
    let onScreenAtGo = "";
    const go = vi.fn(() => {
      onScreenAtGo = document.body.textContent ?? "";
    });
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
    change("Monto", "529900");
    fireEvent.click(screen.getByRole("button", { name: "Revisar Venta" }));
    fireEvent.click(await screen.findByRole("button", { name: "Confirmar Venta" }));

    await waitFor(() => expect(go).toHaveBeenCalledWith("dashboard", { replace: true }), { timeout: 5_000 });
    expect(onScreenAtGo).toMatch(new RegExp(`${SAVED_ON_PHONE}\\. Venta por \\$\\s?529\\.900`));
    const [kept] = await itemsOf(SELLER_ID);
    expect(kept?.kind).toBe("sale");
    expect(kept?.status).toBe("pending");
    expect(appStore.get(flashAtom)?.text).toMatch(/^Guardada en el teléfono/);
    // nothing was sent (the form only tried to read the till's state)
    expect(sent.filter((url) => !url.startsWith("/api/v1/cash-sessions/current"))).toEqual([]);
  });
});
