import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Answer, api } from "../../web/src/api/http";
import type { Company, CompanyMetrics, Plan } from "../../web/src/api/superadmin-schemas";
import { CompaniesTab, DELETE_QUESTION } from "../../web/src/features/superuser/companies/CompaniesTab";
import { applyPlan, CREATE_DEFAULTS, limitsLocked } from "../../web/src/features/superuser/companies/companyForm";
import { FeedbackProvider } from "../../web/src/features/superuser/feedback";
import { LoadBanner } from "../../web/src/features/superuser/LoadBanner";
import type { GoTab } from "../../web/src/features/superuser/tabs";
import { Toasts } from "../../web/src/lib/ui/Toasts";
import { jsonResponse, mockFetch, render, signIn as signInUser } from "./helpers";

function signIn() {
  signInUser({
    id: 1,
    name: "Sara Plataforma",
    email: "super@horma.co",
    role: "superuser",
    token: "tok-super",
    token_type: "bearer",
    location_id: null,
    company_name: null,
    location_name: null,
  });
}

function company(id: number, patch: Partial<Company> = {}): Company {
  return {
    id,
    name: `Zapatería ${id}`,
    subdomain: `zapateria-${id}`,
    email: `contacto${id}@zapateria.co`,
    legal_name: null,
    tax_id: null,
    phone: null,
    subscription_plan: "basic",
    subscription_status: "active",
    max_locations: 3,
    max_employees: 10,
    price_per_location: 120000,
    monthly_cost: 240000,
    next_billing_date: "2026-08-01",
    current_locations_count: 2,
    current_employees_count: 4,
    suspended_reason: null,
    suspended_at: null,
    created_at: "2026-01-10 14:00:00",
    updated_at: "2026-01-10 14:00:00",
    ...patch,
    status: patch.subscription_status ?? "active",
  };
}

const PLANS: Plan[] = [
  {
    id: 1,
    plan_code: "basic",
    display_name: "Básico",
    description: "",
    max_locations: 3,
    max_employees: 10,
    price_per_location: 120000,
    features: { escaneo: true },
    sort_order: 1,
    is_active: true,
  },
  {
    id: 2,
    plan_code: "professional",
    display_name: "Profesional",
    description: "",
    max_locations: 10,
    max_employees: 40,
    price_per_location: 100000,
    features: { escaneo: true, mayoreo: true },
    sort_order: 2,
    is_active: true,
  },
];

type Call = { method: string; url: string; body: unknown };

