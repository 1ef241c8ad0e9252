import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Cost, OperationalDashboard, WholesaleProduct, WholesaleStats } from "../../web/src/api/admin-schemas";
import { CostsSection } from "../../web/src/features/admin/costs/CostsSection";
import { WholesaleSection } from "../../web/src/features/admin/wholesale/WholesaleSection";
import { bogotaToday } from "../../web/src/features/company/dates";
import { ExpenseFormView } from "../../web/src/features/seller/ExpenseFormView";
import { NewTransferForm } from "../../web/src/features/seller/transfers/NewTransferForm";
import { ReturnDialog } from "../../web/src/features/seller/transfers/ReturnDialog";
import { signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render } from "./helpers";
import { parsedTransfer, signInAs } from "./transfers-fixtures";

/**
 * Every create sends an Idempotency-Key; a retry of the same submission after a network error or a
 * server error sends the same key (the server answers it once); a new submission gets a new key.
 */

type Answer = "network" | (() => Response);
type Write = { url: string; key: string | null; body: BodyInit | null | undefined };

const networkDown: Answer = "network";
const serverError: Answer = () => jsonResponse({ detail: "Error interno del servidor" }, 500);
const refused =
  (detail: string, status = 400): Answer =>
  () =>
    jsonResponse({ detail }, status);

/**
 * A fake server: GETs are answered by `read`; each write (POST/PUT/DELETE) is recorded with its key and
 * answered by the next of `answers` (the last one repeats).
 */
function fakeServer(answers: Answer[], read: (url: string) => Response = () => jsonResponse({})) {
  const writes: Write[] = [];
  mockFetch(async (url, init) => {
    if ((init?.method ?? "GET") === "GET") return read(url);
    writes.push({ url, key: new Headers(init?.headers).get("Idempotency-Key"), body: init?.body });
    const answer = answers[Math.min(writes.length, answers.length) - 1];
    if (!answer || answer === "network") throw new TypeError("Failed to fetch");
    return answer();
  });
  return writes;
}

const keysOf = (writes: Write[]) => writes.map((w) => w.key);

/** Four sends: a failure, a failure, the success, the same data again: one key for the first three, a new one after. */
function expectRetriesThenRenewal(writes: Write[]) {
  const [first, second, third, fourth] = keysOf(writes);
  expect(first).toBeTruthy();
  expect(second).toBe(first);
  expect(third).toBe(first);
  expect(fourth).toBeTruthy();
  expect(fourth).not.toBe(first);
}

/** Clicks a button and waits until the request `n` went out and the button is usable again. */
async function sendAndSettle(writes: Write[], n: number, button: () => HTMLElement) {
  fireEvent.click(button());
  await waitFor(() => expect(writes).toHaveLength(n));
  await waitFor(() => expect((button() as HTMLButtonElement).disabled).toBe(false));
}

// ---------------------------------------------------------------- transfer request

