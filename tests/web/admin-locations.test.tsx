import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminLocations } from "../../web/src/api/admin-schemas";
import { LocationsSection } from "../../web/src/features/admin/locations/LocationsSection";
import { signOutAtom } from "../../web/src/lib/session";
import { appStore } from "../../web/src/lib/store";
import { jsonResponse, mockFetch, render, signIn } from "./helpers";

afterEach(() => appStore.set(signOutAtom));

const centro = {
  id: 4,
  name: "Local Centro",
  type: "local",
  address: "Cra. 7 # 12-30",
  phone: null,
  manager_name: null,
  capacity: null,
  notes: null,
  is_active: true,
  latitude: null,
  longitude: null,
  opening_hours: null,
  whatsapp: null,
  assigned_users_count: 2,
  total_users: 2,
  total_products: 10,
  total_inventory_value: 1_000_000,
} satisfies AdminLocations["locations"][number];
const listed = { locations: [centro], total: 1 } satisfies AdminLocations;

describe("Ubicaciones: edit and close", () => {
  it("asks before closing and shows why the server refuses (stock left)", async () => {
    signIn({ role: "administrador" });
    const calls = mockFetch(async (url, init) =>
      init?.method === "POST" && url.endsWith("/deactivate")
        ? jsonResponse({ detail: "No se puede desactivar Local Centro: quedan 37 unidades en inventario" }, 409)
        : jsonResponse(listed),
    );
    render(<LocationsSection />);
    fireEvent.click(await screen.findByRole("button", { name: "Desactivar Local Centro" }));
    const dialog = screen.getByRole("dialog", { name: "Desactivar Local Centro" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Desactivar" }));
    expect(await within(dialog).findByText(/quedan 37 unidades en inventario/)).toBeTruthy();
    expect(
      calls.mock.calls.some(([u, i]) => String(u).includes("/locations/4/deactivate") && i?.method === "POST"),
    ).toBe(true);
  });

  it("edits the details and sends them", async () => {
    signIn({ role: "administrador" });
    const calls = mockFetch(async (_url, init) =>
      init?.method === "PUT"
        ? jsonResponse({
            success: true,
            message: "Ubicación actualizada",
            location: { ...centro, name: "Local Andino" },
          })
        : jsonResponse(listed),
    );
    render(<LocationsSection />);
    fireEvent.click(await screen.findByRole("button", { name: "Editar Local Centro" }));
    const dialog = screen.getByRole("dialog", { name: "Editar Local Centro" });
    fireEvent.change(within(dialog).getByLabelText(/^Nombre/), { target: { value: "Local Andino" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar cambios" }));
    await waitFor(() => expect(calls.mock.calls.some(([, i]) => i?.method === "PUT")).toBe(true));
    const put = calls.mock.calls.find(([, i]) => i?.method === "PUT");
    expect(String(put?.[0])).toContain("/api/v1/admin/admin/locations/4");
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ name: "Local Andino", address: "Cra. 7 # 12-30" });
    expect(await screen.findByText("Local Andino actualizada")).toBeTruthy();
  });

  it("shows a store's hours and WhatsApp, edits them and refuses a number that is not a mobile", async () => {
    signIn({ role: "administrador" });
    const withContact = { ...centro, opening_hours: "Lun–Sáb 9:00–19:00", whatsapp: "3001234567" };
    const calls = mockFetch(async (_url, init) =>
      init?.method === "PUT"
        ? jsonResponse({
            success: true,
            message: "Ubicación actualizada",
            location: { ...withContact, whatsapp: "3157654321" },
          })
        : jsonResponse({ locations: [withContact], total: 1 } satisfies AdminLocations),
    );
    render(<LocationsSection />);
    expect(await screen.findByText("Horario: Lun–Sáb 9:00–19:00")).toBeTruthy();
    expect(screen.getByText("WhatsApp: 300 123 4567")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Editar Local Centro" }));
    const dialog = within(screen.getByRole("dialog", { name: "Editar Local Centro" }));
    const whatsapp = dialog.getByLabelText(/^WhatsApp/) as HTMLInputElement;
    expect(whatsapp.value).toBe("300 123 4567");
    expect((dialog.getByLabelText(/^Horario de atención/) as HTMLInputElement).value).toBe("Lun–Sáb 9:00–19:00");
    fireEvent.change(whatsapp, { target: { value: "601 555 0101" } });
    fireEvent.click(dialog.getByRole("button", { name: "Guardar cambios" }));
    expect(await dialog.findByText(/celular colombiano de 10 dígitos/)).toBeTruthy();
    expect(calls.mock.calls.some(([, i]) => i?.method === "PUT")).toBe(false);
    fireEvent.change(whatsapp, { target: { value: "+57 315 765 4321" } });
    fireEvent.change(dialog.getByLabelText(/^Horario de atención/), { target: { value: "" } });
    fireEvent.click(dialog.getByRole("button", { name: "Guardar cambios" }));
    await waitFor(() => expect(calls.mock.calls.some(([, i]) => i?.method === "PUT")).toBe(true));
    const put = calls.mock.calls.find(([, i]) => i?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ whatsapp: "+57 315 765 4321", opening_hours: null });
  });
});
