import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Cost, CostPaymentEntry, OperationalDashboard } from "../../web/src/api/admin-schemas";
import { CostFormModal } from "../../web/src/features/admin/costs/CostFormModal";
import { CostPaymentsDialog } from "../../web/src/features/admin/costs/CostPaymentsDialog";
import { OperationalDashboardView } from "../../web/src/features/admin/costs/OperationalDashboardView";
import { PayCostDialog } from "../../web/src/features/admin/costs/PayCostDialog";
import {
  CATEGORIES,
  CATEGORY_TO_TYPE,
  COST_DEFAULTS,
  costKindLabel,
  costStart,
  toNewCost,
  upcomingLabel,
  validateCost,
  withNature,
} from "../../web/src/features/company/costForm";
import { bogotaToday } from "../../web/src/features/company/dates";
import { createIdempotencyKeys } from "../../web/src/lib/idempotency";
import { jsonBody, LOCATIONS, signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render } from "./helpers";

describe("a cost's kind in the list", () => {
  it("says the type once when the category repeats it (never 'Arriendo · arriendo')", () => {
    expect(costKindLabel("arriendo", "arriendo")).toBe("Arriendo");
    expect(costKindLabel("arriendo", "Arriendo")).toBe("Arriendo");
    expect(costKindLabel("nomina", "Nómina")).toBe("Nómina");
    expect(costKindLabel("nomina", "nomina")).toBe("Nómina");
    expect(costKindLabel("servicios", "Servicios Públicos")).toBe("Servicios Públicos");
    expect(costKindLabel("otros", "Seguros")).toBe("Otros · Seguros");
    expect(costKindLabel("arriendo", null)).toBe("Arriendo");
    expect(costKindLabel("arriendo", "  ")).toBe("Arriendo");
  });
});

describe("cost categories", () => {
  it("map each label to the API cost type of spec §9", () => {
    const expected: Record<string, string> = {
      Arriendo: "arriendo",
      "Servicios Públicos": "servicios",
      Internet: "servicios",
      Nómina: "nomina",
      Mercancía: "mercancia",
      Transporte: "transporte",
      Seguros: "otros",
      Publicidad: "otros",
      Mantenimiento: "otros",
      Suministros: "otros",
      "Otros Fijos": "otros",
      "Otros Variables": "otros",
    };
    for (const label of [...CATEGORIES.fijo, ...CATEGORIES.variable]) {
      expect([label, CATEGORY_TO_TYPE[label]]).toEqual([label, expected[label]]);
    }
    expect(CATEGORIES.fijo).toEqual(["Arriendo", "Servicios Públicos", "Internet", "Seguros", "Nómina", "Otros Fijos"]);
    expect(CATEGORIES.variable).toEqual([
      "Mercancía",
      "Transporte",
      "Publicidad",
      "Mantenimiento",
      "Suministros",
      "Otros Variables",
    ]);
  });

  it("changing the type clears the category; the same type keeps it", () => {
    const chosen = { ...COST_DEFAULTS, category: "Internet" };
    expect(withNature(chosen, "variable").category).toBe("");
    expect(withNature(chosen, "fijo").category).toBe("Internet");
  });

  it("builds the body with the mapped cost type, the label and the API frequency", () => {
    expect(
      toNewCost(
        {
          nature: "fijo",
          category: "Internet",
          description: " Fibra 300 ",
          amount: "120000",
          frequency: "trimestral",
          location_id: "4",
          start_date: "",
          due_date: "2026-12-05",
        },
        "2026-11-21",
      ),
    ).toEqual({
      location_id: 4,
      cost_type: "servicios",
      category: "Internet",
      nature: "fijo",
      description: "Fibra 300",
      amount: 120000,
      frequency: "quarterly",
      start_date: "2026-11-21",
      end_date: "2026-12-05",
    });
  });

  it("labels the days until due 'Hoy', 'Mañana' and 'En n días'", () => {
    expect([0, 1, 2, 7].map(upcomingLabel)).toEqual(["Hoy", "Mañana", "En 2 días", "En 7 días"]);
  });
});

