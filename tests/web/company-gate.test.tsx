import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fetchAdminDashboard } from "../../web/src/api/admin";
import type { Company } from "../../web/src/api/superadmin-schemas";
import { CompanyGate } from "../../web/src/features/dashboard/CompanyGate";
import { ACTING_COMPANY_KEY, actingCompanyAtom, readActingCompany } from "../../web/src/lib/actingCompany";
import { signOutAtom } from "../../web/src/lib/session";
import { appStore } from "../../web/src/lib/store";
import { jsonResponse, mockFetch, render, signIn as signInUser } from "./helpers";

function signIn(role: "superuser" | "administrador") {
  signInUser({
    id: role === "superuser" ? 1 : 2,
    name: role === "superuser" ? "Sara Plataforma" : "Andrés Gómez",
    email: role === "superuser" ? "super@horma.co" : "admin@demo.horma.co",
    role,
    token: `tok-${role}`,
    token_type: "bearer",
    location_id: null,
    company_name: role === "superuser" ? null : "Calzado Horma Demo",
    location_name: null,
  });
}

const company = (id: number, name: string, status: Company["subscription_status"] = "active") =>
  ({
    id,
    name,
    subdomain: name.toLowerCase().replace(/\W+/g, "-"),
    email: `c${id}@x.co`,
    legal_name: null,
    tax_id: null,
    phone: null,
    subscription_plan: "basic",
    subscription_status: status,
    status,
    max_locations: 3,
    max_employees: 10,
    price_per_location: 120000,
    monthly_cost: 120000,
    next_billing_date: null,
    current_locations_count: 1,
    current_employees_count: 1,
    suspended_reason: null,
    suspended_at: null,
    created_at: "2026-01-15T10:00:00.000Z",
    updated_at: "2026-01-15T10:00:00.000Z",
  }) satisfies Company;

/** A screen of the area: it calls the API like every section does. */
function AreaScreen() {
  return (
    <button type="button" onClick={() => void fetchAdminDashboard()}>
      Cargar panel
    </button>
  );
}

function renderGate() {
  const calls: { url: string; headers: Headers }[] = [];
  mockFetch(async (url, init) => {
    calls.push({ url, headers: new Headers(init?.headers) });
    if (url.startsWith("/api/v1/superadmin/companies"))
      return jsonResponse({ companies: [company(1, "Calzado Norte"), company(2, "Tenis Sur", "suspended")], total: 2 });
    return jsonResponse({ success: true });
  });
  render(
    <CompanyGate>
      <AreaScreen />
    </CompanyGate>,
  );
  return calls;
}

afterEach(() => {
  appStore.set(actingCompanyAtom, null);
  appStore.set(signOutAtom);
});

describe("CompanyGate", () => {
  it("lets company users straight in, without naming a company", async () => {
    signIn("administrador");
    const calls = renderGate();
    fireEvent.click(screen.getByRole("button", { name: "Cargar panel" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.headers.get("X-Company-Id")).toBeNull();
    expect(screen.queryByText("Elige la empresa")).toBeNull();
  });

  it("asks a superuser for the company first, then scopes every call to it (X-Company-Id)", async () => {
    signIn("superuser");
    const calls = renderGate();
    expect(screen.getByRole("heading", { name: "Elige la empresa" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cargar panel" })).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: /Tenis Sur/ }));
    expect(screen.getByTestId("acting-company").textContent).toContain("Tenis Sur");
    expect(readActingCompany()).toEqual({ id: 2, name: "Tenis Sur" });
    expect(JSON.parse(sessionStorage.getItem(ACTING_COMPANY_KEY) ?? "null")).toEqual({ id: 2, name: "Tenis Sur" });

    fireEvent.click(screen.getByRole("button", { name: "Cargar panel" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/v1/admin/admin/dashboard")).toBe(true));
    const call = calls.find((c) => c.url === "/api/v1/admin/admin/dashboard");
    expect(call?.headers.get("X-Company-Id")).toBe("2");
  });

  it("keeps the choice (sessionStorage) and lets it be changed", async () => {
    signIn("superuser");
    appStore.set(actingCompanyAtom, { id: 1, name: "Calzado Norte" });
    renderGate();
    expect(screen.getByTestId("acting-company").textContent).toContain("Calzado Norte");
    fireEvent.click(screen.getByRole("button", { name: "Cambiar empresa" }));
    expect(await screen.findByRole("heading", { name: "Elige la empresa" })).toBeTruthy();
    expect(sessionStorage.getItem(ACTING_COMPANY_KEY)).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: /Calzado Norte/ }));
    expect(screen.getByRole("button", { name: "Cargar panel" })).toBeTruthy();
  });

  it("forgets the company when the session ends", () => {
    signIn("superuser");
    appStore.set(actingCompanyAtom, { id: 1, name: "Calzado Norte" });
    appStore.set(signOutAtom);
    expect(appStore.get(actingCompanyAtom)).toBeNull();
    expect(sessionStorage.getItem(ACTING_COMPANY_KEY)).toBeNull();
  });

  it("searches the companies by name", async () => {
    signIn("superuser");
    const calls = renderGate();
    await screen.findByRole("button", { name: /Calzado Norte/ });
    fireEvent.change(screen.getByLabelText("Buscar empresa"), { target: { value: "tenis" } });
    await waitFor(() => expect(calls.some((c) => c.url.includes("search=tenis"))).toBe(true), { timeout: 2000 });
  });
});
