import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BossLocation } from "../../web/src/api/boss-schemas";
import { ApiError } from "../../web/src/api/http";
import { LocationsSection } from "../../web/src/features/boss/locations/LocationsSection";
import {
  canSubmit,
  createErrorMessage,
  EMPTY_LOCATION,
  toPayload,
  whatsappError,
} from "../../web/src/features/boss/locations/locationForm";
import { formatCOP } from "../../web/src/lib/format";
import { jsonBody } from "./admin-helpers";
import { jsonResponse, mockFetch, render, signInBoss } from "./helpers";

const location = (id: number, name: string, type: "local" | "bodega", isActive = true) =>
  ({
    id,
    name,
    type,
    address: "Cra. 7 # 12-45, Bogotá",
    phone: null,
    manager_name: "Laura Méndez",
    capacity: type === "bodega" ? 5000 : null,
    notes: null,
    is_active: isActive,
    latitude: null,
    longitude: null,
    opening_hours: null,
    whatsapp: null,
    assigned_users_count: 2,
    total_users: 2,
    total_products: 24,
    total_inventory_value: 205_528_400,
  }) satisfies BossLocation;

function renderSection() {
  render(<LocationsSection />);
}

const dialog = () => screen.getByRole("dialog");
const createButton = () => within(dialog()).getByRole("button", { name: "Crear ubicación" }) as HTMLButtonElement;

describe("location form rules", () => {
  it("needs a name; capacity only counts for a bodega and must be whole", () => {
    expect(canSubmit(EMPTY_LOCATION)).toBe(false);
    expect(canSubmit({ ...EMPTY_LOCATION, name: "   " })).toBe(false);
    expect(canSubmit({ ...EMPTY_LOCATION, name: "Local Norte" })).toBe(true);
    expect(canSubmit({ ...EMPTY_LOCATION, name: "B", type: "bodega", capacity: "1.5" })).toBe(false);
    expect(canSubmit({ ...EMPTY_LOCATION, name: "B", type: "local", capacity: "1.5" })).toBe(true);
    expect(toPayload({ ...EMPTY_LOCATION, name: " Local Norte ", capacity: "300", phone: " " })).toEqual({
      name: "Local Norte",
      type: "local",
    });
    expect(toPayload({ ...EMPTY_LOCATION, name: "Bodega Norte", type: "bodega", capacity: "300", notes: "x" })).toEqual(
      { name: "Bodega Norte", type: "bodega", capacity: 300, notes: "x" },
    );
  });

  it("a store takes opening hours and a WhatsApp (a Colombian mobile); a bodega sends neither", () => {
    const store = {
      ...EMPTY_LOCATION,
      name: "Local Norte",
      opening_hours: " Lun–Sáb 9:00–19:00 ",
      whatsapp: "300 123 4567",
    };
    expect(canSubmit(store)).toBe(true);
    expect(toPayload(store)).toEqual({
      name: "Local Norte",
      type: "local",
      opening_hours: "Lun–Sáb 9:00–19:00",
      whatsapp: "300 123 4567",
    });
    expect(whatsappError({ ...store, whatsapp: "601 555 0101" })).toMatch(/celular colombiano de 10 dígitos/);
    expect(canSubmit({ ...store, whatsapp: "601 555 0101" })).toBe(false);
    expect(toPayload({ ...store, type: "bodega" })).toEqual({ name: "Local Norte", type: "bodega" });
    expect(canSubmit({ ...store, type: "bodega", whatsapp: "no" })).toBe(true);
  });

  it("errors read 'Error al crear ubicación: {message}', 'Error desconocido' without one", () => {
    const limit = new ApiError(409, "x", "http", "Tu plan permite 10 ubicaciones activas");
    expect(createErrorMessage(limit)).toBe("Error al crear ubicación: Tu plan permite 10 ubicaciones activas");
    expect(createErrorMessage(new Error(""))).toBe("Error al crear ubicación: Error desconocido");
    expect(createErrorMessage("raro")).toBe("Error al crear ubicación: Error desconocido");
  });
});

