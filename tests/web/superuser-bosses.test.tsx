import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Answer, api } from "../../web/src/api/http";
import type { Boss, Company } from "../../web/src/api/superadmin-schemas";
import { BossesTab } from "../../web/src/features/superuser/bosses/BossesTab";
import { FeedbackProvider } from "../../web/src/features/superuser/feedback";
import { isStrongPassword, passwordChecks } from "../../web/src/features/superuser/password";
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

function company(id: number, name: string): Company {
  return {
    id,
    name,
    subdomain: name.toLowerCase().replace(/\W+/g, "-"),
    email: `c${id}@x.co`,
    legal_name: null,
    tax_id: null,
    phone: null,
    subscription_plan: "basic",
    subscription_status: "active",
    status: "active",
    max_locations: 3,
    max_employees: 10,
    price_per_location: 120000,
    monthly_cost: 120000,
    next_billing_date: null,
    current_locations_count: 1,
    current_employees_count: 1,
    suspended_reason: null,
    suspended_at: null,
    created_at: "2026-01-10 14:00:00",
    updated_at: "2026-01-10 14:00:00",
  };
}

const boss: Boss = {
  id: 30,
  first_name: "Carlos",
  last_name: "Pérez",
  full_name: "Carlos Pérez",
  email: "carlos@norte.co",
  company_id: 1,
  is_active: true,
  locked_until: null,
  created_at: "2026-02-03 15:04:00",
  updated_at: "2026-03-04 16:30:00",
};

const COMPANIES = [company(1, "Calzado Norte"), company(2, "Tenis Sur")];

function renderTab() {
  signIn();
  const posts: { url: string; body: unknown }[] = [];
  mockFetch(async (url, init) => {
    if (init?.method === "POST") {
      posts.push({ url, body: JSON.parse(String(init.body)) });
      return jsonResponse({ message: "Usuario Boss creado exitosamente", boss, replaced: false }, 201);
    }
    if (url.startsWith("/api/v1/superadmin/companies?")) return jsonResponse({ companies: COMPANIES, total: 2 });
    if (url === "/api/v1/superadmin/companies/1/with-boss") return jsonResponse({ company: COMPANIES[0], boss });
    if (url === "/api/v1/superadmin/companies/2/with-boss") return jsonResponse({ company: COMPANIES[1], boss: null });
    if (url === "/api/v1/superadmin/companies/1/boss") return jsonResponse(boss);
    return jsonResponse({ detail: "no esperado" }, 500);
  });
  render(
    <FeedbackProvider render={({ toasts, dismiss }) => <Toasts items={toasts} onDismiss={dismiss} />}>
      <BossesTab />
    </FeedbackProvider>,
  );
  return { posts };
}

const RULES = [
  "Al menos una letra mayúscula",
  "Al menos un número",
  "Al menos un carácter especial",
  "Mínimo 8 caracteres",
];

describe("password rule", () => {
  it("checks each rule on its own", () => {
    const met = (p: string) =>
      passwordChecks(p)
        .filter((c) => c.ok)
        .map((c) => c.label);
    expect(passwordChecks("").map((c) => c.label)).toEqual(RULES);
    expect(met("")).toEqual([]);
    expect(met("A")).toEqual(["Al menos una letra mayúscula"]);
    expect(met("Abc1")).toEqual(["Al menos una letra mayúscula", "Al menos un número"]);
    expect(met("abcdefgh")).toEqual(["Mínimo 8 caracteres"]);
    expect(met("Horma#2026")).toEqual(RULES);
    expect(isStrongPassword("Horma#2026")).toBe(true);
    expect(isStrongPassword("Horma2026")).toBe(false);
    expect(isStrongPassword("Hor#26")).toBe(false);
  });
});

