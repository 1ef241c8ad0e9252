import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { GlobalMetrics } from "../../web/src/api/superadmin-schemas";
import { parseSuperuserSearch, SUPERUSER_TABS } from "../../web/src/features/superuser/tabs";
import { createAppRouter } from "../../web/src/router";
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

function invoiceDue(
  id: number,
  name: string,
  invoiceId: number,
  number: string,
  due: string,
  days: number,
  status: "pending" | "overdue",
) {
  return {
    id,
    name,
    subdomain: name.toLowerCase().replace(/ /g, "-"),
    next_billing_date: "2026-12-01",
    invoice_id: invoiceId,
    invoice_number: number,
    due_date: due,
    total_amount: 240000,
    status,
    days_until_due: days,
  };
}

const METRICS = {
  total_companies: 3,
  active_companies: 2,
  trial_companies: 0,
  monthly_recurring_revenue: 1450000,
  overdue_payments: 1,
  overdue_invoices_amount: 240000,
  total_locations: 9,
  total_employees: 31,
  companies_near_limit: 1,
  subscriptions_expiring_soon: 3,
  suspended_companies: 1,
  alerts: {
    companies_near_limit: [
      {
        id: 1,
        name: "Calzado Norte",
        subdomain: "norte",
        next_billing_date: "2026-12-01",
        locations_usage_percent: 100,
        employees_usage_percent: 40,
      },
    ],
    // "Vencen pronto": unpaid invoices due within the week or overdue (two of one company)
    subscriptions_expiring_soon: [
      invoiceDue(2, "Tenis Sur", 51, "INV-202610-0002-001", "2026-10-16", -36, "overdue"),
      invoiceDue(2, "Tenis Sur", 58, "INV-202611-0002-002", "2026-11-25", 0, "pending"),
      invoiceDue(4, "Botas Este", 60, "INV-202611-0004-001", "2026-11-28", 3, "pending"),
    ],
    suspended_companies: [
      { id: 3, name: "Pasos Oeste", subdomain: "oeste", next_billing_date: null, reason: "Factura vencida" },
    ],
  },
} satisfies GlobalMetrics;

function open(path: string, answer: (url: string, init?: RequestInit) => Response) {
  signIn();
  const fetch = mockFetch(async (url, init) => answer(url, init));
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  render(<RouterProvider router={router} />);
  return { router, fetch };
}

describe("parseSuperuserSearch", () => {
  it("keeps known tabs and a company id only where it is used", () => {
    expect(parseSuperuserSearch({ tab: "invoices", company: "12" })).toEqual({ tab: "invoices", company: 12 });
    expect(parseSuperuserSearch({ tab: "companies", company: 4 })).toEqual({ tab: "companies", company: 4 });
    expect(parseSuperuserSearch({ tab: "plans", company: 4 })).toEqual({ tab: "plans" });
    expect(parseSuperuserSearch({ tab: "overview" })).toEqual({});
    expect(parseSuperuserSearch({ tab: "nada", company: "x" })).toEqual({});
    expect(parseSuperuserSearch({ tab: "companies", company: "-3" })).toEqual({ tab: "companies" });
  });
});

