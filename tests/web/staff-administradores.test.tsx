import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { StaffUser } from "../../web/src/api/admin-schemas";
import type { Administradores } from "../../web/src/api/staff";
import { StaffSection } from "../../web/src/features/boss/staff/StaffSection";
import { AdministradoresPanel } from "../../web/src/features/staff/AdministradoresPanel";
import { validateAdministrador } from "../../web/src/features/staff/CreateAdministradorModal";
import { companyAdministradores } from "../../web/src/features/superuser/mutations";
import { jsonBody } from "./admin-helpers";
import { jsonResponse, mockFetch, render, signIn as signInUser } from "./helpers";

function signIn(role: "boss" | "superuser") {
  signInUser({
    id: role === "boss" ? 3 : 1,
    name: role === "boss" ? "Beatriz Ospina" : "Sara Plataforma",
    email: role === "boss" ? "boss@demo.horma.co" : "super@horma.co",
    role,
    token: `tok-${role}`,
    token_type: "bearer",
    location_id: null,
    company_name: role === "boss" ? "Calzado Horma Demo" : null,
    location_name: null,
  });
}

const admin = (id: number, name: string, extra: Partial<StaffUser> = {}): StaffUser => ({
  id,
  email: `${name.split(" ")[0]?.toLowerCase()}@demo.horma.co`,
  first_name: name.split(" ")[0] ?? name,
  last_name: name.split(" ")[1] ?? "",
  full_name: name,
  role: "administrador",
  location_id: null,
  location_name: null,
  is_active: true,
  locked_until: null,
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: "2026-11-01T10:00:00.000Z",
  ...extra,
});

const LOCKED_UNTIL = "2026-11-23T20:45:00.000Z";
const overview = (admins: StaffUser[], count = 6, limit = 15) =>
  ({
    administradores: admins,
    total: admins.length,
    employees: { count, limit },
    locations: [
      { location_id: 1, name: "Local Centro", type: "local" },
      { location_id: 4, name: "Bodega Principal", type: "bodega" },
    ],
  }) satisfies Administradores;

type Call = { url: string; method: string; body: unknown; headers: Headers };

function serve(answers: { list: () => unknown; write?: (call: Call) => Response }) {
  const calls: Call[] = [];
  const fetch = mockFetch(async (url, init) => {
    const call = { url, method: init?.method ?? "GET", body: jsonBody(init), headers: new Headers(init?.headers) };
    calls.push(call);
    if (call.method === "GET") return jsonResponse(answers.list());
    return answers.write?.(call) ?? jsonResponse({ success: true, message: "ok" });
  });
  return { calls, fetch };
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== "GET");

describe("validateAdministrador", () => {
  it("gives the staff form's messages; the location is optional", () => {
    expect(validateAdministrador({ email: "", password: "", first_name: "", last_name: "", location_id: "" })).toEqual({
      email: "El email es requerido",
      password: "La contraseña es requerida",
      first_name: "El nombre es requerido",
      last_name: "El apellido es requerido",
    });
    expect(
      validateAdministrador({ email: "x", password: "12345", first_name: "A", last_name: "B", location_id: "" }),
    ).toEqual({ email: "El email no es válido", password: "La contraseña debe tener al menos 6 caracteres" });
  });
});

