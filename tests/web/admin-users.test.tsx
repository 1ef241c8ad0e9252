import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { StaffUser, UsersList } from "../../web/src/api/admin-schemas";
import { CreateUserModal } from "../../web/src/features/admin/users/CreateUserModal";
import { EditUserModal } from "../../web/src/features/admin/users/EditUserModal";
import { UsersSection } from "../../web/src/features/admin/users/UsersSection";
import { validateNewUser } from "../../web/src/features/company/userForm";
import { jsonBody, LOCATIONS, signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render } from "./helpers";

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const messages = () => Array.from(document.querySelectorAll("p.text-red-700")).map((p) => p.textContent);

const staff: StaffUser = {
  id: 9,
  email: "laura@demo.horma.co",
  first_name: "Laura",
  last_name: "Méndez",
  full_name: "Laura Méndez",
  role: "seller",
  location_id: 1,
  location_name: "Local Centro",
  is_active: true,
  locked_until: null,
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: "2026-11-01T10:00:00.000Z",
};

describe("validateNewUser", () => {
  it("gives the spec's message for each missing or wrong field", () => {
    expect(
      validateNewUser({ email: "", password: "", first_name: "", last_name: "", role: "", location_id: "" }),
    ).toEqual({
      email: "El email es requerido",
      password: "La contraseña es requerida",
      first_name: "El nombre es requerido",
      last_name: "El apellido es requerido",
      role: "El rol es requerido",
    });
    const wrong = validateNewUser({
      email: "sin-arroba",
      password: "12345",
      first_name: "Ana",
      last_name: "Ruiz",
      role: "corredor",
      location_id: "",
    });
    expect(wrong).toEqual({
      email: "El email no es válido",
      password: "La contraseña debe tener al menos 6 caracteres",
    });
    expect(
      validateNewUser({
        email: "ana@demo.co",
        password: "123456",
        first_name: "Ana",
        last_name: "Ruiz",
        role: "bodeguero",
        location_id: "4",
      }),
    ).toEqual({});
  });

  it("requires a location for a vendedor and a bodeguero, not for a corredor", () => {
    const person = { email: "ana@demo.co", password: "123456", first_name: "Ana", last_name: "Ruiz", location_id: "" };
    expect(validateNewUser({ ...person, role: "vendedor" })).toEqual({ location_id: "Un vendedor necesita un local" });
    expect(validateNewUser({ ...person, role: "bodeguero" })).toEqual({
      location_id: "Un bodeguero necesita una bodega",
    });
    expect(validateNewUser({ ...person, role: "corredor" })).toEqual({});
  });
});

/** The choices of the location select, by their text. */
const placeChoices = () =>
  Array.from((screen.getByLabelText(/^Ubicación/) as HTMLSelectElement).options).map((o) => o.textContent);