describe("transfer request form", () => {
  const LOCATIONS = [
    { id: 4, name: "Bodega Principal", type: "bodega" },
    { id: 1, name: "Local Centro", type: "local" },
  ];
  const created = () => jsonResponse({ success: true, transfer_request_id: 77, message: "Solicitud #77 creada" }, 201);

  async function open(answers: Answer[]) {
    signInAs("seller", 1);
    const writes = fakeServer(answers, (url) =>
      url === "/api/v1/locations" ? jsonResponse(LOCATIONS) : jsonResponse({}),
    );
    const onCreated = vi.fn();
    render(<NewTransferForm prefill={null} onCreated={onCreated} />);
    await screen.findByRole("option", { name: "Bodega Principal (Bodega)" });
    return { writes, onCreated };
  }

  function fill(notes = "") {
    fireEvent.change(screen.getByLabelText("Código de referencia *"), { target: { value: "NIKECORT-01" } });
    fireEvent.change(screen.getByLabelText("Marca *"), { target: { value: "Nike" } });
    fireEvent.change(screen.getByLabelText("Modelo *"), { target: { value: "Cortez" } });
    fireEvent.change(screen.getByLabelText("Talla *"), { target: { value: "39" } });
    fireEvent.change(screen.getByLabelText("Ubicación de origen *"), { target: { value: "4" } });
    fireEvent.change(screen.getByLabelText("Notas (opcional)"), { target: { value: notes } });
  }
  const request = () => screen.getByRole("button", { name: /Solicitar Transferencia|Enviando solicitud/ });

  it("retries after a network error and a 500 with the same key; the next request after success gets a new key", async () => {
    const { writes, onCreated } = await open([networkDown, serverError, created, created]);
    fill();
    await sendAndSettle(writes, 1, request);
    expect(screen.getByRole("alert").textContent).toBe("Error: Error de conexión. Intenta nuevamente.");
    await sendAndSettle(writes, 2, request);
    expect(screen.getByRole("alert").textContent).toBe("Error: Error interno del servidor");
    await sendAndSettle(writes, 3, request);
    expect(onCreated).toHaveBeenCalledWith(77);

    // The form is empty again; the same pair asked for once more is a second request.
    fill();
    await sendAndSettle(writes, 4, request);
    expect(onCreated).toHaveBeenCalledTimes(2);

    expect(writes.map((w) => w.url)).toEqual(Array(4).fill("/api/v1/transfers/request"));
    expectRetriesThenRenewal(writes);
  });

  it("a request changed after a refusal goes with a new key (the old key with other data would be refused)", async () => {
    const { writes, onCreated } = await open([refused("No hay stock en Bodega Principal"), created]);
    fill();
    await sendAndSettle(writes, 1, request);
    expect(screen.getByRole("alert").textContent).toBe("Error: No hay stock en Bodega Principal");
    fill("Cliente esperando");
    await sendAndSettle(writes, 2, request);
    expect(onCreated).toHaveBeenCalledWith(77);
    const [first, second] = keysOf(writes);
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
  });
});

// ---------------------------------------------------------------- return

describe("'Generar Devolución' dialog", () => {
  const created = () =>
    jsonResponse(
      { success: true, return_id: 40, message: "Devolución #40 solicitada", estimated_return_time: "2h" },
      201,
    );

  it("retries after a 500 and a network error with the same key, also after going back without changes", async () => {
    signInAs("seller", 1);
    const writes = fakeServer([serverError, networkDown, created, created]);
    const onCreated = vi.fn();
    render(
      <ReturnDialog
        transfer={parsedTransfer({ id: 31, status: "completed", quantity: 2, received_quantity: 2 })}
        onClose={() => undefined}
        onCreated={onCreated}
      />,
    );
    fireEvent.click(screen.getByLabelText("Un corredor la recoge en mi local"));
    fireEvent.click(screen.getByRole("button", { name: "Continuar" }));
    const confirm = () => screen.getByRole("button", { name: /Confirmar Devolución|Enviando/ });

    await sendAndSettle(writes, 1, confirm);
    expect(screen.getByRole("alert").textContent).toBe("Error creando devolución: Error interno del servidor");
    fireEvent.click(screen.getByRole("button", { name: "Atrás" }));
    fireEvent.click(screen.getByRole("button", { name: "Continuar" }));
    await sendAndSettle(writes, 2, confirm);
    expect(screen.getByRole("alert").textContent).toBe(
      "Error creando devolución: Error de conexión. Intenta nuevamente.",
    );
    await sendAndSettle(writes, 3, confirm);
    expect(onCreated).toHaveBeenCalledTimes(1);

    // A return confirmed again after it was created is a new return: the server decides, with a new key.
    await sendAndSettle(writes, 4, confirm);
    expect(onCreated).toHaveBeenCalledTimes(2);

    expect(writes.every((w) => w.url === "/api/v1/transfers/create-return")).toBe(true);
    expectRetriesThenRenewal(writes);
  });
});

// ---------------------------------------------------------------- expense