describe("boss 'Personal' section", () => {
  function open(answers: Parameters<typeof serve>[0]) {
    signIn("boss");
    const served = serve(answers);
    render(<StaffSection />);
    return served;
  }

  it("lists the administradores with the plan's usage, location and a login lock", async () => {
    const { calls } = open({
      list: () =>
        overview([
          admin(2, "Andrés Gómez", { location_name: "Local Centro" }),
          admin(8, "Lina Paz", { locked_until: LOCKED_UNTIL }),
        ]),
    });
    const rows = await screen.findAllByTestId("administrador-row");
    expect(calls[0]?.url).toBe("/api/v1/boss/boss/administradores");
    expect(screen.getByTestId("employee-usage").textContent).toBe("Empleados del plan: 6 de 15");
    expect(rows[0]?.textContent).toContain("Local Centro");
    expect(within(rows[0] as HTMLElement).queryByRole("button", { name: /Desbloquear/ })).toBeNull();
    expect(rows[1]?.textContent).toMatch(/Bloqueada hasta las/);
    expect(within(rows[1] as HTMLElement).getByRole("button", { name: "Desbloquear a Lina Paz" })).toBeTruthy();
  });

  it("creates an administrador with an Idempotency-Key, validating first, and reloads the list", async () => {
    let admins = [admin(2, "Andrés Gómez")];
    const { calls } = open({
      list: () => overview(admins),
      write: () => {
        admins = [...admins, admin(9, "Nora Vélez")];
        return jsonResponse({ success: true, message: "Administrador creado exitosamente", user: admins[1] }, 201);
      },
    });
    await screen.findAllByTestId("administrador-row");
    fireEvent.click(screen.getByRole("button", { name: "+ Nuevo administrador" }));
    const dialog = screen.getByRole("dialog", { name: "Nuevo administrador" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear administrador" }));
    expect(within(dialog).getByText("El email es requerido")).toBeTruthy();
    expect(within(dialog).getByText("La contraseña es requerida")).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);

    const type = (label: RegExp, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type(/^Email/, " Nora.Velez@Demo.horma.co ");
    type(/^Contraseña/, "secreto1");
    type(/^Nombre/, "Nora");
    type(/^Apellido/, "Vélez");
    fireEvent.change(within(dialog).getByLabelText("Ubicación (opcional)"), { target: { value: "4" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear administrador" }));

    await screen.findByText("Administrador Nora Vélez creado exitosamente");
    const [post] = writes(calls);
    expect(post?.url).toBe("/api/v1/boss/boss/administradores");
    expect(post?.method).toBe("POST");
    expect(post?.body).toEqual({
      email: "nora.velez@demo.horma.co",
      password: "secreto1",
      first_name: "Nora",
      last_name: "Vélez",
      location_id: 4,
    });
    expect(post?.headers.get("Idempotency-Key")).toMatch(/\S{16,}/);
    await waitFor(() => expect(screen.getAllByTestId("administrador-row")).toHaveLength(2));
  });

  it("shows the server's refusal (the plan's limit) inside the form", async () => {
    open({
      list: () => overview([]),
      write: () =>
        jsonResponse(
          { detail: "Se alcanzó el límite de empleados del plan (6). Actualiza la suscripción para agregar más." },
          409,
        ),
    });
    expect(await screen.findByText(/aún no tiene administradores/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "+ Nuevo administrador" }));
    const dialog = screen.getByRole("dialog");
    for (const [label, value] of [
      [/^Email/, "a@demo.co"],
      [/^Contraseña/, "secreto1"],
      [/^Nombre/, "A"],
      [/^Apellido/, "B"],
    ] as const) {
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    }
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear administrador" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("límite de empleados del plan (6)");
  });

  it("disables creating when the plan is full", async () => {
    open({ list: () => overview([admin(2, "Andrés Gómez")], 15, 15) });
    await screen.findAllByTestId("administrador-row");
    expect(screen.getByRole("button", { name: "+ Nuevo administrador" })).toHaveProperty("disabled", true);
    expect(screen.getByText(/llegó a su límite de empleados/)).toBeTruthy();
  });

  it("sets a new password (typed twice, 6+) and unlocks a locked account", async () => {
    let locked = true;
    const { calls } = open({
      list: () => overview([admin(8, "Lina Paz", { locked_until: locked ? LOCKED_UNTIL : null })]),
      write: (call) => {
        if (call.url.endsWith("/unlock")) {
          locked = false;
          return jsonResponse({ success: true, message: "Cuenta desbloqueada exitosamente", was_locked: true });
        }
        return jsonResponse({ success: true, message: "Contraseña actualizada exitosamente" });
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Cambiar la contraseña de Lina Paz" }));
    const dialog = screen.getByRole("dialog", { name: "Nueva contraseña" });
    fireEvent.change(within(dialog).getByLabelText(/^Nueva contraseña/), { target: { value: "12345" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar contraseña" }));
    expect(within(dialog).getByText("La contraseña debe tener al menos 6 caracteres")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Nueva contraseña/), { target: { value: "nueva123" } });
    fireEvent.change(within(dialog).getByLabelText(/^Repite/), { target: { value: "nueva12" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar contraseña" }));
    expect(within(dialog).getByText("Las contraseñas no coinciden")).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^Repite/), { target: { value: "nueva123" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar contraseña" }));
    expect(await screen.findByText(/Contraseña de Lina Paz actualizada/)).toBeTruthy();
    expect(writes(calls)[0]).toMatchObject({
      url: "/api/v1/boss/boss/administradores/8/password",
      method: "PUT",
      body: { password: "nueva123" },
    });

    fireEvent.click(await screen.findByRole("button", { name: "Desbloquear a Lina Paz" }));
    expect(await screen.findByText("Lina Paz: Cuenta desbloqueada exitosamente")).toBeTruthy();
    expect(writes(calls)[1]).toMatchObject({ url: "/api/v1/boss/boss/administradores/8/unlock", method: "POST" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Desbloquear a Lina Paz" })).toBeNull());
  });

  it("offers a retry when the list cannot be read", async () => {
    let fail = true;
    open({
      list: () => {
        if (fail) throw new TypeError("Failed to fetch");
        return overview([admin(2, "Andrés Gómez")]);
      },
    });
    const retry = await screen.findByRole("button", { name: "Reintentar" });
    expect(screen.getByRole("alert").textContent).toContain("Error de conexión");
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByTestId("administrador-row")).toBeTruthy();
  });
});

describe("deactivating and reactivating an administrador", () => {
  it("the boss deactivates one of two after confirming; the last active one needs the warning and confirm_last", async () => {
    signIn("boss");
    const { calls } = serve({
      list: () => overview([admin(2, "Andrés Gómez"), admin(8, "Lina Paz")]),
      write: () =>
        jsonResponse({
          success: true,
          message: "Administrador desactivado: sus sesiones se cerraron",
          user: admin(8, "Lina Paz", { is_active: false }),
        }),
    });
    render(<StaffSection />);
    const rows = await screen.findAllByTestId("administrador-row");
    fireEvent.click(within(rows[1] as HTMLElement).getByRole("button", { name: "Desactivar a Lina Paz" }));
    const dialog = screen.getByRole("dialog", { name: "Desactivar administrador" });
    expect(dialog.textContent).toContain("sus sesiones abiertas se cerrarán de inmediato");
    expect(dialog.textContent).not.toContain("último administrador activo");
    fireEvent.click(within(dialog).getByRole("button", { name: "Desactivar" }));
    await screen.findByText("Lina Paz: Administrador desactivado: sus sesiones se cerraron");
    expect(writes(calls)[0]).toMatchObject({
      url: "/api/v1/boss/boss/administradores/8/active",
      method: "PUT",
      body: { is_active: false, confirm_last: false },
    });
  });

  it("the superuser reactivates one; the only active one is deactivated only through the warning", async () => {
    signIn("superuser");
    const { calls } = serve({
      list: () => overview([admin(2, "Andrés Gómez"), admin(8, "Lina Paz", { is_active: false })]),
      write: () => jsonResponse({ success: true, message: "ok", user: admin(2, "Andrés Gómez") }),
    });
    render(<AdministradoresPanel staff={companyAdministradores(12)} />);
    const rows = await screen.findAllByTestId("administrador-row");
    fireEvent.click(within(rows[0] as HTMLElement).getByRole("button", { name: "Desactivar a Andrés Gómez" }));
    const dialog = screen.getByRole("dialog", { name: "Desactivar administrador" });
    expect(dialog.textContent).toContain("Es el último administrador activo de la empresa");
    fireEvent.click(within(dialog).getByRole("button", { name: "Desactivar" }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      url: "/api/v1/superadmin/users/2/active",
      body: { is_active: false, confirm_last: true },
    });
    // the list is read again after the change
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(await screen.findByRole("button", { name: "Reactivar a Lina Paz" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Reactivar administrador" })).getByRole("button", {
        name: "Reactivar",
      }),
    );
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({ url: "/api/v1/superadmin/users/8/active", body: { is_active: true } });
  });
});

describe("the superuser's company detail", () => {
  it("reads and creates the company's administradores through the superadmin routes", async () => {
    signIn("superuser");
    const { calls } = serve({
      list: () => overview([]),
      write: () => jsonResponse({ success: true, message: "ok", user: admin(5, "Pía Ramos") }, 201),
    });
    render(<AdministradoresPanel staff={companyAdministradores(12)} />);
    await screen.findByText(/aún no tiene administradores/);
    expect(calls[0]?.url).toBe("/api/v1/superadmin/companies/12/administradores");
    fireEvent.click(screen.getByRole("button", { name: "+ Nuevo administrador" }));
    const dialog = screen.getByRole("dialog");
    for (const [label, value] of [
      [/^Email/, "admin@nueva.co"],
      [/^Contraseña/, "primera1"],
      [/^Nombre/, "Pía"],
      [/^Apellido/, "Ramos"],
    ] as const) {
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    }
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear administrador" }));
    await screen.findByText("Administrador Pía Ramos creado exitosamente");
    expect(writes(calls)[0]?.url).toBe("/api/v1/superadmin/companies/12/administradores");
    expect(writes(calls)[0]?.body).toMatchObject({ email: "admin@nueva.co", location_id: null });
  });
});