describe("CreateUserModal", () => {
  function open(answer: () => Response) {
    signInAdmin();
    const fetch = mockFetch(async () => answer());
    const onCreated = vi.fn();
    render(<CreateUserModal locations={LOCATIONS} onClose={vi.fn()} onCreated={onCreated} />);
    return { fetch, onCreated };
  }
  const submit = () => fireEvent.click(screen.getByRole("button", { name: "Crear usuario" }));

  it("shows every validation message under its field and calls nothing", () => {
    const { fetch } = open(() => jsonResponse({}));
    submit();
    expect(messages()).toEqual([
      "El email es requerido",
      "La contraseña es requerida",
      "El nombre es requerido",
      "El apellido es requerido",
      "El rol es requerido",
    ]);
    type(/^Email/, "malo");
    type(/^Contraseña/, "abc");
    submit();
    expect(messages()).toContain("El email no es válido");
    expect(messages()).toContain("La contraseña debe tener al menos 6 caracteres");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends vendedor as seller with the chosen location and reports success", async () => {
    const { fetch, onCreated } = open(() =>
      jsonResponse({ success: true, message: "Usuario creado exitosamente", user: staff }, 201),
    );
    type(/^Email/, " Laura@Demo.horma.co ");
    type(/^Contraseña/, "secreta1");
    type(/^Nombre/, "Laura");
    type(/^Apellido/, "Méndez");
    type(/^Rol/, "vendedor");
    type(/^Ubicación/, "1");
    submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith("Usuario creado exitosamente"));
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/v1/admin/admin/users");
    expect(jsonBody(init)).toEqual({
      email: "laura@demo.horma.co",
      password: "secreta1",
      first_name: "Laura",
      last_name: "Méndez",
      role: "seller",
      location_id: 1,
    });
  });

  it("offers a vendedor only stores and a bodeguero only warehouses, both required; a corredor any or none", () => {
    const { fetch } = open(() => jsonResponse({}));
    expect(screen.getByLabelText("Ubicación (opcional)")).toBeTruthy();
    expect(placeChoices()).toEqual(["Sin ubicación", "Local Centro", "Bodega Principal"]);
    type(/^Email/, "nora@demo.horma.co");
    type(/^Contraseña/, "secreta1");
    type(/^Nombre/, "Nora");
    type(/^Apellido/, "Vélez");
    type(/^Rol/, "vendedor");
    expect((screen.getByLabelText(/^Ubicación \*/) as HTMLSelectElement).required).toBe(true);
    expect(placeChoices()).toEqual(["Selecciona un local", "Local Centro"]);
    submit();
    expect(messages()).toEqual(["Un vendedor necesita un local"]);
    type(/^Ubicación/, "1");
    // a store chosen for a vendedor is no warehouse for a bodeguero: the choice is cleared
    type(/^Rol/, "bodeguero");
    expect(placeChoices()).toEqual(["Selecciona una bodega", "Bodega Principal"]);
    expect((screen.getByLabelText(/^Ubicación/) as HTMLSelectElement).value).toBe("");
    submit();
    expect(messages()).toEqual(["Un bodeguero necesita una bodega"]);
    type(/^Rol/, "corredor");
    expect(placeChoices()).toEqual(["Sin ubicación", "Local Centro", "Bodega Principal"]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows 'Error al crear usuario: ' with the server's message", async () => {
    open(() => jsonResponse({ detail: "Ya existe un usuario con ese correo" }, 409));
    type(/^Email/, "laura@demo.horma.co");
    type(/^Contraseña/, "secreta1");
    type(/^Nombre/, "Laura");
    type(/^Apellido/, "Méndez");
    type(/^Rol/, "corredor");
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Error al crear usuario: Ya existe un usuario con ese correo",
    );
  });
});

describe("EditUserModal", () => {
  it("locks e-mail and role, requires the names and sends only names, active and location", async () => {
    signInAdmin();
    const fetch = mockFetch(async () => jsonResponse({ success: true, user: { ...staff, is_active: false } }));
    const onSaved = vi.fn();
    render(<EditUserModal user={staff} locations={LOCATIONS} onClose={vi.fn()} onSaved={onSaved} />);
    expect((screen.getByLabelText("Email") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText("Rol") as HTMLInputElement).value).toBe("Vendedor");
    expect((screen.getByLabelText("Rol") as HTMLInputElement).disabled).toBe(true);
    type(/^Nombre/, "  ");
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect(messages()).toEqual(["El nombre es requerido"]);
    expect(fetch).not.toHaveBeenCalled();
    type(/^Nombre/, "Laura Inés");
    fireEvent.click(screen.getByLabelText("Usuario activo"));
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith("Usuario actualizado exitosamente"));
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/v1/admin/admin/users/9");
    expect(init?.method).toBe("PUT");
    expect(jsonBody(init)).toEqual({ first_name: "Laura Inés", last_name: "Méndez", is_active: false, location_id: 1 });
  });
});

