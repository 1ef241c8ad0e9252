import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { TillSession } from "../../web/src/api/till";
import { TillView } from "../../web/src/features/seller/TillView";
import { signOutAtom } from "../../web/src/lib/session";
import { appStore } from "../../web/src/lib/store";
import { TillReport } from "../../web/src/lib/till/TillReport";
import { jsonResponse, mockFetch, render, signInSeller } from "./helpers";

afterEach(() => appStore.set(signOutAtom));

const open = {
  id: 7,
  location_id: 1,
  location_name: "Local Centro",
  status: "open",
  opened_at: "2026-11-26T13:00:00.000Z",
  opened_by_name: "Valentina Rojas",
  opening_float: 100000,
  closed_at: null,
  closed_by_name: null,
  totals: {
    cash_sales: 300000,
    card_sales: 50000,
    transfer_sales: 0,
    cash_refunds: 0,
    card_refunds: 0,
    cash_rejected: 0,
    card_rejected: 0,
    transfer_rejected: 0,
    transfer_refunds: 0,
    cash_in: 0,
    cash_out: 20000,
    cash_expenses: 0,
  },
  expected: { efectivo: 380000, tarjeta: 50000, transferencia: 0 },
  counted: { efectivo: null, tarjeta: null, transferencia: null },
  difference: { efectivo: null, tarjeta: null, transferencia: null },
  alert_threshold: 20000,
  alert: false,
  close_note: null,
  movements: [
    {
      id: 1,
      kind: "out",
      amount: 20000,
      reason: "Consignación",
      user_name: "Valentina Rojas",
      created_at: "2026-11-26T14:00:00.000Z",
    },
  ],
} satisfies TillSession;