describe("/superuser", () => {
  it("shows 'Panel de Superadmin' with the eight tabs in the spec's order", async () => {
    open("/superuser", (url) =>
      url.endsWith("/metrics/global") ? jsonResponse(METRICS) : jsonResponse({ module: "superadmin", status: "ok" }),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Panel de Superadmin" })).toBeTruthy();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Dashboard",
      "Empresas",
      "Usuarios Boss",
      "Suscripciones",
      "Facturas",
      "Planes",
      "Reportes",
      "Configuración Inicial",
    ]);
    expect(SUPERUSER_TABS).toHaveLength(8);
    expect(screen.getByRole("tab", { name: "Dashboard" }).getAttribute("aria-selected")).toBe("true");
  });

  it("overview: the four cards in COP, the alerts block and the system status", async () => {
    open("/superuser", (url) =>
      url.endsWith("/metrics/global") ? jsonResponse(METRICS) : jsonResponse({ module: "superadmin", status: "ok" }),
    );
    const cards = within(await screen.findByRole("region", { name: "Indicadores" }));
    expect(cards.getByTestId("card-companies").textContent).toMatch(/Total Empresas3\s*2 activas/);
    expect(cards.getByTestId("card-mrr").textContent).toMatch(/\$\s?1\.450\.000/);
    expect(cards.getByTestId("card-overdue").textContent).toMatch(/Pagos Vencidos1\$\s?240\.000/);
    expect(cards.getByTestId("card-locations").textContent).toMatch(/Ubicaciones9\s*31 empleados/);
    const alerts = within(screen.getByRole("region", { name: "Alertas" }));
    expect(alerts.getByText("Calzado Norte")).toBeTruthy();
    expect(alerts.getByText("Ubicaciones 100 % · Empleados 40 %")).toBeTruthy();
    const dueSoon = within(alerts.getByRole("heading", { name: /Vencen pronto/ }).parentElement as HTMLElement);
    expect(dueSoon.getByRole("heading").textContent).toBe("Vencen pronto3");
    expect(dueSoon.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Tenis SurINV-202610-0002-001 · \$\s?240\.000 · vencida hace 36 días$/),
      expect.stringMatching(/^Tenis SurINV-202611-0002-002 · \$\s?240\.000 · vence hoy$/),
      expect.stringMatching(/^Botas EsteINV-202611-0004-001 · \$\s?240\.000 · vence el 28\/11\/2026$/),
    ]);
    expect(alerts.getByText("Motivo: Factura vencida")).toBeTruthy();
    const status = within(await screen.findByRole("region", { name: "Estado del sistema" }));
    expect(status.getByText("superadmin")).toBeTruthy();
    expect(status.getByText("Operativo (ok)")).toBeTruthy();
  });

  it("an alert's company opens its metrics on the companies tab", async () => {
    const { router } = open("/superuser", (url) => {
      if (url.endsWith("/metrics/global")) return jsonResponse(METRICS);
      if (url.endsWith("/health")) return jsonResponse({ module: "superadmin", status: "ok" });
      return jsonResponse({ companies: [], total: 0, plans: [] });
    });
    fireEvent.click((await screen.findAllByRole("button", { name: "Tenis Sur" }))[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe("/superuser/companies"));
    expect(router.state.location.search).toEqual({ company: 2 });
    expect(screen.getByRole("tab", { name: "Empresas" }).getAttribute("aria-selected")).toBe("true");
  });

  it("a failing health check is only logged", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    open("/superuser", (url) =>
      url.endsWith("/metrics/global") ? jsonResponse(METRICS) : jsonResponse({ detail: "caído" }, 503),
    );
    await screen.findByRole("region", { name: "Indicadores" });
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.queryByRole("region", { name: "Estado del sistema" })).toBeNull();
    expect(screen.queryByTestId("load-banner")).toBeNull();
    expect(screen.queryByText(/caído/)).toBeNull();
  });

  it("a failed load: red banner at the top with the server's detail, 'Error al cargar datos' and retry", async () => {
    let up = false;
    open("/superuser", (url) => {
      if (url.endsWith("/health")) return jsonResponse({ module: "superadmin", status: "ok" });
      return up ? jsonResponse(METRICS) : jsonResponse({ detail: "Base de datos no disponible" }, 503);
    });
    const banner = await screen.findByTestId("load-banner");
    expect(banner.textContent).toBe("Base de datos no disponible");
    expect(screen.getByText("Error al cargar datos")).toBeTruthy();
    up = true;
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByRole("region", { name: "Indicadores" })).toBeTruthy();
    expect(screen.queryByTestId("load-banner")).toBeNull();
  });

  it("an old link (?tab=…&company=…) opens the tab's route with the company kept", async () => {
    const { router } = open("/superuser?tab=invoices&company=3", () => jsonResponse({ companies: [], total: 0 }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/superuser/invoices"));
    expect(router.state.location.search).toEqual({ company: 3 });
    expect(screen.getByRole("tab", { name: "Facturas" }).getAttribute("aria-selected")).toBe("true");
  });

  it("tabs change the URL (each tab its route) and render their screen", async () => {
    const { router } = open("/superuser/plans", (url) =>
      url.includes("/plans") ? jsonResponse({ plans: [] }) : jsonResponse(METRICS),
    );
    expect(await screen.findByText("No hay planes para mostrar")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Reportes" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/superuser/reports"));
    expect(await screen.findByRole("button", { name: "Generar Reporte" })).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Configuración Inicial" }));
    expect(await screen.findByText("Instalación única")).toBeTruthy();
  });

  it("setup: all five fields required, sent without the session token, 'Error: {detail}' on refusal", async () => {
    const { fetch } = open("/superuser?tab=setup", (url) =>
      url.endsWith("/setup/first-superadmin")
        ? jsonResponse({ detail: "La instalación ya fue realizada: el superadmin inicial ya existe." }, 409)
        : jsonResponse({}),
    );
    const submit = (await screen.findByRole("button", { name: "Crear Superadmin" })) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Nombre *"), { target: { value: "Ana" } });
    fireEvent.change(screen.getByLabelText("Apellido *"), { target: { value: "Ríos" } });
    fireEvent.change(screen.getByLabelText("Email *"), { target: { value: "ana@horma.co" } });
    fireEvent.change(screen.getByLabelText("Contraseña *"), { target: { value: "Horma#2027" } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Clave de instalación *"), { target: { value: "secreto" } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(
      await screen.findAllByText("Error: La instalación ya fue realizada: el superadmin inicial ya existe."),
    ).not.toHaveLength(0);
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith("/setup/first-superadmin"));
    const headers = new Headers(call?.[1]?.headers);
    expect(headers.get("Authorization")).toBeNull();
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      email: "ana@horma.co",
      password: "Horma#2027",
      first_name: "Ana",
      last_name: "Ríos",
      secret_key: "secreto",
    });
  });
});