describe("EditUserModal: the location a role needs", () => {
  it("asks a vendedor left without a store (or at a warehouse) for one before saving", async () => {
    signInAdmin();
    const fetch = mockFetch(async () => jsonResponse({ success: true, user: staff }));
    const onSaved = vi.fn();
    const legacy = { ...staff, location_id: 4, location_name: "Bodega Principal" };
    render(<EditUserModal user={legacy} locations={LOCATIONS} onClose={vi.fn()} onSaved={onSaved} />);
    expect(placeChoices()).toEqual(["Selecciona un local", "Local Centro"]);
    expect((screen.getByLabelText(/^Ubicación \*/) as HTMLSelectElement).value).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect(messages()).toEqual(["Un vendedor necesita un local"]);
    expect(fetch).not.toHaveBeenCalled();
    type(/^Ubicación/, "1");
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(jsonBody(fetch.mock.calls[0]?.[1])).toMatchObject({ location_id: 1, is_active: true });
  });

  it("lets an inactive vendedor stay without one, and a corredor choose any or none", async () => {
    signInAdmin();
    const fetch = mockFetch(async () => jsonResponse({ success: true, user: staff }));
    const onSaved = vi.fn();
    const { unmount } = render(
      <EditUserModal
        user={{ ...staff, location_id: null, location_name: null, is_active: false }}
        locations={LOCATIONS}
        onClose={vi.fn()}
        onSaved={onSaved}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(jsonBody(fetch.mock.calls[0]?.[1])).toMatchObject({ location_id: null, is_active: false });
    unmount();
    render(
      <EditUserModal
        user={{ ...staff, role: "corredor", location_id: null, location_name: null }}
        locations={LOCATIONS}
        onClose={vi.fn()}
        onSaved={onSaved}
      />,
    );
    expect(placeChoices()).toEqual(["Sin ubicación", "Local Centro", "Bodega Principal"]);
  });
});

describe("UsersSection", () => {
  it("filters by role through the query and shows 'No hay usuarios' when none match", async () => {
    signInAdmin();
    const fetch = mockFetch(async (url) => {
      if (url.includes("available-locations")) return jsonResponse({ locations: LOCATIONS });
      if (url.includes("role=corredor")) return jsonResponse({ users: [], total: 0 });
      return jsonResponse({ users: [staff], total: 1 });
    });
    render(<UsersSection />);
    expect(await screen.findByText("Laura Méndez")).toBeTruthy();
    type(/^Rol/, "corredor");
    expect(await screen.findByText("No hay usuarios")).toBeTruthy();
    expect(fetch.mock.calls.map((c) => c[0])).toContain("/api/v1/admin/admin/users?role=corredor");
  });

  it("sets a staff member's password and unlocks an account locked by failed logins", async () => {
    signInAdmin();
    let locked = true;
    const writes: { url: string; method: string; body: unknown }[] = [];
    mockFetch(async (url, init) => {
      if (init?.method && init.method !== "GET") {
        writes.push({ url, method: init.method, body: jsonBody(init) });
        if (url.endsWith("/unlock")) {
          locked = false;
          return jsonResponse({ success: true, message: "Cuenta desbloqueada exitosamente", was_locked: true });
        }
        return jsonResponse({ success: true, message: "Contraseña actualizada exitosamente" });
      }
      if (url.includes("available-locations")) return jsonResponse({ locations: LOCATIONS });
      return jsonResponse({
        users: [{ ...staff, locked_until: locked ? "2026-11-23T20:45:00.000Z" : null }],
        total: 1,
        roles: ["seller", "bodeguero", "corredor"],
      } satisfies UsersList);
    });
    render(<UsersSection />);
    expect((await screen.findAllByText(/Bloqueada hasta las/)).length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole("button", { name: "Cambiar la contraseña de Laura Méndez" }));
    const dialog = screen.getByRole("dialog", { name: "Nueva contraseña" });
    fireEvent.change(within(dialog).getByLabelText(/^Nueva contraseña/), { target: { value: "corta" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar contraseña" }));
    expect(within(dialog).getByText("La contraseña debe tener al menos 6 caracteres")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Nueva contraseña/), { target: { value: "laura2026" } });
    fireEvent.change(within(dialog).getByLabelText(/^Repite/), { target: { value: "laura2026" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar contraseña" }));
    expect(await screen.findByText(/Contraseña de Laura Méndez actualizada/)).toBeTruthy();
    expect(writes[0]).toEqual({
      url: "/api/v1/admin/admin/users/9/password",
      method: "PUT",
      body: { password: "laura2026" },
    });

    fireEvent.click(screen.getByRole("button", { name: "Desbloquear a Laura Méndez" }));
    expect(await screen.findByText("Laura Méndez: Cuenta desbloqueada exitosamente")).toBeTruthy();
    expect(writes[1]).toMatchObject({ url: "/api/v1/admin/admin/users/9/unlock", method: "POST" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Desbloquear a Laura Méndez" })).toBeNull());
  });

  it("shows why an unlock failed", async () => {
    signInAdmin();
    mockFetch(async (url, init) => {
      if (init?.method === "POST") return jsonResponse({ detail: "Usuario no encontrado" }, 404);
      if (url.includes("available-locations")) return jsonResponse({ locations: LOCATIONS });
      return jsonResponse({ users: [{ ...staff, locked_until: "2026-11-23T20:45:00.000Z" }], total: 1 });
    });
    render(<UsersSection />);
    fireEvent.click(await screen.findByRole("button", { name: "Desbloquear a Laura Méndez" }));
    expect(await screen.findByText("Error al desbloquear: Usuario no encontrado")).toBeTruthy();
  });
});