describe("CostFormModal", () => {
  function open(answer: () => Response) {
    signInAdmin();
    const fetch = mockFetch(async () => answer());
    const onCreated = vi.fn();
    render(<CostFormModal locations={LOCATIONS} onClose={vi.fn()} onCreated={onCreated} />);
    return { fetch, onCreated };
  }
  const field = (label: RegExp) => screen.getByLabelText(label) as HTMLSelectElement;
  const options = (label: RegExp) =>
    Array.from(field(label).options)
      .map((o) => o.value)
      .filter(Boolean);

  it("starts as fijo/mensual, lists the type's categories and clears the category when the type changes", () => {
    open(() => jsonResponse({}));
    expect(field(/^Tipo de costo/).value).toBe("fijo");
    expect(field(/^Frecuencia/).value).toBe("mensual");
    expect(options(/^Frecuencia/)).toEqual(["diario", "semanal", "mensual", "trimestral", "anual"]);
    expect(options(/^Categoría/)).toEqual(CATEGORIES.fijo);
    fireEvent.change(field(/^Categoría/), { target: { value: "Arriendo" } });
    fireEvent.change(field(/^Tipo de costo/), { target: { value: "variable" } });
    expect(field(/^Categoría/).value).toBe("");
    expect(options(/^Categoría/)).toEqual(CATEGORIES.variable);
    expect((screen.getByLabelText(/^Monto/) as HTMLInputElement).step).toBe("1000");
  });

  it("shows the spec's messages and sends nothing while invalid", () => {
    const { fetch } = open(() => jsonResponse({}));
    fireEvent.change(screen.getByLabelText(/^Monto/), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Registrar costo" }));
    const shown = Array.from(document.querySelectorAll("p.text-red-700")).map((p) => p.textContent);
    expect(shown).toEqual([
      "La categoría es requerida",
      "La descripción es requerida",
      "El monto debe ser mayor a 0",
      "La ubicación es requerida",
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });

  function fill() {
    fireEvent.change(screen.getByLabelText(/^Categoría/), { target: { value: "Internet" } });
    fireEvent.change(screen.getByLabelText(/^Descripción/), { target: { value: "Fibra óptica" } });
    fireEvent.change(screen.getByLabelText(/^Monto/), { target: { value: "95000" } });
    fireEvent.change(screen.getByLabelText(/^Ubicación/), { target: { value: "1" } });
    fireEvent.click(screen.getByRole("button", { name: "Registrar costo" }));
  }

  it("registers the cost and reports id, description, amount and type", async () => {
    const { fetch, onCreated } = open(() =>
      jsonResponse(
        {
          success: true,
          id: 31,
          description: "Fibra óptica",
          amount: 95000,
          cost_type: "servicios",
          category: "Internet",
        },
        201,
      ),
    );
    fill();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(onCreated.mock.calls[0]?.[0]).toMatch(
      /^Costo registrado exitosamente: #31 · Fibra óptica · \$\s?95\.000 · Servicios$/,
    );
    expect(jsonBody(fetch.mock.calls[0]?.[1])).toMatchObject({
      cost_type: "servicios",
      category: "Internet",
      nature: "fijo",
      frequency: "monthly",
      location_id: 1,
      end_date: null,
    });
  });

  it("an answer without an id is not a success", async () => {
    open(() => jsonResponse({ success: true, description: "Fibra óptica" }, 201));
    fill();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Error al registrar costo: La respuesta del servidor no indica éxito",
    );
  });
});

const dashboard = (patch: Partial<OperationalDashboard> = {}): OperationalDashboard => ({
  date: "2026-11-21",
  monthly_summary: { total_monthly_costs: 4_500_000 },
  summary: { total_overdue_amount: 0, critical_alerts_count: 0, total_locations: 2 },
  locations_status: [
    {
      location_id: 1,
      location_name: "Local Centro",
      monthly_costs: 3_000_000,
      overdue_amount: 0,
      overdue_count: 0,
      upcoming_count: 2,
      status: "attention",
    },
  ],
  upcoming_week: [0, 1, 3].map((days, i) => ({
    cost_id: i + 1,
    location_name: "Local Centro",
    cost_type: "arriendo",
    description: `Costo ${i + 1}`,
    due_date: "2026-11-21",
    amount: 1000,
    days_until_due: days,
    label: "Arriendo",
  })),
  critical_alerts: [],
  ...patch,
});

describe("OperationalDashboardView", () => {
  it("labels the week ahead and says 'No hay alertas críticas' when there are none", () => {
    render(<OperationalDashboardView data={dashboard()} />);
    const items = screen.getAllByTestId("upcoming-cost").map((li) => li.textContent ?? "");
    expect(items[0]).toContain("Hoy");
    expect(items[1]).toContain("Mañana");
    expect(items[2]).toContain("En 3 días");
    expect(screen.getByText("No hay alertas críticas")).toBeTruthy();
    expect(screen.getByText("Atención")).toBeTruthy();
    expect(screen.getByTestId("costs-monthly-total").textContent).toMatch(/4\.500\.000/);
  });

  it("lists critical alerts with their priority", () => {
    render(
      <OperationalDashboardView
        data={dashboard({
          critical_alerts: [
            {
              cost_id: 5,
              location_name: "Bodega Sur",
              cost_type: "servicios",
              description: "Energía",
              amount: 800_000,
              days_overdue: 20,
              due_date: "2026-11-01",
              priority: "high",
            },
          ],
        })}
      />,
    );
    expect(screen.queryByText("No hay alertas críticas")).toBeNull();
    expect(screen.getByText("Prioridad Alta")).toBeTruthy();
    expect(screen.getByText(/20 días de retraso/)).toBeTruthy();
  });
});

// ---------------------------------------------------------------- issue 32 §2: overdue bills, paying, the log

describe("an overdue bill's start date", () => {
  it("is the one typed, else today, or the due date when that already passed", () => {
    expect(costStart({ start_date: "", due_date: "2026-11-10" }, "2026-11-21")).toBe("2026-11-10");
    expect(costStart({ start_date: "", due_date: "2026-11-30" }, "2026-11-21")).toBe("2026-11-21");
    expect(costStart({ start_date: "", due_date: "" }, "2026-11-21")).toBe("2026-11-21");
    expect(costStart({ start_date: "2026-10-01", due_date: "2026-11-10" }, "2026-11-21")).toBe("2026-10-01");
  });

  it("a due date before the typed start is refused on the due date field", () => {
    const values = { ...COST_DEFAULTS, start_date: "2026-11-15", due_date: "2026-11-10" };
    expect(validateCost(values).due_date).toBe("El vencimiento no puede ser anterior al inicio");
    expect(validateCost({ ...values, start_date: "" }).due_date).toBeUndefined();
  });

  it("the form shows the start date and sends an overdue bill with the start on its due date", async () => {
    signInAdmin();
    const fetch = mockFetch(async () =>
      jsonResponse({ success: true, id: 8, description: "Energía", amount: 95000, cost_type: "servicios" }, 201),
    );
    const onCreated = vi.fn();
    render(<CostFormModal locations={LOCATIONS} onClose={vi.fn()} onCreated={onCreated} />);
    expect((screen.getByLabelText(/^Fecha de inicio/) as HTMLInputElement).value).toBe("");
    fireEvent.change(screen.getByLabelText(/^Categoría/), { target: { value: "Servicios Públicos" } });
    fireEvent.change(screen.getByLabelText(/^Descripción/), { target: { value: "Energía" } });
    fireEvent.change(screen.getByLabelText(/^Monto/), { target: { value: "95000" } });
    fireEvent.change(screen.getByLabelText(/^Ubicación/), { target: { value: "1" } });
    fireEvent.change(screen.getByLabelText(/^Fecha de vencimiento/), { target: { value: "2020-03-10" } });
    fireEvent.click(screen.getByRole("button", { name: "Registrar costo" }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(jsonBody(fetch.mock.calls[0]?.[1])).toMatchObject({ start_date: "2020-03-10", end_date: "2020-03-10" });
  });

  it("a start typed after the due date shows the message and sends nothing", () => {
    signInAdmin();
    const fetch = mockFetch(async () => jsonResponse({}));
    render(<CostFormModal locations={LOCATIONS} onClose={vi.fn()} onCreated={vi.fn()} />);
    fireEvent.change(screen.getByLabelText(/^Fecha de inicio/), { target: { value: "2026-11-15" } });
    fireEvent.change(screen.getByLabelText(/^Fecha de vencimiento/), { target: { value: "2026-11-10" } });
    fireEvent.click(screen.getByRole("button", { name: "Registrar costo" }));
    expect(screen.getByText("El vencimiento no puede ser anterior al inicio")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});

const COST: Cost = {
  id: 9,
  location_id: 1,
  location_name: "Local Centro",
  nature: "fijo",
  cost_type: "servicios",
  category: "Servicios Públicos",
  description: "Energía",
  amount: 300_000,
  monthly_equivalent: 300_000,
  frequency: "monthly",
  start_date: "2026-01-01",
  end_date: "2026-11-30",
  due_date: "2026-11-30",
  last_paid_date: null,
  is_active: true,
  created_at: "2026-01-01T10:00:00.000Z",
};

describe("PayCostDialog ('Pagar')", () => {
  function open(answer: () => Response) {
    signInAdmin();
    const fetch = mockFetch(async () => answer());
    const onPaid = vi.fn();
    render(<PayCostDialog cost={COST} keys={createIdempotencyKeys()} onClose={vi.fn()} onPaid={onPaid} />);
    const dialog = within(screen.getByRole("dialog", { name: "Pagar · Energía" }));
    return { fetch, onPaid, dialog };
  }

  it("asks amount (the cost's to start), date (today), method (from the list) and a note; nothing goes without a method", () => {
    const { fetch, dialog } = open(() => jsonResponse({}));
    expect((dialog.getByLabelText(/^Monto pagado/) as HTMLInputElement).value).toBe("300000");
    expect((dialog.getByLabelText(/^Fecha de pago/) as HTMLInputElement).value).toBe(bogotaToday());
    const methods = Array.from((dialog.getByLabelText(/^Método de pago/) as HTMLSelectElement).options).map(
      (o) => o.textContent,
    );
    expect(methods).toEqual([
      "Selecciona el método",
      "Transferencia bancaria",
      "Consignación",
      "PSE",
      "Tarjeta",
      "Efectivo",
    ]);
    expect(dialog.getByText(/Vencimiento que se paga/).textContent).toContain("30/11/2026");
    fireEvent.change(dialog.getByLabelText(/^Monto pagado/), { target: { value: "0" } });
    fireEvent.change(dialog.getByLabelText(/^Fecha de pago/), { target: { value: "2999-01-01" } });
    fireEvent.click(dialog.getByRole("button", { name: "Registrar pago" }));
    expect(dialog.getByText("El monto pagado debe ser mayor a 0")).toBeTruthy();
    expect(dialog.getByText("La fecha de pago no puede ser posterior a hoy")).toBeTruthy();
    expect(dialog.getByText("El método de pago es requerido")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends the due date shown with what was typed, and reports the next due date", async () => {
    const { fetch, onPaid, dialog } = open(() =>
      jsonResponse({
        success: true,
        message: "Pago registrado; se programó el siguiente vencimiento",
        end_date: "2026-12-30",
      }),
    );
    fireEvent.change(dialog.getByLabelText(/^Monto pagado/), { target: { value: "289500" } });
    fireEvent.change(dialog.getByLabelText(/^Fecha de pago/), { target: { value: "2026-11-02" } });
    fireEvent.change(dialog.getByLabelText(/^Método de pago/), { target: { value: "consignacion" } });
    fireEvent.change(dialog.getByLabelText(/^Comprobante o nota/), { target: { value: " Recibo 7781 " } });
    fireEvent.click(dialog.getByRole("button", { name: "Registrar pago" }));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/v1/admin/admin/costs/9/pay");
    expect(new Headers(init?.headers).get("Idempotency-Key")).toBeTruthy();
    expect(jsonBody(init)).toEqual({
      due_date: "2026-11-30",
      amount: 289500,
      paid_on: "2026-11-02",
      payment_method: "consignacion",
      note: "Recibo 7781",
    });
    expect(onPaid.mock.calls[0]?.[0]).toBe(
      "Energía: Pago registrado; se programó el siguiente vencimiento (próximo vencimiento 30/12/2026)",
    );
  });

  it("a refused payment keeps the dialog open with the server's reason", async () => {
    const { onPaid, dialog } = open(() =>
      jsonResponse({ detail: "Ese vencimiento ya fue pagado; el costo tiene un vencimiento nuevo" }, 409),
    );
    fireEvent.change(dialog.getByLabelText(/^Método de pago/), { target: { value: "efectivo" } });
    fireEvent.click(dialog.getByRole("button", { name: "Registrar pago" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(
      "Error al registrar pago: Ese vencimiento ya fue pagado; el costo tiene un vencimiento nuevo",
    );
    expect(onPaid).not.toHaveBeenCalled();
  });
});

const payment = (id: number, patch: Partial<CostPaymentEntry> = {}): CostPaymentEntry => ({
  id,
  cost_id: 9,
  due_date: "2026-10-30",
  next_due_date: "2026-11-30",
  amount: 300_000,
  paid_on: "2026-10-29",
  payment_method: "pse",
  note: null,
  paid_by: 2,
  paid_by_name: "Andrés Gómez",
  created_at: "2026-10-29T15:00:00.000Z",
  undone: false,
  undone_at: null,
  undone_by: null,
  undone_by_name: null,
  undo_reason: null,
  ...patch,
});

describe("CostPaymentsDialog ('Pagos')", () => {
  function open(payments: CostPaymentEntry[], undoAnswer: () => Response = () => jsonResponse({})) {
    signInAdmin();
    const fetch = mockFetch(async (_url, init) =>
      (init?.method ?? "GET") === "GET" ? jsonResponse({ payments, total: payments.length }) : undoAnswer(),
    );
    const onUndone = vi.fn();
    render(<CostPaymentsDialog cost={COST} onClose={vi.fn()} onUndone={onUndone} />);
    return { fetch, onUndone };
  }

  it("lists who paid, when, how much and how; undone payments say by whom and why; only the last live one can be undone", async () => {
    open([
      payment(3),
      payment(2, {
        undone: true,
        undone_by_name: "Andrés Gómez",
        undone_at: "2026-10-29T16:00:00.000Z",
        undo_reason: "Pago registrado dos veces",
      }),
      payment(1, {
        due_date: "2026-09-30",
        next_due_date: "2026-10-30",
        payment_method: "efectivo",
        note: "Recibo 12",
      }),
    ]);
    const rows = await screen.findAllByTestId("cost-payment");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/300\.000 · PSE · pagado el 29\/10\/2026.*registró Andrés Gómez/),
      expect.stringMatching(/Anulado por Andrés Gómez.*Pago registrado dos veces/),
      expect.stringMatching(/Efectivo.*Vencimiento 30\/09\/2026.*Recibo 12/),
    ]);
    expect(screen.getAllByRole("button", { name: /^Anular pago/ })).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByRole("button", { name: "Anular pago del 29/10/2026" })).toBeTruthy();
  });

  it("undoing asks first (with an optional reason), then sends it and reports the due date back", async () => {
    const { fetch, onUndone } = open([payment(3)], () =>
      jsonResponse({ success: true, message: "Pago anulado; el costo vuelve a vencer el 30/10/2026" }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Anular pago del 29/10/2026" }));
    const confirm = within(screen.getByRole("dialog", { name: "Anular pago" }));
    expect(confirm.getByText(/volverá a vencer el 30\/10\/2026/)).toBeTruthy();
    fireEvent.click(confirm.getByRole("button", { name: "Pago registrado dos veces" }));
    fireEvent.click(confirm.getByRole("button", { name: "Anular pago" }));
    await waitFor(() => expect(onUndone).toHaveBeenCalled());
    const undo = fetch.mock.calls.find(([, init]) => init?.method === "POST");
    expect(undo?.[0]).toBe("/api/v1/admin/admin/costs/9/payments/3/undo");
    expect(jsonBody(undo?.[1])).toEqual({ reason: "Pago registrado dos veces" });
    expect(new Headers(undo?.[1]?.headers).get("Idempotency-Key")).toBeTruthy();
    expect(onUndone.mock.calls[0]?.[0]).toBe("Energía: Pago anulado; el costo vuelve a vencer el 30/10/2026");
  });

  it("a refused undo stays in the confirmation with the reason; cancelling goes back to the log", async () => {
    open([payment(3)], () =>
      jsonResponse(
        { detail: "Solo se puede anular el último pago del costo: el costo cambió después de este pago" },
        409,
      ),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Anular pago del 29/10/2026" }));
    const confirm = within(screen.getByRole("dialog", { name: "Anular pago" }));
    fireEvent.click(confirm.getByRole("button", { name: "Anular pago" }));
    expect((await confirm.findByRole("alert")).textContent).toMatch(/^Error al anular el pago: Solo se puede anular/);
    fireEvent.click(confirm.getByRole("button", { name: "Cancelar" }));
    expect(await screen.findByRole("dialog", { name: "Pagos · Energía" })).toBeTruthy();
  });

  it("a cost without payments says so", async () => {
    open([]);
    expect(await screen.findByText("Este costo no tiene pagos registrados.")).toBeTruthy();
  });
});