describe("Caja", () => {
  it("opens the till with its float when there is none, then shows the open till read again", async () => {
    signInSeller();
    let opened = false;
    const calls = mockFetch(async (url) => {
      if (url.endsWith("/current")) return jsonResponse({ session: opened ? open : null });
      opened = true;
      return jsonResponse({ success: true, message: "Caja abierta", session: open }, 201);
    });
    render(<TillView />);
    fireEvent.change(await screen.findByLabelText(/^Base en efectivo/), { target: { value: "100000" } });
    fireEvent.click(screen.getByRole("button", { name: "Abrir caja" }));
    await waitFor(() =>
      expect(calls.mock.calls.some(([url]) => String(url).endsWith("/cash-sessions/open"))).toBe(true),
    );
    const [, init] = calls.mock.calls.find(([url]) => String(url).endsWith("/cash-sessions/open")) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ opening_float: 100000 });
    expect(new Headers(init?.headers).get("Idempotency-Key")).toBeTruthy();
    // the open till comes from the server's answer to a new read, not from the form
    expect(await screen.findByRole("article", { name: "Caja #7" })).toBeTruthy();
  });

  it("shows what the drawer should hold, asks a note for a difference, closes and shows the Z report", async () => {
    signInSeller();
    const closed = {
      ...open,
      status: "closed",
      closed_at: "2026-11-26T22:00:00.000Z",
      closed_by_name: "Valentina Rojas",
      counted: { efectivo: 370000, tarjeta: null, transferencia: null },
      difference: { efectivo: -10000, tarjeta: null, transferencia: null },
      close_note: "Faltante",
    } satisfies TillSession;
    const calls = mockFetch(async (url) =>
      url.endsWith("/current")
        ? jsonResponse({ session: open })
        : jsonResponse({ success: true, message: "Caja cerrada", session: closed }),
    );
    render(<TillView />);
    expect((await screen.findByRole("article", { name: "Caja #7" })).textContent).toMatch(
      /Efectivo esperado en caja\$\s?380\.000/,
    );
    // a cash-out above the drawer is not sent as it is: it asks an administrador's PIN (here, cancelled)
    fireEvent.change(screen.getByLabelText(/^Monto/), { target: { value: "500000" } });
    fireEvent.change(screen.getByLabelText(/^Motivo/), { target: { value: "Pago" } });
    fireEvent.click(screen.getByRole("button", { name: "Registrar movimiento" }));
    const ask = await screen.findByRole("dialog", { name: "Autorización de administrador" });
    expect(ask.textContent).toMatch(/En la caja hay \$\s?380\.000 y la salida es de \$\s?500\.000/);
    fireEvent.click(within(ask).getByRole("button", { name: "Cancelar" }));
    fireEvent.change(screen.getByLabelText(/^Efectivo contado/), { target: { value: "370000" } });
    expect(screen.getByTestId("close-difference").textContent).toMatch(
      /Diferencia: -\$\s?10\.000|Diferencia: \$\s?-10\.000/,
    );
    fireEvent.click(screen.getByRole("button", { name: "Cerrar caja" }));
    expect(await screen.findByText("Explica la diferencia con lo esperado")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Nota"), { target: { value: "Faltante" } });
    fireEvent.click(screen.getByRole("button", { name: "Cerrar caja" }));
    await screen.findByRole("article", { name: "Cierre de caja #7" });
    expect(screen.getByTestId("difference-efectivo").textContent).toMatch(/10\.000/);
    const [, init] = calls.mock.calls.find(([url]) => String(url).endsWith("/cash-sessions/7/close")) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      counted_cash: 370000,
      counted_card: null,
      counted_transfer: null,
      note: "Faltante",
    });
    expect(calls.mock.calls.some(([url]) => String(url).includes("/movements"))).toBe(false);
  });

  it("a cash-out above the drawer goes with an administrador's PIN; a wrong PIN stays in the dialog", async () => {
    signInSeller();
    const sent: Record<string, unknown>[] = [];
    const calls = mockFetch(async (url, init) => {
      if (url.endsWith("/current")) return jsonResponse({ session: open });
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      sent.push(body);
      return body.admin_pin === "2468"
        ? jsonResponse({ success: true, message: "Movimiento registrado", session: open }, 201)
        : jsonResponse({ detail: "PIN de administrador incorrecto" }, 403);
    });
    render(<TillView />);
    await screen.findByRole("article", { name: "Caja #7" });
    fireEvent.change(screen.getByLabelText(/^Monto/), { target: { value: "500000" } });
    fireEvent.change(screen.getByLabelText(/^Motivo/), { target: { value: "Pago proveedor" } });
    fireEvent.click(screen.getByRole("button", { name: "Registrar movimiento" }));
    const ask = await screen.findByRole("dialog", { name: "Autorización de administrador" });
    expect(sent).toEqual([]);
    fireEvent.change(within(ask).getByLabelText(/^PIN del administrador/), { target: { value: "1111" } });
    fireEvent.click(within(ask).getByRole("button", { name: "Autorizar y registrar" }));
    expect(await within(ask).findByText(/PIN de administrador incorrecto/)).toBeTruthy();
    fireEvent.change(within(ask).getByLabelText(/^PIN del administrador/), { target: { value: "2468" } });
    fireEvent.click(within(ask).getByRole("button", { name: "Autorizar y registrar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.at(-1)).toEqual({ kind: "out", amount: 500000, reason: "Pago proveedor", admin_pin: "2468" });
    const keys = calls.mock.calls
      .filter(([url]) => String(url).includes("/movements"))
      .map(([, init]) => new Headers(init?.headers).get("Idempotency-Key"));
    expect(keys.every(Boolean)).toBe(true);
  });

  it("a cash-out the server finds above the drawer (409) asks the PIN too", async () => {
    signInSeller();
    const sent: Record<string, unknown>[] = [];
    mockFetch(async (url, init) => {
      if (url.endsWith("/current")) return jsonResponse({ session: open });
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      sent.push(body);
      return body.admin_pin
        ? jsonResponse({ success: true, message: "Movimiento registrado", session: open }, 201)
        : jsonResponse(
            {
              detail:
                "No hay suficiente efectivo en la caja: hay $ 100.000 y se necesitan $ 300.000. Un administrador puede autorizarlo con su PIN y un motivo",
            },
            409,
          );
    });
    render(<TillView />);
    await screen.findByRole("article", { name: "Caja #7" });
    fireEvent.change(screen.getByLabelText(/^Monto/), { target: { value: "300000" } });
    fireEvent.change(screen.getByLabelText(/^Motivo/), { target: { value: "Consignación" } });
    fireEvent.click(screen.getByRole("button", { name: "Registrar movimiento" }));
    const ask = await screen.findByRole("dialog", { name: "Autorización de administrador" });
    expect(ask.textContent).toContain("hay $ 100.000 y se necesitan $ 300.000");
    fireEvent.change(within(ask).getByLabelText(/^PIN del administrador/), { target: { value: "2468" } });
    fireEvent.click(within(ask).getByRole("button", { name: "Autorizar y registrar" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ amount: 300000, admin_pin: "2468" });
  });

  it("counts refunds: cash ones always, card and transfer ones only when there were some", () => {
    const { rerender } = render(<TillReport session={open} />);
    const report = () => screen.getByRole("article", { name: "Caja #7" }).textContent ?? "";
    expect(report()).toMatch(/Devoluciones en efectivo\$\s?0/);
    expect(report()).not.toContain("Devoluciones con tarjeta");
    const refunded = {
      ...open,
      totals: { ...open.totals, cash_refunds: 89900, card_refunds: 120000, cash_rejected: 50000 },
      expected: { efectivo: 290100, tarjeta: -70000, transferencia: 0 },
    } satisfies TillSession;
    rerender(<TillReport session={refunded} />);
    expect(report()).toMatch(/Devoluciones en efectivo-\$\s?89\.900/);
    expect(report()).toMatch(/Devoluciones con tarjeta-\$\s?120\.000/);
    expect(report()).not.toContain("Devoluciones por transferencia");
    // a sale of an earlier till rejected during this one: its cash left this drawer
    expect(report()).toMatch(/Ventas de cajas anteriores rechazadas-\$\s?50\.000/);
    expect(report()).not.toContain("Rechazos con tarjeta");
  });
});
