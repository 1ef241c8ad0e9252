import "fake-indexeddb/auto";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Expense, ReturnNotification, VendorDashboard } from "../../web/src/api/seller-schemas";
import { NotificationsView } from "../../web/src/features/notices/NotificationsView";
import { DashboardTiles } from "../../web/src/features/seller/DashboardTiles";
import { ExpenseFormView } from "../../web/src/features/seller/ExpenseFormView";
import { ExpensesListView } from "../../web/src/features/seller/ExpensesListView";
import { queuedExpensesToday } from "../../web/src/features/seller/outbox/actions";
import { flashAtom } from "../../web/src/features/seller/state";
import { addItem, itemsOf, type OutboxItem, removeItem, resetOutboxConnection } from "../../web/src/lib/outbox/db";
import { outboxChanged } from "../../web/src/lib/outbox/events";
import { outboxItem } from "../../web/src/lib/outbox/submit";
import { queryClient } from "../../web/src/lib/query/client";
import { appStore } from "../../web/src/lib/store";
import { jsonResponse, mockFetch, render, SELLER_ID, signInSeller } from "./helpers";

beforeEach(() => {
  vi.stubGlobal("indexedDB", new IDBFactory());
  resetOutboxConnection();
});
afterEach(() => resetOutboxConnection());

function signIn() {
  signInSeller();
  appStore.set(flashAtom, null);
}

const expense = {
  id: 12,
  concept: "Bolsas de empaque",
  amount: 18500,
  notes: "Paquete de 100",
  has_receipt: false,
  receipt_url: null,
  location_id: 1,
  user_id: 5,
  created_at: "2026-11-21T20:00:00.000Z",
} satisfies Expense;

