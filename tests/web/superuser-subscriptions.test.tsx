import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Answer, api } from "../../web/src/api/http";
import type { Company, Plan, SubscriptionChange } from "../../web/src/api/superadmin-schemas";
import { FeedbackProvider } from "../../web/src/features/superuser/feedback";
import { LoadBanner } from "../../web/src/features/superuser/LoadBanner";
import { PlanFormModal } from "../../web/src/features/superuser/plans/PlanFormModal";
import { SubscriptionsTab } from "../../web/src/features/superuser/subscriptions/SubscriptionsTab";
import { isScheduled, subscriptionDefaults } from "../../web/src/features/superuser/subscriptions/subscriptionForm";
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

const plan = (patch: Partial<Plan>): Plan => ({
  id: 1,
  plan_code: "basic",
  display_name: "Básico",
  description: "",
  max_locations: 3,
  max_employees: 10,
  price_per_location: 120000,
  features: { escaneo: true, mayoreo: false, reportes_avanzados: false },
  sort_order: 1,
  is_active: true,
  ...patch,
});

const PLANS: Plan[] = [
  plan({}),
  plan({
    id: 2,
    plan_code: "professional",
    display_name: "Profesional",
    max_locations: 10,
    max_employees: 40,
    price_per_location: 100000,
    features: { escaneo: true, mayoreo: true, reportes_avanzados: true },
    sort_order: 2,
  }),
];

const COMPANY: Company = {
  id: 4,
  name: "Zapatería Norte",
  subdomain: "norte",
  email: "info@norte.co",
  legal_name: null,
  tax_id: null,
  phone: null,
  subscription_plan: "professional",
  subscription_status: "active",
  status: "active",
  max_locations: 10,
  max_employees: 40,
  price_per_location: 100000,
  monthly_cost: 200000,
  next_billing_date: "2026-12-01",
  current_locations_count: 2,
  current_employees_count: 4,
  suspended_reason: null,
  suspended_at: null,
  created_at: "2026-01-10 14:00:00",
  updated_at: "2026-01-10 14:00:00",
};

const change = (patch: Partial<SubscriptionChange>): SubscriptionChange => ({
  id: 9,
  company_id: 4,
  old_plan: "professional",
  new_plan: "basic",
  old_max_locations: 10,
  new_max_locations: 3,
  old_max_employees: 40,
  new_max_employees: 10,
  old_price_per_location: 100000,
  new_price_per_location: 120000,
  effective_date: "2099-01-01",
  reason: null,
  status: "scheduled",
  status_reason: null,
  resolved_at: null,
  created_at: "2026-11-20T15:00:00Z",
  ...patch,
});

type Call = { method: string; url: string; body: unknown };

function renderWithFeedback(node: React.ReactNode) {
  render(
    <FeedbackProvider
      render={({ toasts, dismiss, loadErrors }) => (
        <>
          <LoadBanner messages={loadErrors} />
          <Toasts items={toasts} onDismiss={dismiss} />
        </>
      )}
    >
      {node}
    </FeedbackProvider>,
  );
}

function renderTab(history: () => SubscriptionChange[]) {
  signIn();
  const calls: Call[] = [];
  mockFetch(async (url, init) => {
    const call = { method: init?.method ?? "GET", url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    if (url.startsWith("/api/v1/superadmin/plans")) return jsonResponse({ plans: PLANS });
    if (url.startsWith("/api/v1/superadmin/companies?")) return jsonResponse({ companies: [COMPANY], total: 1 });
    if (url === "/api/v1/superadmin/subscriptions/change")
      return jsonResponse({
        message: "Cambio de plan programado para el 01/01/2099",
        scheduled: true,
        company: COMPANY,
        change: change({}),
      } satisfies Answer<typeof api.superadmin.subscriptions.change.$post>);
    if (url.endsWith("/history")) return jsonResponse({ company_id: 4, history: history() });
    if (url === "/api/v1/superadmin/subscriptions/changes/9/cancel")
      return jsonResponse({ message: "ok", change: change({ status: "cancelled" }) });
    return jsonResponse({ detail: "no esperado" }, 500);
  });
  renderWithFeedback(<SubscriptionsTab />);
  return calls;
}

const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label) as HTMLInputElement;