function renderTab(
  companies: Company[],
  options: { company?: number; answer?: (call: Call) => Response | undefined } = {},
) {
  signIn();
  const calls: Call[] = [];
  mockFetch(async (url, init) => {
    const call = { method: init?.method ?? "GET", url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const custom = options.answer?.(call);
    if (custom) return custom;
    if (url.startsWith("/api/v1/superadmin/plans")) return jsonResponse({ plans: PLANS });
    if (url.startsWith("/api/v1/superadmin/regions"))
      return jsonResponse({
        regions: [
          { code: "enam", name: "Américas", shards: 2 },
          { code: "weur", name: "Europa occidental", shards: 1 },
        ],
        default_region: "enam",
      });
    if (url.startsWith("/api/v1/superadmin/companies?")) return jsonResponse({ companies, total: companies.length });
    return jsonResponse({ detail: "no esperado" }, 500);
  });
  const go = vi.fn<GoTab>();
  render(
    <FeedbackProvider
      render={({ toasts, dismiss, loadErrors }) => (
        <>
          <LoadBanner messages={loadErrors} />
          <Toasts items={toasts} onDismiss={dismiss} />
        </>
      )}
    >
      <CompaniesTab go={go} company={options.company} />
    </FeedbackProvider>,
  );
  const mutations = () => calls.filter((c) => c.method !== "GET");
  return { calls, mutations, go };
}

async function card(name: string) {
  return within(await screen.findByRole("article", { name }));
}

describe("plan selection", () => {
  it("copies the plan's limits and price; locked on create while the plan has a template", () => {
    const next = applyPlan(CREATE_DEFAULTS, "professional", PLANS);
    expect(next).toMatchObject({
      subscription_plan: "professional",
      max_locations: "10",
      max_employees: "40",
      price_per_location: "100000",
    });
    expect(limitsLocked("professional", PLANS)).toBe(true);
    // custom has no template: the limits are typed by hand.
    expect(applyPlan(next, "custom", PLANS)).toMatchObject({ subscription_plan: "custom", max_locations: "10" });
    expect(limitsLocked("custom", PLANS)).toBe(false);
  });

  it("in 'Nueva Empresa' the chosen plan fills the locked fields", async () => {
    const { mutations } = renderTab([]);
    expect(await screen.findByText("No hay empresas para mostrar")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Nueva Empresa" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Nueva Empresa" }));
    await waitFor(() => expect((dialog.getByLabelText("Máx. ubicaciones") as HTMLInputElement).value).toBe("3"));
    fireEvent.change(dialog.getByLabelText("Plan"), { target: { value: "professional" } });
    const locations = dialog.getByLabelText("Máx. ubicaciones") as HTMLInputElement;
    expect(locations.value).toBe("10");
    expect((dialog.getByLabelText("Máx. empleados") as HTMLInputElement).value).toBe("40");
    expect((dialog.getByLabelText("Precio por ubicación (COP / mes)") as HTMLInputElement).value).toBe("100000");
    expect(locations.readOnly).toBe(true);
    // Custom unlocks them.
    fireEvent.change(dialog.getByLabelText("Plan"), { target: { value: "custom" } });
    expect((dialog.getByLabelText("Máx. ubicaciones") as HTMLInputElement).readOnly).toBe(false);
    // Required fields are checked before any call.
    fireEvent.click(dialog.getByRole("button", { name: "Crear Empresa" }));
    expect(await dialog.findByText("El nombre de la empresa es requerido")).toBeTruthy();
    expect(mutations()).toEqual([]);
  });

  it("creates a company with the plan's values and says so", async () => {
    const created = company(9, { name: "Tenis Norte", subdomain: "tenis-norte" });
    const { mutations } = renderTab([], {
      answer: (call) =>
        call.method === "POST"
          ? jsonResponse({ message: "Empresa creada exitosamente", company: created }, 201)
          : undefined,
    });
    fireEvent.click(await screen.findByRole("button", { name: "Nueva Empresa" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Nueva Empresa" }));
    fireEvent.change(dialog.getByLabelText("Nombre *"), { target: { value: "Tenis Norte" } });
    fireEvent.change(dialog.getByLabelText("Subdominio *"), { target: { value: "Tenis-Norte" } });
    fireEvent.change(dialog.getByLabelText("Correo *"), { target: { value: "hola@tenisnorte.co" } });
    fireEvent.change(dialog.getByLabelText("Plan"), { target: { value: "professional" } });
    fireEvent.click(dialog.getByRole("button", { name: "Crear Empresa" }));
    expect(await screen.findByText("Empresa creada exitosamente")).toBeTruthy();
    expect(mutations()).toEqual([
      {
        method: "POST",
        url: "/api/v1/superadmin/companies",
        body: {
          name: "Tenis Norte",
          subdomain: "tenis-norte",
          email: "hola@tenisnorte.co",
          legal_name: null,
          tax_id: null,
          phone: null,
          subscription_plan: "professional",
          subscription_status: "active",
          max_locations: 10,
          max_employees: 40,
          price_per_location: 100000,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("places a new company in the region picked under 'Región de los datos' (the default region unless changed)", async () => {
    const created = company(10, { name: "Botas Madrid", subdomain: "botas-madrid" });
    const { mutations } = renderTab([], {
      answer: (call) =>
        call.method === "POST"
          ? jsonResponse({ message: "Empresa creada exitosamente", company: created }, 201)
          : undefined,
    });
    fireEvent.click(await screen.findByRole("button", { name: "Nueva Empresa" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Nueva Empresa" }));
    const region = (await dialog.findByLabelText("Región de los datos")) as HTMLSelectElement;
    expect(region.value).toBe("enam");
    fireEvent.change(dialog.getByLabelText("Nombre *"), { target: { value: "Botas Madrid" } });
    fireEvent.change(dialog.getByLabelText("Subdominio *"), { target: { value: "botas-madrid" } });
    fireEvent.change(dialog.getByLabelText("Correo *"), { target: { value: "hola@botas.es" } });
    fireEvent.change(region, { target: { value: "weur" } });
    fireEvent.click(dialog.getByRole("button", { name: "Crear Empresa" }));
    expect(await screen.findByText("Empresa creada exitosamente")).toBeTruthy();
    expect(mutations()[0]?.body).toMatchObject({ subdomain: "botas-madrid", region: "weur" });
  });

  it("a refused create keeps the form open with 'Error: {detail}'", async () => {
    renderTab([], {
      answer: (call) =>
        call.method === "POST" ? jsonResponse({ detail: "El subdominio ya está en uso" }, 409) : undefined,
    });
    fireEvent.click(await screen.findByRole("button", { name: "Nueva Empresa" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Nueva Empresa" }));
    fireEvent.change(dialog.getByLabelText("Nombre *"), { target: { value: "Demo 2" } });
    fireEvent.change(dialog.getByLabelText("Subdominio *"), { target: { value: "demo" } });
    fireEvent.change(dialog.getByLabelText("Correo *"), { target: { value: "a@b.co" } });
    fireEvent.click(dialog.getByRole("button", { name: "Crear Empresa" }));
    expect(await dialog.findByText("Error: El subdominio ya está en uso")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Nueva Empresa" })).toBeTruthy();
  });

  it("edit: only the company's own data; the subscription is shown, not editable, and nothing of it is sent", async () => {
    const target = company(4, { subscription_plan: "professional", max_locations: 10, max_employees: 40 });
    const { mutations } = renderTab([target], {
      answer: (call) => (call.method === "PUT" ? jsonResponse({ message: "ok", company: target }) : undefined),
    });
    fireEvent.click((await card("Zapatería 4")).getByRole("button", { name: "Editar" }));
    const dialog = within(await screen.findByRole("dialog"));
    const subdomain = dialog.getByLabelText("Subdominio *") as HTMLInputElement;
    expect(subdomain.readOnly).toBe(true);
    expect(subdomain.value).toBe("zapateria-4");
    // no control for the plan, the limits, the price or the billing date
    for (const label of ["Plan", "Máx. ubicaciones", "Máx. empleados", /Precio por ubicación/, "Próxima facturación"])
      expect(dialog.queryByLabelText(label)).toBeNull();
    const summary = within(dialog.getByRole("region", { name: "Suscripción" }));
    expect(summary.getByText("Profesional")).toBeTruthy();
    expect(summary.getByText("40")).toBeTruthy();
    expect(summary.getByText(/\$\s?120\.000 \/ mes/)).toBeTruthy();
    expect(summary.getByText(/se cambian en Suscripciones/)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText("Nombre *"), { target: { value: "Zapatería Cuatro" } });
    fireEvent.change(dialog.getByLabelText("Teléfono"), { target: { value: "601 555 0101" } });
    fireEvent.click(dialog.getByRole("button", { name: "Guardar Cambios" }));
    expect(await screen.findByText("Empresa actualizada exitosamente")).toBeTruthy();
    const [put] = mutations();
    expect(put?.url).toBe("/api/v1/superadmin/companies/4");
    expect(put?.body).toEqual({
      name: "Zapatería Cuatro",
      email: "contacto4@zapateria.co",
      legal_name: null,
      tax_id: null,
      phone: "601 555 0101",
    });
  });

  it("edit: 'Cambiar plan en Suscripciones' leaves the form for the subscription change", async () => {
    const { mutations } = renderTab([company(4)], {
      answer: (call) =>
        call.url.includes("/subscriptions/") ? jsonResponse({ company_id: 4, history: [] }) : undefined,
    });
    fireEvent.click((await card("Zapatería 4")).getByRole("button", { name: "Editar" }));
    const edit = within(await screen.findByRole("dialog", { name: /Editar Empresa/ }));
    fireEvent.click(edit.getByRole("button", { name: "Cambiar plan en Suscripciones" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: /Editar Empresa/ })).toBeNull());
    expect(screen.getByRole("dialog", { name: /Cambiar Plan/i })).toBeTruthy();
    expect(mutations()).toEqual([]);
  });
});

describe("company card actions", () => {
  it("shows the card's facts; activate only for a suspended company, suspend otherwise", async () => {
    renderTab([company(1), company(2, { subscription_status: "suspended", suspended_reason: "Mora" })]);
    const active = await card("Zapatería 1");
    expect(active.getByText("Activa")).toBeTruthy();
    expect(active.getByText("zapateria-1 · ID 1")).toBeTruthy();
    expect(active.getByText("contacto1@zapateria.co")).toBeTruthy();
    expect(active.getByText("Básico")).toBeTruthy();
    expect(active.getByText(/240\.000/)).toBeTruthy();
    expect(active.getByText("01/08/2026")).toBeTruthy();
    expect(active.getByText("2 de 3")).toBeTruthy();
    expect(active.getByText("4 de 10")).toBeTruthy();
    expect(active.queryByRole("button", { name: "Activar" })).toBeNull();
    expect(active.getByRole("button", { name: "Suspender" })).toBeTruthy();
    const suspended = await card("Zapatería 2");
    expect(suspended.getByText("Suspendida")).toBeTruthy();
    expect(suspended.getByText("Motivo: Mora")).toBeTruthy();
    expect(suspended.getByRole("button", { name: "Activar" })).toBeTruthy();
    expect(suspended.queryByRole("button", { name: "Suspender" })).toBeNull();
    expect(suspended.getByRole("button", { name: "Eliminar" })).toBeTruthy();
  });

  it("suspend without a reason does not call the API", async () => {
    const { mutations } = renderTab([company(1)]);
    fireEvent.click((await card("Zapatería 1")).getByRole("button", { name: "Suspender" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Suspender Empresa" }));
    const confirm = dialog.getByRole("button", { name: "Suspender" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText("Motivo de la suspensión"), { target: { value: "   " } });
    expect(confirm.disabled).toBe(true);
    // Submitting a blank reason (Enter) cancels, like an empty prompt.
    fireEvent.submit(confirm.closest("form") as HTMLFormElement);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(mutations()).toEqual([]);
  });

  it("suspend with a reason posts it and reloads", async () => {
    const { mutations, calls } = renderTab([company(1)], {
      answer: (call) =>
        call.method === "POST"
          ? jsonResponse({ message: "ok", company: company(1, { subscription_status: "suspended" }) })
          : undefined,
    });
    fireEvent.click((await card("Zapatería 1")).getByRole("button", { name: "Suspender" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Suspender Empresa" }));
    fireEvent.change(dialog.getByLabelText("Motivo de la suspensión"), { target: { value: " Factura vencida " } });
    const listLoads = calls.filter((c) => c.url.startsWith("/api/v1/superadmin/companies?")).length;
    fireEvent.click(dialog.getByRole("button", { name: "Suspender" }));
    expect(await screen.findByText("Empresa suspendida exitosamente")).toBeTruthy();
    expect(mutations()).toEqual([
      { method: "POST", url: "/api/v1/superadmin/companies/1/suspend", body: { reason: "Factura vencida" } },
    ]);
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith("/api/v1/superadmin/companies?")).length).toBe(listLoads + 1),
    );
  });

  it("delete asks '¿Está seguro de eliminar esta empresa?'; cancel sends nothing, confirm deletes", async () => {
    const { mutations } = renderTab([company(3)], {
      answer: (call) =>
        call.method === "DELETE" ? jsonResponse({ message: "Empresa eliminada exitosamente" }) : undefined,
    });
    fireEvent.click((await card("Zapatería 3")).getByRole("button", { name: "Eliminar" }));
    let dialog = within(await screen.findByRole("dialog", { name: "Eliminar Empresa" }));
    expect(dialog.getByText(new RegExp(DELETE_QUESTION.replace(/[?¿]/g, ".")))).toBeTruthy();
    expect(DELETE_QUESTION).toBe("¿Está seguro de eliminar esta empresa?");
    fireEvent.click(dialog.getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(mutations()).toEqual([]);

    fireEvent.click((await card("Zapatería 3")).getByRole("button", { name: "Eliminar" }));
    dialog = within(await screen.findByRole("dialog", { name: "Eliminar Empresa" }));
    fireEvent.click(dialog.getByRole("button", { name: "Eliminar" }));
    expect(await screen.findByText("Empresa eliminada exitosamente")).toBeTruthy();
    expect(mutations()).toEqual([{ method: "DELETE", url: "/api/v1/superadmin/companies/3", body: undefined }]);
  });

  it("a refused action shows 'Error: {detail}'", async () => {
    renderTab([company(5)], {
      answer: (call) =>
        call.method === "POST"
          ? jsonResponse({ detail: "Ya existe una factura de esta empresa para este periodo" }, 409)
          : undefined,
    });
    fireEvent.click((await card("Zapatería 5")).getByRole("button", { name: "Generar Factura" }));
    expect(await screen.findByText("Error: Ya existe una factura de esta empresa para este periodo")).toBeTruthy();
  });

  it("'Métricas' opens the company in the URL; 'Facturas' goes to its invoices", async () => {
    const { go } = renderTab([company(6)]);
    const c = await card("Zapatería 6");
    fireEvent.click(c.getByRole("button", { name: "Métricas" }));
    expect(go).toHaveBeenCalledWith("companies", { company: 6 });
    fireEvent.click(c.getByRole("button", { name: "Facturas" }));
    expect(go).toHaveBeenCalledWith("invoices", { company: 6 });
  });

  it("the metrics panel shows usage bars against the limits and the monthly cost", async () => {
    renderTab([company(7)], {
      company: 7,
      answer: (call) => {
        if (call.url === "/api/v1/superadmin/metrics/company/7")
          return jsonResponse({
            company_id: 7,
            company_name: "Zapatería 7",
            locations_count: 2,
            locations_limit: 3,
            locations_usage_percent: 66.7,
            employees_count: 9,
            employees_limit: 10,
            employees_usage_percent: 90,
            monthly_cost: 240000,
            subscription_plan: "basic",
            subscription_status: "active",
          } satisfies CompanyMetrics);
        if (call.url === "/api/v1/superadmin/companies/7/with-boss")
          return jsonResponse({
            company: company(7),
            boss: {
              id: 40,
              first_name: "Ana",
              last_name: "Gómez",
              full_name: "Ana Gómez",
              email: "ana@z7.co",
              company_id: 7,
              is_active: true,
              locked_until: null,
              created_at: "2026-01-10 14:00:00",
              updated_at: "2026-01-10 14:00:00",
            },
          } satisfies Answer<(typeof api.superadmin.companies)[":id"]["with-boss"]["$get"]>);
        return undefined;
      },
    });
    const panel = within(await screen.findByTestId("metrics-panel"));
    expect(await panel.findByText("2 de 3 ·", { exact: false })).toBeTruthy();
    const bars = panel.getAllByRole("progressbar");
    expect(bars.map((b) => b.getAttribute("aria-valuenow"))).toEqual(["66.7", "90"]);
    expect(panel.getByText("66,7 %")).toBeTruthy();
    expect(panel.getByText("90 %")).toBeTruthy();
    expect(panel.getByText(/240\.000/)).toBeTruthy();
    expect(panel.getByText("Ana Gómez · ana@z7.co")).toBeTruthy();
  });

  it("a new administrador is counted at once: the panel's usage and the company's card are read again", async () => {
    let employees = 9;
    const metrics = () =>
      ({
        company_id: 7,
        company_name: "Zapatería 7",
        locations_count: 2,
        locations_limit: 3,
        locations_usage_percent: 66.7,
        employees_count: employees,
        employees_limit: 10,
        employees_usage_percent: employees * 10,
        monthly_cost: 240000,
        subscription_plan: "basic",
        subscription_status: "active",
      }) satisfies CompanyMetrics;
    const created = {
      id: 51,
      email: "pia@z7.co",
      first_name: "Pía",
      last_name: "Ramos",
      full_name: "Pía Ramos",
      role: "administrador",
      location_id: null,
      location_name: null,
      is_active: true,
      locked_until: null,
      created_at: "2026-01-10 14:00:00",
      updated_at: "2026-01-10 14:00:00",
    };
    renderTab([company(7)], {
      company: 7,
      answer: (call) => {
        if (call.url.startsWith("/api/v1/superadmin/companies?"))
          return jsonResponse({ companies: [company(7, { current_employees_count: employees })], total: 1 });
        if (call.url === "/api/v1/superadmin/metrics/company/7") return jsonResponse(metrics());
        if (call.url === "/api/v1/superadmin/companies/7/with-boss")
          return jsonResponse({ company: company(7), boss: null });
        if (call.url === "/api/v1/superadmin/companies/7/administradores") {
          if (call.method === "POST") {
            employees = 10;
            return jsonResponse({ success: true, message: "ok", user: created }, 201);
          }
          return jsonResponse({
            administradores: employees === 10 ? [created] : [],
            total: employees === 10 ? 1 : 0,
            employees: { count: employees, limit: 10 },
            locations: [],
          });
        }
        return undefined;
      },
    });
    const panel = within(await screen.findByTestId("metrics-panel"));
    await waitFor(() => expect(panel.getAllByRole("progressbar")[1]?.getAttribute("aria-valuenow")).toBe("90"));
    expect((await card("Zapatería 7")).getByText("9 de 10")).toBeTruthy();
    fireEvent.click(panel.getByRole("button", { name: "+ Nuevo administrador" }));
    const dialog = within(screen.getByRole("dialog", { name: "Nuevo administrador" }));
    for (const [label, value] of [
      [/^Email/, "pia@z7.co"],
      [/^Contraseña/, "primera1"],
      [/^Nombre/, "Pía"],
      [/^Apellido/, "Ramos"],
    ] as const) {
      fireEvent.change(dialog.getByLabelText(label), { target: { value } });
    }
    fireEvent.click(dialog.getByRole("button", { name: "Crear administrador" }));
    expect(await panel.findByText("Administrador Pía Ramos creado exitosamente")).toBeTruthy();
    await waitFor(() => expect(panel.getAllByRole("progressbar")[1]?.getAttribute("aria-valuenow")).toBe("100"));
    expect((await card("Zapatería 7")).getByText("10 de 10")).toBeTruthy();
    expect(panel.getAllByTestId("administrador-row")).toHaveLength(1);
  });

  it("a failed load shows the red banner and 'Error al cargar datos' with a retry", async () => {
    let fail = true;
    renderTab([company(8)], {
      answer: (call) =>
        fail && call.url.startsWith("/api/v1/superadmin/companies?") ? new Response("", { status: 502 }) : undefined,
    });
    expect(await screen.findByText("Error al cargar datos")).toBeTruthy();
    // No detail from the server: the spec's "HTTP {status}".
    expect(screen.getByTestId("load-banner").textContent).toContain("HTTP 502");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByRole("article", { name: "Zapatería 8" })).toBeTruthy();
    expect(screen.queryByTestId("load-banner")).toBeNull();
  });
});
