import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ContactMessage, ContactMessages } from "../../web/src/api/contact";
import type { Answer, api } from "../../web/src/api/http";
import { createAppRouter } from "../../web/src/router";
import { jsonBody, signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render } from "./helpers";

// Notificaciones → "Mensajes de la tienda": the storefront's contact messages for the administrador.

const message = (id: number, read = false): ContactMessage => ({
  id,
  name: `Visitante ${id}`,
  email: `visitante${id}@correo.co`,
  phone: id === 3 ? "310 555 1234" : null,
  message: `Mensaje número ${id}: ¿tienen talla 38?`,
  location_id: id === 3 ? 1 : null,
  location_name: id === 3 ? "Local Centro" : null,
  read_at: read ? "2026-11-21T15:00:00.000Z" : null,
  created_at: `2026-11-2${id}T15:00:00.000Z`,
});

/** The messages of the server, newest first; a page is `limit` of them from `offset`. */
function server(all: ContactMessage[], pageSize = 2) {
  return (url: string, init?: RequestInit) => {
    if (url.endsWith("/discount-requests/pending")) return jsonResponse({ requests: [], total: 0 });
    if (url.endsWith("/returns/pending")) return jsonResponse({ returns: [], total: 0 });
    if (url.includes("/discrepancies?")) return jsonResponse({ discrepancies: [], total: 0, open_count: 0 });
    const read = /\/contact-messages\/(\d+)\/read$/.exec(url);
    if (read && init?.method === "PUT") {
      const id = Number(read[1]);
      const { read: isRead } = jsonBody(init) as { read: boolean };
      const index = all.findIndex((m) => m.id === id);
      const updated = { ...(all[index] as ContactMessage), read_at: isRead ? "2026-11-25T16:00:00.000Z" : null };
      all[index] = updated;
      return jsonResponse({
        success: true,
        message: isRead ? "Mensaje marcado como leído" : "Mensaje marcado como no leído",
        contact_message: updated,
      } satisfies Answer<(typeof api.admin.admin)["contact-messages"][":id"]["read"]["$put"]>);
    }
    if (url.includes("/contact-messages")) {
      const offset = Number(new URL(url, "http://x").searchParams.get("offset") ?? 0);
      return jsonResponse({
        messages: all.slice(offset, offset + pageSize),
        unread: all.filter((m) => m.read_at === null).length,
        total: all.length,
        offset,
        limit: pageSize,
      } satisfies ContactMessages);
    }
    return jsonResponse({ detail: "no esperado" }, 404);
  };
}

function renderNotifications() {
  const router = createAppRouter(createMemoryHistory({ initialEntries: ["/administrador?section=notifications"] }));
  render(<RouterProvider router={router} />);
}

const panel = () => within(screen.getByRole("region", { name: "Mensajes de la tienda" }));

describe("Mensajes de la tienda", () => {
  it("lists the messages newest first with who wrote, to which store and when; 'Ver más' brings the rest", async () => {
    signInAdmin();
    const handle = server([message(3), message(2), message(1, true)]);
    const fetch = mockFetch(async (url, init) => handle(url, init));
    renderNotifications();
    const items = await screen.findAllByTestId("store-message");
    expect(items).toHaveLength(2);
    expect(panel().getByTestId("list-count").textContent).toBe("Mostrando 2 de 3 mensajes");
    expect(panel().getByText("2 mensajes sin leer")).toBeTruthy();
    const first = within(items[0] as HTMLElement);
    expect(first.getByText("Visitante 3 · Local Centro")).toBeTruthy();
    expect(first.getByRole("link", { name: "visitante3@correo.co" }).getAttribute("href")).toBe(
      "mailto:visitante3@correo.co",
    );
    expect(first.getByText(/310 555 1234/)).toBeTruthy();
    expect(first.getByText("Mensaje número 3: ¿tienen talla 38?")).toBeTruthy();
    expect(first.getByText("Sin leer")).toBeTruthy();

    fireEvent.click(panel().getByRole("button", { name: "Ver más" }));
    await waitFor(() => expect(screen.getAllByTestId("store-message")).toHaveLength(3));
    expect(panel().getByTestId("list-count").textContent).toBe("3 mensajes");
    expect(panel().queryByRole("button", { name: "Ver más" })).toBeNull();
    expect(fetch.mock.calls.some((c) => String(c[0]).includes("/contact-messages?offset=2"))).toBe(true);
    // the oldest was read already
    const last = within(screen.getAllByTestId("store-message")[2] as HTMLElement);
    expect(last.queryByText("Sin leer")).toBeNull();
    expect(last.getByRole("button", { name: "Marcar como no leído el mensaje de Visitante 1" })).toBeTruthy();
  });

  it("marks a message read and unread again; the count of unread follows", async () => {
    signInAdmin();
    const handle = server([message(2), message(1)]);
    const fetch = mockFetch(async (url, init) => handle(url, init));
    renderNotifications();
    await screen.findAllByTestId("store-message");
    expect(panel().getByText("2 mensajes sin leer")).toBeTruthy();
    fireEvent.click(panel().getByRole("button", { name: "Marcar como leído el mensaje de Visitante 2" }));
    await waitFor(() => expect(panel().getByText("1 mensaje sin leer")).toBeTruthy());
    const put = fetch.mock.calls.find((c) => c[1]?.method === "PUT");
    expect(String(put?.[0])).toBe("/api/v1/admin/admin/contact-messages/2/read");
    expect(jsonBody(put?.[1])).toEqual({ read: true });
    const first = within(screen.getAllByTestId("store-message")[0] as HTMLElement);
    expect(first.queryByText("Sin leer")).toBeNull();

    fireEvent.click(panel().getByRole("button", { name: "Marcar como no leído el mensaje de Visitante 2" }));
    await waitFor(() => expect(panel().getByText("2 mensajes sin leer")).toBeTruthy());
    expect(within(screen.getAllByTestId("store-message")[0] as HTMLElement).getByText("Sin leer")).toBeTruthy();
  });

  it("says when nobody has written yet", async () => {
    signInAdmin();
    const handle = server([]);
    mockFetch(async (url, init) => handle(url, init));
    renderNotifications();
    expect(await screen.findByText("Todavía nadie ha escrito desde la página de contacto")).toBeTruthy();
  });

  it("shows the server's refusal when a message cannot be marked", async () => {
    signInAdmin();
    const handle = server([message(1)]);
    mockFetch(async (url, init) =>
      init?.method === "PUT" ? jsonResponse({ detail: "Mensaje no encontrado" }, 404) : handle(url, init),
    );
    renderNotifications();
    fireEvent.click(await screen.findByRole("button", { name: "Marcar como leído el mensaje de Visitante 1" }));
    expect(await screen.findByText("No se pudo marcar el mensaje: Mensaje no encontrado")).toBeTruthy();
    expect(panel().getByText("Sin leer")).toBeTruthy();
  });
});