describe("change-subscription form defaults in COP", () => {
  it("starts from the basic plan's template, not 5 / 15 / 75", () => {
    expect(subscriptionDefaults(PLANS, "2026-11-23")).toMatchObject({
      new_plan: "basic",
      new_max_locations: "3",
      new_max_employees: "10",
      new_price_per_location: "120000",
      effective_date: "2026-11-23",
    });
    // without templates, the spec's figures
    expect(subscriptionDefaults([], "2026-11-23")).toMatchObject({ new_price_per_location: "75" });
    expect(isScheduled({ effective_date: "2026-11-24" }, "2026-11-23")).toBe(true);
    expect(isScheduled({ effective_date: "2026-11-23" }, "2026-11-23")).toBe(false);
  });

  it("shows the selected plan's price and limits; choosing another plan copies its own", async () => {
    renderTab(() => []);
    const form = await screen.findByRole("form", { name: "Cambiar Plan" });
    expect(field(form, "Precio por ubicación (COP / mes)").value).toBe("120000");
    expect(field(form, "Máx. ubicaciones").value).toBe("3");
    fireEvent.change(within(form).getByLabelText("Nuevo plan"), { target: { value: "professional" } });
    expect(field(form, "Precio por ubicación (COP / mes)").value).toBe("100000");
    expect(field(form, "Máx. ubicaciones").value).toBe("10");
    expect(field(form, "Máx. empleados").value).toBe("40");
  });
});

describe("scheduled changes", () => {
  it("a future date is announced as scheduled; the history shows 'Programado' with its date and can cancel it", async () => {
    let history = [change({})];
    const calls = renderTab(() => history);
    const form = await screen.findByRole("form", { name: "Cambiar Plan" });
    fireEvent.change(within(form).getByLabelText("Empresa"), { target: { value: "4" } });
    fireEvent.change(field(form, "Fecha efectiva"), { target: { value: "2099-01-01" } });
    expect(within(form).getByTestId("scheduled-note").textContent).toMatch(/Se programará para el/);
    fireEvent.click(within(form).getByRole("button", { name: "Programar cambio" }));
    expect(await screen.findByText("Cambio de plan programado para el 01/01/2099")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toMatchObject({ company_id: 4, new_plan: "basic", new_price_per_location: 120000 });

    const item = await screen.findByTestId("history-item");
    expect(within(item).getByTestId("history-status").textContent).toMatch(/^Programado · /);
    expect(within(item).getByTestId("history-status").textContent).toContain("2099");
    history = [change({ status: "cancelled", status_reason: "Cancelado por el superadmin" })];
    fireEvent.click(within(item).getByRole("button", { name: "Cancelar cambio" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar cambio" }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/changes/9/cancel"))).toBe(true));
    await waitFor(() =>
      expect(within(screen.getByTestId("history-item")).getByTestId("history-status").textContent).toBe("Cancelado"),
    );
    expect(screen.getByText("Cancelado por el superadmin")).toBeTruthy();
  });

  it("a change that did not fit on its date says why", async () => {
    const reason =
      "No se aplicó en su fecha: El plan Básico permite 1 ubicación y la empresa tiene 3 activas; desactiva 2 antes de cambiar";
    renderTab(() => [change({ status: "blocked", status_reason: reason })]);
    const input = await screen.findByPlaceholderText("Ej.: 12 y pulsa Enter");
    fireEvent.change(input, { target: { value: "4" } });
    fireEvent.keyDown(input, { key: "Enter" });
    const item = await screen.findByTestId("history-item");
    expect(within(item).getByTestId("history-status").textContent).toBe("No aplicado");
    expect(within(item).getByText(reason)).toBeTruthy();
    expect(within(item).queryByRole("button", { name: "Cancelar cambio" })).toBeNull();
  });
});

describe("new-plan form defaults in COP", () => {
  it("starts from the first plan's price, limits and features; another base copies its own", () => {
    signIn();
    mockFetch(async () => jsonResponse({ detail: "no esperado" }, 500));
    renderWithFeedback(
      <PlanFormModal
        featureKeys={["escaneo", "mayoreo", "reportes_avanzados"]}
        plans={PLANS}
        onClose={() => {}}
        onSaved={() => {}}
      />,
    );
    const form = screen.getByRole("form", { name: "Nuevo plan" });
    expect(field(form, "Precio por ubicación (COP / mes)").value).toBe("120000");
    expect(field(form, "Máx. ubicaciones").value).toBe("3");
    expect((within(form).getByLabelText("Mayoreo") as HTMLInputElement).checked).toBe(false);
    fireEvent.change(within(form).getByLabelText(/Partir del plan/), { target: { value: "professional" } });
    expect(field(form, "Precio por ubicación (COP / mes)").value).toBe("100000");
    expect(field(form, "Máx. empleados").value).toBe("40");
    expect((within(form).getByLabelText("Mayoreo") as HTMLInputElement).checked).toBe(true);
  });
});