describe("expense form", () => {
  const created = () =>
    jsonResponse(
      {
        success: true,
        message: "Gasto registrado exitosamente",
        expense_id: 12,
        expense: {
          id: 12,
          concept: "Bolsas de empaque",
          amount: 18500,
          notes: "",
          has_receipt: false,
          receipt_url: null,
          created_at: "2026-11-21T20:00:00.000Z",
        },
      },
      201,
    );

  it("retries after a network error and a 500 with the same key; the same expense again after success gets a new key", async () => {
    signInAs("seller", 1);
    const writes = fakeServer([networkDown, serverError, created, created]);
    const go = vi.fn();
    render(<ExpenseFormView go={go} />);
    fireEvent.change(screen.getByLabelText(/^Concepto/), { target: { value: "Bolsas de empaque" } });
    fireEvent.change(screen.getByLabelText(/^Monto/), { target: { value: "18500" } });
    const register = () => screen.getByRole("button", { name: /Registrar Gasto|Registrando/ });

    await sendAndSettle(writes, 1, register);
    expect(screen.getByRole("alert").textContent).toBe(
      "Error al registrar el gasto: Error de conexión. Intenta nuevamente.",
    );
    await sendAndSettle(writes, 2, register);
    expect(screen.getByRole("alert").textContent).toBe("Error al registrar el gasto: Error interno del servidor");
    await sendAndSettle(writes, 3, register);
    expect(go).toHaveBeenCalledWith("dashboard", { replace: true });
    await sendAndSettle(writes, 4, register);
    expect(go).toHaveBeenCalledTimes(2);

    expect(writes.every((w) => w.url === "/api/v1/expenses/create")).toBe(true);
    expectRetriesThenRenewal(writes);
  });
});

// ---------------------------------------------------------------- cost payment

describe("cost payment ('Pagar')", () => {
  const DASHBOARD: OperationalDashboard = {
    date: "2026-11-21",
    monthly_summary: { total_monthly_costs: 2_500_000 },
    summary: { total_overdue_amount: 0, critical_alerts_count: 0, total_locations: 1 },
    locations_status: [],
    upcoming_week: [],
    critical_alerts: [],
  };
  const cost = (due: string): Cost => ({
    id: 9,
    location_id: 1,
    location_name: "Local Centro",
    nature: "fijo",
    cost_type: "arriendo",
    category: "Arriendo",
    description: "Arriendo local",
    amount: 2_500_000,
    monthly_equivalent: 2_500_000,
    frequency: "monthly",
    start_date: "2026-01-01",
    end_date: due,
    due_date: due,
    last_paid_date: null,
    is_active: true,
    created_at: "2026-01-01T10:00:00.000Z",
  });

  /** The server's cost list shows `due()` as the cost's current due date. */
  function open(answers: Answer[], due: () => string) {
    signInAdmin();
    const writes = fakeServer(answers, (url) => {
      if (url === "/api/v1/admin/admin/costs/operational-dashboard") return jsonResponse(DASHBOARD);
      if (url.startsWith("/api/v1/admin/admin/costs")) return jsonResponse({ costs: [cost(due())], total: 1 });
      if (url === "/api/v1/admin/admin/available-locations-for-users") return jsonResponse({ locations: [] });
      return jsonResponse({});
    });
    render(<CostsSection />);
    return writes;
  }
  const dueShown = (text: string) => waitFor(() => expect(screen.getByTestId("cost-row").textContent).toContain(text));
  /** 'Pagar' opens the dialog; the method is chosen; the dialog's submit is returned. */
  function openPayment(method = "transferencia") {
    fireEvent.click(screen.getByRole("button", { name: "Pagar Arriendo local" }));
    const dialog = within(screen.getByRole("dialog", { name: "Pagar · Arriendo local" }));
    fireEvent.change(dialog.getByLabelText("Método de pago *"), { target: { value: method } });
    return () => dialog.getByRole("button", { name: /Registrar pago|Registrando/ });
  }
  const sent = (due: string) => ({
    due_date: due,
    amount: 2_500_000,
    paid_on: bogotaToday(),
    payment_method: "transferencia",
    note: null,
  });

  it("names the due date it pays, retries with the same key, and pays the next period with a new key", async () => {
    let due = "2026-12-01";
    const paid = () => {
      due = "2027-01-01";
      return jsonResponse({ success: true, message: "Pago registrado", end_date: due });
    };
    const writes = open(
      [networkDown, serverError, paid, () => jsonResponse({ success: true, end_date: "2027-02-01" })],
      () => due,
    );
    await dueShown("01/12/2026");

    const submit = openPayment();
    await sendAndSettle(writes, 1, submit);
    expect(screen.getByRole("alert").textContent).toContain(
      "Error al registrar pago: Error de conexión. Intenta nuevamente.",
    );
    await sendAndSettle(writes, 2, submit);
    expect(screen.getByRole("alert").textContent).toContain("Error al registrar pago: Error interno del servidor");
    fireEvent.click(submit());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes).toHaveLength(3);
    expect(screen.getByRole("status").textContent).toContain("Arriendo local: Pago registrado");
    await dueShown("01/01/2027");
    fireEvent.click(openPayment()());
    await waitFor(() => expect(writes).toHaveLength(4));

    expect(writes.every((w) => w.url === "/api/v1/admin/admin/costs/9/pay")).toBe(true);
    expect(writes.map((w) => JSON.parse(String(w.body)))).toEqual([
      sent("2026-12-01"),
      sent("2026-12-01"),
      sent("2026-12-01"),
      sent("2027-01-01"),
    ]);
    expectRetriesThenRenewal(writes);
  });

  it("paying again after a success is a new payment (new key) of the date shown, which the server refuses if already paid", async () => {
    const writes = open(
      [
        () => jsonResponse({ success: true, message: "Pago registrado", end_date: "2027-01-01" }),
        refused("Ese vencimiento ya fue pagado; el costo tiene un vencimiento nuevo", 409),
      ],
      () => "2026-12-01", // a list that has not caught up yet
    );
    await dueShown("01/12/2026");
    fireEvent.click(openPayment()());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await sendAndSettle(writes, 2, openPayment());
    expect(screen.getByRole("alert").textContent).toContain(
      "Error al registrar pago: Ese vencimiento ya fue pagado; el costo tiene un vencimiento nuevo",
    );
    expect(writes.map((w) => JSON.parse(String(w.body)))).toEqual([sent("2026-12-01"), sent("2026-12-01")]);
    const [first, second] = keysOf(writes);
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
  });
});

