import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Expense, ReturnNotification } from "../../web/src/api/seller-schemas";
import { ExpenseFormView } from "../../web/src/features/seller/ExpenseFormView";
import { ExpensesListView } from "../../web/src/features/seller/ExpensesListView";
import { NotificationsView } from "../../web/src/features/seller/NotificationsView";
import { flashAtom } from "../../web/src/features/seller/state";
import { appStore } from "../../web/src/lib/store";
import { jsonResponse, mockFetch, render, signInSeller } from "./helpers";

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
      if (url === "/api/v1/notifications/returns") {
        return jsonResponse({ notifications: [note(1, false), note(2, true)], unread_count: 1 });
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

  it("has an empty state", async () => {
    signIn();
    mockFetch(async () => jsonResponse({ notifications: [], unread_count: 0 }));
    render(<NotificationsView />);
    expect(await screen.findByText("No tienes notificaciones de devoluciones")).toBeTruthy();
  });
});