describe("boss locations", () => {
  it("shows cards with users, products and stock value; the toggle asks for inactive ones too", async () => {
    signInBoss();
    const fetch = mockFetch(async (url) =>
      jsonResponse(
        url.includes("include_inactive=true")
          ? { locations: [location(1, "Local Centro", "local"), location(9, "Local Viejo", "local", false)], total: 2 }
          : { locations: [location(1, "Local Centro", "local"), location(4, "Bodega Principal", "bodega")], total: 2 },
      ),
    );
    renderSection();
    const cards = await screen.findAllByTestId("boss-location-card");
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain("Usuarios2");
    expect(cards[0]?.textContent).toContain("Productos24");
    expect(within(cards[0] as HTMLElement).getByTestId("location-inventory-value").textContent).toBe(
      formatCOP(205_528_400),
    );
    expect(cards[1]?.textContent).toContain("Capacidad: 5.000 pares");
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/v1/boss/boss/locations?include_inactive=false");
    fireEvent.click(screen.getByLabelText("Incluir inactivas"));
    await screen.findByText("Local Viejo");
    expect(fetch.mock.calls.at(-1)?.[0]).toBe("/api/v1/boss/boss/locations?include_inactive=true");
    expect(screen.getByText("Inactiva")).toBeTruthy();
  });

  it("the dialog: name required, local by default, capacity only for a bodega; success reloads the list", async () => {
    signInBoss();
    let list = [location(1, "Local Centro", "local")];
    const fetch = mockFetch(async (_url, init) => {
      if (init?.method === "POST") {
        list = [...list, location(6, "Bodega Norte", "bodega")];
        return jsonResponse({ success: true, message: "Ubicación creada exitosamente", location: list[1] }, 201);
      }
      return jsonResponse({ locations: list, total: list.length });
    });
    renderSection();
    await screen.findAllByTestId("boss-location-card");
    fireEvent.click(screen.getByRole("button", { name: "Nueva ubicación" }));
    expect(createButton().disabled).toBe(true);
    expect((within(dialog()).getByLabelText("Tipo") as HTMLSelectElement).value).toBe("local");
    expect(within(dialog()).queryByLabelText(/Capacidad/)).toBeNull();
    fireEvent.change(within(dialog()).getByLabelText("Nombre *"), { target: { value: "Bodega Norte" } });
    expect(createButton().disabled).toBe(false);
    fireEvent.change(within(dialog()).getByLabelText("Tipo"), { target: { value: "bodega" } });
    const capacity = within(dialog()).getByLabelText(/Capacidad/);
    fireEvent.change(capacity, { target: { value: "2.5" } });
    expect(within(dialog()).getByText("La capacidad debe ser un número entero")).toBeTruthy();
    expect(createButton().disabled).toBe(true);
    fireEvent.change(capacity, { target: { value: "3000" } });
    fireEvent.change(within(dialog()).getByLabelText("Encargado"), { target: { value: "Mónica Pardo" } });
    fireEvent.click(createButton());
    expect(await screen.findByText("Ubicación creada exitosamente")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    const post = fetch.mock.calls.find((c) => c[1]?.method === "POST");
    expect(post?.[0]).toBe("/api/v1/boss/boss/locations");
    expect(jsonBody(post?.[1])).toEqual({
      name: "Bodega Norte",
      type: "bodega",
      capacity: 3000,
      manager_name: "Mónica Pardo",
    });
    await waitFor(() => expect(screen.getAllByTestId("boss-location-card")).toHaveLength(2));
  });

  it("switching back to local hides and drops the capacity", async () => {
    signInBoss();
    const fetch = mockFetch(async (_url, init) =>
      init?.method === "POST"
        ? jsonResponse({ success: true, message: "ok" }, 201)
        : jsonResponse({ locations: [], total: 0 }),
    );
    renderSection();
    await screen.findByText("No hay ubicaciones");
    fireEvent.click(screen.getByRole("button", { name: "Nueva ubicación" }));
    fireEvent.change(within(dialog()).getByLabelText("Nombre *"), { target: { value: "Local Norte" } });
    fireEvent.change(within(dialog()).getByLabelText("Tipo"), { target: { value: "bodega" } });
    fireEvent.change(within(dialog()).getByLabelText(/Capacidad/), { target: { value: "100" } });
    fireEvent.change(within(dialog()).getByLabelText("Tipo"), { target: { value: "local" } });
    expect(within(dialog()).queryByLabelText(/Capacidad/)).toBeNull();
    fireEvent.click(createButton());
    await screen.findByText("Ubicación creada exitosamente");
    const post = fetch.mock.calls.find((c) => c[1]?.method === "POST");
    expect(jsonBody(post?.[1])).toEqual({ name: "Local Norte", type: "local" });
  });

  it("the plan's limit (409) is shown in the dialog as 'Error al crear ubicación: …'", async () => {
    signInBoss();
    mockFetch(async (_url, init) =>
      init?.method === "POST"
        ? jsonResponse({ detail: "El plan permite máximo 10 ubicaciones activas" }, 409)
        : jsonResponse({ locations: [], total: 0 }),
    );
    renderSection();
    await screen.findByText("No hay ubicaciones");
    fireEvent.click(screen.getByRole("button", { name: "Nueva ubicación" }));
    fireEvent.change(within(dialog()).getByLabelText("Nombre *"), { target: { value: "Local 11" } });
    fireEvent.click(createButton());
    expect(
      await within(dialog()).findByText("Error al crear ubicación: El plan permite máximo 10 ubicaciones activas"),
    ).toBeTruthy();
    expect(createButton().disabled).toBe(false);
  });
});