function renderExpenseForm(answer: () => Response) {
  signIn();
  const fetch = mockFetch(async () => answer());
  const go = vi.fn();
  render(<ExpenseFormView go={go} />);
  return { fetch, go };
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Registrar Gasto" }));

describe("ExpenseFormView", () => {
  it("requires a concept and an amount of at least 0.01 before calling the server", () => {
    const { fetch } = renderExpenseForm(() => jsonResponse({}));
    type(/^Monto/, "5000");
    submit();
    expect(screen.getByRole("alert").textContent).toBe("El concepto es requerido");
    type(/^Concepto/, "Bolsas");
    type(/^Monto/, "0");
    submit();
    expect(screen.getByRole("alert").textContent).toBe("El monto debe ser al menos 0,01");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("clears a field's error as soon as the field is valid", () => {
    renderExpenseForm(() => jsonResponse({}));
    submit();
    expect(screen.getByRole("alert").textContent).toBe("El concepto es requerido");
    expect(screen.getByLabelText(/^Concepto/).getAttribute("aria-invalid")).toBe("true");
    type(/^Concepto/, "B");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByLabelText(/^Concepto/).getAttribute("aria-invalid")).toBeNull();
    submit();
    expect(screen.getByRole("alert").textContent).toBe("El monto debe ser al menos 0,01");
    type(/^Monto/, "0");
    expect(screen.getByRole("alert").textContent).toBe("El monto debe ser al menos 0,01");
    type(/^Monto/, "1500");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("previews what is typed", () => {
    renderExpenseForm(() => jsonResponse({}));
    type(/^Concepto/, "Transporte");
    type(/^Monto/, "12000");
    const preview = screen.getByRole("complementary", { name: "Vista previa del gasto" });
    expect(preview.textContent).toContain("Transporte");
    expect(screen.getByTestId("expense-preview-amount").textContent).toMatch(/12\.000/);
  });

  it("reports a refusal as 'Error al registrar el gasto: ' plus the server's message", async () => {
    renderExpenseForm(() => jsonResponse({ detail: "El monto es demasiado alto" }, 422));
    type(/^Concepto/, "Bolsas");
    type(/^Monto/, "5000");
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Error al registrar el gasto: El monto es demasiado alto",
    );
  });

  it("sends concept, amount and notes as multipart and returns to the dashboard with a message", async () => {
    const { fetch, go } = renderExpenseForm(() =>
      jsonResponse({ success: true, message: "Gasto registrado exitosamente", expense_id: 12, expense }, 201),
    );
    type(/^Concepto/, " Bolsas de empaque ");
    type(/^Monto/, "18500");
    type(/^Notas/, "Paquete de 100");
    submit();
    await waitFor(() => expect(go).toHaveBeenCalledWith("dashboard", { replace: true }));
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/v1/expenses/create");
    const form = init?.body as FormData;
    expect(form.get("concept")).toBe("Bolsas de empaque");
    expect(form.get("amount")).toBe("18500");
    expect(form.get("notes")).toBe("Paquete de 100");
    expect(form.get("receipt_image")).toBeNull();
    expect(new Headers(init?.headers).get("Idempotency-Key")).toBeTruthy();
    expect(appStore.get(flashAtom)?.text).toMatch(/Gasto registrado exitosamente: Bolsas de empaque por \$\s?18\.500/);
  });
});

describe("ExpenseFormView, an expense the drawer cannot pay", () => {
  it("asks an administrador's PIN and why, sends it straight to the server, and keeps no PIN on the phone", async () => {
    signIn();
    const bodies: FormData[] = [];
    const fetch = mockFetch(async (_url, init) => {
      const form = init?.body as FormData;
      bodies.push(form);
      if (!form.get("admin_pin"))
        return jsonResponse(
          {
            detail:
              "No hay suficiente efectivo en la caja: hay $ 10.000 y se necesitan $ 18.500. Un administrador puede autorizarlo con su PIN y un motivo",
          },
          409,
        );
      if (form.get("admin_pin") !== "2468") return jsonResponse({ detail: "PIN de administrador incorrecto" }, 403);
      return jsonResponse({ success: true, message: "Gasto registrado exitosamente", expense_id: 12, expense }, 201);
    });
    const go = vi.fn();
    render(<ExpenseFormView go={go} />);
    type(/^Concepto/, "Bolsas de empaque");
    type(/^Monto/, "18500");
    submit();
    const ask = await screen.findByRole("dialog", { name: "Autorización de administrador" });
    expect(ask.textContent).toContain("hay $ 10.000 y se necesitan $ 18.500");
    // the refused try left nothing in the outbox
    expect(await itemsOf(SELLER_ID)).toEqual([]);
    const pin = within(ask).getByLabelText(/^PIN del administrador/);
    fireEvent.change(pin, { target: { value: "2468" } });
    fireEvent.click(within(ask).getByRole("button", { name: "Autorizar y registrar" }));
    expect(await within(ask).findByText(/Escribe el motivo/)).toBeTruthy();
    fireEvent.change(within(ask).getByLabelText(/^Motivo de la autorización/), { target: { value: "Caja sin base" } });
    fireEvent.change(pin, { target: { value: "1111" } });
    fireEvent.click(within(ask).getByRole("button", { name: "Autorizar y registrar" }));
    expect(await within(ask).findByText(/PIN de administrador incorrecto/)).toBeTruthy();
    fireEvent.change(pin, { target: { value: "2468" } });
    fireEvent.click(within(ask).getByRole("button", { name: "Autorizar y registrar" }));
    await waitFor(() => expect(go).toHaveBeenCalledWith("dashboard", { replace: true }));
    const last = bodies.at(-1);
    expect(last?.get("admin_pin")).toBe("2468");
    expect(last?.get("authorization_reason")).toBe("Caja sin base");
    expect(last?.get("concept")).toBe("Bolsas de empaque");
    // the covered try has a key of its own, the same on a retry of the same covered expense
    const keys = fetch.mock.calls.map(([, init]) => new Headers(init?.headers).get("Idempotency-Key"));
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
    expect(JSON.stringify(await itemsOf(SELLER_ID))).not.toContain("2468");
    expect(appStore.get(flashAtom)?.text).toMatch(/Gasto registrado exitosamente/);
  });
});

describe("ExpensesListView", () => {
  it("shows the day's total, count and each expense", async () => {
    signIn();
    mockFetch(async () =>
      jsonResponse({ date: "2026-11-21", data: [expense], summary: { total_amount: 18500, count: 1 } }),
    );
    render(<ExpensesListView go={vi.fn()} />);
    expect(await screen.findByText("Bolsas de empaque")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Resumen de gastos" }).textContent).toMatch(/18\.500.*Cantidad1/);
  });
});

/** An expense recorded without a connection: kept in the outbox, not on the server yet. */
function keptExpense(
  key: string,
  concept: string,
  amount: number,
  status: OutboxItem["status"] = "pending",
): OutboxItem {
  const item = outboxItem({ kind: "expense", key, payload: { concept, amount, notes: "", receipt: null } }, SELLER_ID);
  return status === "blocked"
    ? { ...item, status, problem: { detail: "La caja está cerrada", status: 409, at: item.createdAt } }
    : item;
}

describe("ExpensesListView with expenses kept on the phone", () => {
  it("lists a queued expense as 'Pendiente de enviar' and counts it once, before and after it is sent", async () => {
    signIn();
    const taxi = { ...expense, id: 13, concept: "Taxi al banco", amount: 12_000, notes: "" };
    let server = { date: "2026-11-21", data: [expense], summary: { total_amount: 18_500, count: 1 } };
    mockFetch(async () => jsonResponse(server));
    await addItem(keptExpense("key-expense-taxi-01", "Taxi al banco", 12_000));
    await addItem(keptExpense("key-expense-refused", "Almuerzo", 25_000, "blocked"));
    render(<ExpensesListView go={vi.fn()} />);
    expect(await screen.findByText("Taxi al banco")).toBeTruthy();
    await screen.findByText("Bolsas de empaque");
    const kept = screen.getAllByTestId("queued-expense");
    expect(kept).toHaveLength(2);
    const taxiCard = kept.find((card) => card.textContent?.includes("Taxi al banco"));
    expect(taxiCard && within(taxiCard).getByText("Pendiente de enviar")).toBeTruthy();
    // the pending one is added to the day's figures, the refused one is listed but not counted
    const summary = () => screen.getByRole("region", { name: "Resumen de gastos" }).textContent ?? "";
    expect(summary()).toMatch(/30\.500.*Cantidad2/);
    expect(screen.getByTestId("queued-expenses-figures").textContent).toMatch(
      /Incluye 1 gasto en el teléfono, pendiente de enviar: \$\s?12\.000\. 1 gasto por resolver, sin contar\./,
    );

    // sent (as the outbox's round does): it leaves the outbox, the seller's screens are read again and
    // the server lists it; it is counted once
    server = { date: "2026-11-21", data: [taxi, expense], summary: { total_amount: 30_500, count: 2 } };
    await removeItem("key-expense-taxi-01");
    act(() => outboxChanged());
    await act(() => queryClient.invalidateQueries({ queryKey: ["seller"] }));
    await waitFor(() => expect(screen.getAllByTestId("queued-expense")).toHaveLength(1));
    await waitFor(() => expect(summary()).toMatch(/30\.500.*Cantidad2/));
    expect(screen.getAllByText("Taxi al banco")).toHaveLength(1);
    expect(screen.queryByText("Pendiente de enviar")).toBeNull();
  });

  it("adds pending expenses to the dashboard's 'Gastos del día' tile, said apart", async () => {
    await addItem(keptExpense("key-expense-taxi-02", "Taxi", 12_000));
    const items = [keptExpense("key-expense-taxi-02", "Taxi", 12_000)];
    const data = {
      today_summary: { expenses: { count: 2, total_amount: 30_500 } },
      pending_actions: {
        sale_confirmations: 0,
        transfer_requests: {
          pending: 0,
          urgent: 0,
          in_transit: 0,
          completed_today: 0,
          cancelled_today: 0,
          success_rate: null,
        },
        discount_requests: { pending: 0, approved: 0, rejected: 0 },
        return_notifications: 0,
      },
    } as unknown as VendorDashboard;
    render(<DashboardTiles data={data} go={vi.fn()} queuedExpenses={queuedExpensesToday(items)} />);
    const tile = screen.getByRole("button", { name: /Gastos del día/ });
    expect(tile.textContent).toMatch(/42\.500/);
    expect(tile.textContent).toContain("3 gastos · 1 pendiente de enviar");
  });
});

const note = (id: number, isRead: boolean) =>
  ({
    id,
    type: "return",
    title: `Devolución #${id} recibida`,
    message: "La bodega recibió el par devuelto.",
    transfer_id: id,
    is_read: isRead,
    read_at: isRead ? "2026-11-21T19:00:00.000Z" : null,
    created_at: "2026-11-21T18:00:00.000Z",
  }) satisfies ReturnNotification;

describe("NotificationsView", () => {
  it("lists return notifications, unread ones with 'Marcar como leída', and marks them for real", async () => {
    signIn();
    const fetch = mockFetch(async (url) => {
      if (url === "/api/v1/notifications/returns?offset=0") {
        return jsonResponse({
          notifications: [note(1, false), note(2, true)],
          total: 2,
          offset: 0,
          limit: 50,
          unread_count: 1,
        });
      }
      return jsonResponse({ id: 1, is_read: true, read_at: "2026-11-21T21:00:00.000Z" });
    });
    render(<NotificationsView />);
    expect(await screen.findByText("1 sin leer")).toBeTruthy();
    expect(screen.getAllByTestId("notification")).toHaveLength(2);
    const buttons = screen.getAllByRole("button", { name: "Marcar como leída" });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0] as HTMLElement);
    expect(await screen.findByText("No tienes notificaciones sin leer.")).toBeTruthy();
    expect(fetch).toHaveBeenLastCalledWith(
      "/api/v1/notifications/returns/1/mark-read",
      expect.objectContaining({ method: "POST" }),
    );
    expect(screen.queryByRole("button", { name: "Marcar como leída" })).toBeNull();
  });

  it("says how many of how many it shows, counts every unread one, and brings the next page with 'Ver más'", async () => {
    signIn();
    const fetch = mockFetch(async (url) => {
      if (url === "/api/v1/notifications/returns?offset=0")
        return jsonResponse({
          notifications: [note(1, false), note(2, false)],
          total: 3,
          offset: 0,
          limit: 2,
          unread_count: 3,
        });
      if (url === "/api/v1/notifications/returns?offset=2")
        return jsonResponse({ notifications: [note(3, false)], total: 3, offset: 2, limit: 2, unread_count: 3 });
      return jsonResponse({ detail: "no" }, 404);
    });
    render(<NotificationsView />);
    // the unread count is the answer's (every notice), not the rows on screen
    expect(await screen.findByText("3 sin leer")).toBeTruthy();
    expect(screen.getByTestId("list-count").textContent).toBe("Mostrando 2 de 3 notificaciones");
    fireEvent.click(screen.getByRole("button", { name: "Ver más" }));
    await waitFor(() => expect(screen.getAllByTestId("notification")).toHaveLength(3));
    expect(screen.getByTestId("list-count").textContent).toBe("3 notificaciones");
    expect(screen.queryByRole("button", { name: "Ver más" })).toBeNull();
    expect(fetch).toHaveBeenCalledWith("/api/v1/notifications/returns?offset=2", expect.anything());
  });

  it("has an empty state", async () => {
    signIn();
    mockFetch(async () => jsonResponse({ notifications: [], total: 0, offset: 0, limit: 50, unread_count: 0 }));
    render(<NotificationsView />);
    expect(await screen.findByText("No tienes notificaciones de devoluciones ni de transferencias")).toBeTruthy();
  });
});