// ---------------------------------------------------------------- wholesale sale

describe("wholesale sale", () => {
  const product: WholesaleProduct = {
    id: 12,
    modelo: "Runner Kids 2026",
    cantidad_cajas_disponibles: 8,
    pares_por_caja: 12,
    precio: 480_000,
    tallas: "28-34",
    foto: null,
    foto_url: null,
    is_active: true,
    created_at: "2026-11-01T10:00:00.000Z",
    updated_at: "2026-11-01T10:00:00.000Z",
  };
  const sold = () =>
    jsonResponse(
      {
        id: 3,
        mayoreo_id: 12,
        mayoreo_producto: product.modelo,
        cantidad_cajas_vendidas: 2,
        precio_unitario_venta: 480_000,
        total_venta: 960_000,
        fecha_venta: "2026-11-21T20:00:00.000Z",
        notas: null,
      },
      201,
    );

  it("retries after a 500 and a network error with the same key; the next sale of the same boxes gets a new key", async () => {
    signInAdmin();
    const writes = fakeServer([serverError, networkDown, sold, sold], (url) => {
      if (url === "/api/v1/mayoreo/productos/listar") return jsonResponse([product]);
      if (url.startsWith("/api/v1/mayoreo/ventas/listar")) return jsonResponse([]);
      if (url === "/api/v1/mayoreo/estadisticas")
        return jsonResponse({
          productos_activos: 1,
          total_cajas_disponibles: 8,
          valor_inventario: 3_840_000,
          total_ventas: 0,
          valor_total_ventas: 0,
          total_productos: 1,
          total_pares_disponibles: 96,
          total_cajas_vendidas: 0,
        } satisfies WholesaleStats);
      return jsonResponse({});
    });
    render(<WholesaleSection />);
    const sell = async () => {
      fireEvent.click(await screen.findByRole("button", { name: "Vender Runner Kids 2026" }));
      fireEvent.change(screen.getByLabelText(/^Cajas a vender/), { target: { value: "2" } });
    };
    const register = () => screen.getByRole("button", { name: /Registrar venta|Registrando/ });

    await sell();
    await sendAndSettle(writes, 1, register);
    expect(screen.getByRole("alert").textContent).toBe("Error al registrar venta: Error interno del servidor");
    await sendAndSettle(writes, 2, register);
    expect(screen.getByRole("alert").textContent).toBe(
      "Error al registrar venta: Error de conexión. Intenta nuevamente.",
    );
    fireEvent.click(register());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("status").textContent).toContain("Venta registrada exitosamente");

    await sell();
    fireEvent.click(register());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    expect(writes.every((w) => w.url === "/api/v1/mayoreo/ventas/registrar")).toBe(true);
    expect(writes.map((w) => JSON.parse(String(w.body)))).toEqual(
      Array(4).fill({ mayoreo_id: 12, cantidad_cajas_vendidas: 2, precio_unitario_venta: 480_000, notas: null }),
    );
    expectRetriesThenRenewal(writes);
  });
});