describe("BossesTab", () => {
  it("lists companies with and without a boss, with the right actions", async () => {
    renderTab();
    const rows = await screen.findAllByTestId("boss-row");
    expect(rows).toHaveLength(2);
    const [north, south] = rows.map((r) => within(r));
    expect(north?.getByText("Carlos Pérez")).toBeTruthy();
    expect(north?.getByText("carlos@norte.co")).toBeTruthy();
    expect(north?.getByRole("button", { name: "Ver Boss" })).toBeTruthy();
    expect(north?.getByRole("button", { name: "Cambiar Boss" })).toBeTruthy();
    expect(south?.getByText("Sin boss asignado")).toBeTruthy();
    expect(south?.queryByRole("button", { name: "Ver Boss" })).toBeNull();
    expect(south?.getByRole("button", { name: "Crear Boss" })).toBeTruthy();
    // Search by company name.
    fireEvent.change(screen.getByLabelText("Buscar empresa"), { target: { value: "tenis" } });
    expect(screen.getAllByTestId("boss-row")).toHaveLength(1);
    expect(screen.getByTestId("boss-row").textContent).toContain("Tenis Sur");
  });

  it("'Ver Boss' shows the details with created and updated dates", async () => {
    renderTab();
    const [north] = await screen.findAllByTestId("boss-row");
    fireEvent.click(within(north as HTMLElement).getByRole("button", { name: "Ver Boss" }));
    const details = await screen.findByTestId("boss-details");
    expect(details.textContent).toContain("Carlos Pérez");
    expect(details.textContent).toContain("carlos@norte.co");
    // 15:04 UTC is 10:04 in Bogotá.
    expect(details.textContent).toMatch(/03\/02\/2026.*10:04/);
    expect(details.textContent).toMatch(/04\/03\/2026.*11:30/);
  });

  it("Crear Boss: company first, live checklist, submit disabled until the password is valid", async () => {
    const { posts } = renderTab();
    await screen.findAllByTestId("boss-row");
    fireEvent.click(screen.getAllByRole("button", { name: "Crear Boss" })[0] as HTMLElement);
    const dialog = within(await screen.findByRole("dialog", { name: "Crear Boss" }));
    // Nothing but the company choice until a company is picked.
    expect(dialog.queryByLabelText("Contraseña *")).toBeNull();
    const submit = () => dialog.getByRole("button", { name: "Crear Boss" }) as HTMLButtonElement;
    expect(submit().disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText("Empresa"), { target: { value: "2" } });

    fireEvent.change(dialog.getByLabelText("Nombre *"), { target: { value: "Lucía" } });
    fireEvent.change(dialog.getByLabelText("Apellido *"), { target: { value: "Mora" } });
    fireEvent.change(dialog.getByLabelText("Email *"), { target: { value: "Lucia@TenisSur.co" } });
    const password = dialog.getByLabelText("Contraseña *");
    const checklist = dialog.getByRole("list", { name: "Requisitos de la contraseña" });
    const okItems = () =>
      within(checklist)
        .getAllByRole("listitem")
        .filter((li) => li.dataset.ok === "true")
        .map((li) => li.textContent?.replace(/[✓○]|\(cumplido\)/g, "").trim());
    expect(
      within(checklist)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(RULES.map((r) => expect.stringContaining(r)));

    fireEvent.change(password, { target: { value: "tenis" } });
    expect(okItems()).toEqual([]);
    expect(submit().disabled).toBe(true);
    fireEvent.change(password, { target: { value: "Tenis2026" } });
    expect(okItems()).toEqual(["Al menos una letra mayúscula", "Al menos un número", "Mínimo 8 caracteres"]);
    expect(submit().disabled).toBe(true);
    fireEvent.change(password, { target: { value: "Tenis#2026" } });
    expect(okItems()).toEqual(RULES);
    expect(submit().disabled).toBe(false);

    fireEvent.click(submit());
    expect(await screen.findByText("Usuario Boss creado exitosamente")).toBeTruthy();
    expect(posts).toEqual([
      {
        url: "/api/v1/superadmin/companies/2/boss",
        body: { email: "lucia@tenissur.co", password: "Tenis#2026", first_name: "Lucía", last_name: "Mora" },
      },
    ]);
  });

  it("a missing name is refused in the form; Cancel resets the form", async () => {
    const { posts } = renderTab();
    await screen.findAllByTestId("boss-row");
    fireEvent.click(screen.getAllByRole("button", { name: "Crear Boss" })[1] as HTMLElement);
    let dialog = within(await screen.findByRole("dialog", { name: "Crear Boss" }));
    fireEvent.change(dialog.getByLabelText("Email *"), { target: { value: "x@tenis.co" } });
    fireEvent.change(dialog.getByLabelText("Contraseña *"), { target: { value: "Tenis#2026" } });
    fireEvent.click(dialog.getByRole("button", { name: "Crear Boss" }));
    expect(await dialog.findByText("El nombre es requerido")).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.click(dialog.getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getAllByRole("button", { name: "Crear Boss" })[1] as HTMLElement);
    dialog = within(await screen.findByRole("dialog", { name: "Crear Boss" }));
    expect((dialog.getByLabelText("Email *") as HTMLInputElement).value).toBe("");
    expect((dialog.getByLabelText("Contraseña *") as HTMLInputElement).value).toBe("");
  });

  it("Cambiar Boss warns that the current boss will be replaced", async () => {
    renderTab();
    const [north] = await screen.findAllByTestId("boss-row");
    fireEvent.click(within(north as HTMLElement).getByRole("button", { name: "Cambiar Boss" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Cambiar Boss" }));
    expect(dialog.getByText(/lo reemplaza/)).toBeTruthy();
  });
});

describe("a boss's password and login lock", () => {
  it("sets a strong password and unlocks a locked boss", async () => {
    signIn();
    let locked = true;
    const writes: { url: string; method: string; body: unknown }[] = [];
    mockFetch(async (url, init) => {
      if (init?.method === "PUT" || init?.method === "POST") {
        writes.push({ url, method: init.method, body: init.body ? JSON.parse(String(init.body)) : null });
        if (url.endsWith("/unlock")) {
          locked = false;
          return jsonResponse({ success: true, message: "Cuenta desbloqueada exitosamente", was_locked: true });
        }
        return jsonResponse({ success: true, message: "Contraseña actualizada exitosamente" });
      }
      if (url.startsWith("/api/v1/superadmin/companies?")) return jsonResponse({ companies: COMPANIES, total: 2 });
      if (url === "/api/v1/superadmin/companies/1/with-boss")
        return jsonResponse({
          company: company(1, "Calzado Norte"),
          boss: { ...boss, locked_until: locked ? "2026-11-23T20:45:00.000Z" : null },
        } satisfies Answer<(typeof api.superadmin.companies)[":id"]["with-boss"]["$get"]>);
      return jsonResponse({ company: COMPANIES[1], boss: null });
    });
    render(
      <FeedbackProvider render={({ toasts, dismiss }) => <Toasts items={toasts} onDismiss={dismiss} />}>
        <BossesTab />
      </FeedbackProvider>,
    );
    const [north, south] = await screen.findAllByTestId("boss-row");
    expect(north?.textContent).toMatch(/Bloqueada hasta las/);
    expect(within(south as HTMLElement).queryByRole("button", { name: /contraseña/i })).toBeNull();

    fireEvent.click(
      within(north as HTMLElement).getByRole("button", { name: "Cambiar la contraseña de Carlos Pérez" }),
    );
    const dialog = within(screen.getByRole("dialog", { name: "Nueva contraseña" }));
    expect(dialog.getByRole("list", { name: "Requisitos de la contraseña" })).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^Nueva contraseña/), { target: { value: "sencilla1" } });
    fireEvent.click(dialog.getByRole("button", { name: "Guardar contraseña" }));
    expect(dialog.getByText(/al menos 8 caracteres, una letra mayúscula/)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^Nueva contraseña/), { target: { value: "Carlos#2027" } });
    fireEvent.change(dialog.getByLabelText(/^Repite/), { target: { value: "Carlos#2027" } });
    fireEvent.click(dialog.getByRole("button", { name: "Guardar contraseña" }));
    expect(await screen.findByText(/Contraseña de Carlos Pérez actualizada/)).toBeTruthy();
    expect(writes[0]).toEqual({
      url: "/api/v1/superadmin/users/30/password",
      method: "PUT",
      body: { password: "Carlos#2027" },
    });

    fireEvent.click(await screen.findByRole("button", { name: "Desbloquear a Carlos Pérez" }));
    expect(await screen.findByText("Carlos Pérez: Cuenta desbloqueada exitosamente")).toBeTruthy();
    expect(writes[1]).toMatchObject({ url: "/api/v1/superadmin/users/30/unlock", method: "POST" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Desbloquear a Carlos Pérez" })).toBeNull());
  });
});
