import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { OperationalDashboard } from "../../web/src/api/admin-schemas";
import { CostFormModal } from "../../web/src/features/admin/costs/CostFormModal";
import { OperationalDashboardView } from "../../web/src/features/admin/costs/OperationalDashboardView";
import {
  CATEGORIES,
  CATEGORY_TO_TYPE,
  COST_DEFAULTS,
  costKindLabel,
  toNewCost,
  upcomingLabel,
  withNature,
} from "../../web/src/lib/company/costForm";
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
