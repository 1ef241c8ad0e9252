// Notificaciones → Alertas por correo (issue 37): the alert e-mails with their state and recipients, and the
// "Resumen diario por correo" switch, which saves at once and reads the list again.
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AlertMessage, AlertMessages } from "../../web/src/api/alerts";
import { createAppRouter } from "../../web/src/router";
import { jsonBody, signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render } from "./helpers";

const message = (id: number, changes: Partial<AlertMessage> = {}): AlertMessage => ({
  id,
  event_key: `low_stock:1:3:1:${id}`,
  kind: "low_stock",
  kind_label: "Poco stock",
  status: "enviado",
  status_label: "Enviado",
  subject: "Poco stock: Nike Air Max 1 (NIKE-01) en Local Centro",
  body: "En Local Centro quedan 1 par de Nike Air Max 1 (NIKE-01).",
  recipients: ["gerencia@demo.horma.co"],
  sent_to: ["gerencia@demo.horma.co"],
  attempts: 1,
  max_attempts: 8,
  next_attempt_at: null,
  sent_at: "2026-11-21T19:00:05.000Z",
  message_id: "<abc@horma.app>",
  last_error: null,
  digest_key: null,
  created_at: "2026-11-21T19:00:00.000Z",
  ...changes,
});

describe("admin alert e-mails", () => {
  it("lists the messages with their state and recipients, and the digest switch saves and reads again", async () => {
    signInAdmin();
    let digest = false;
    let reads = 0;
    const list = (): AlertMessages => ({
      messages: [
        message(1),
        message(2, {
          kind: "till_difference",
          kind_label: "Caja con diferencia",
          status: "fallido",
          status_label: "Fallido",
          subject: "Caja con diferencia en Local Centro: faltante de $ 50.000",
          recipients: [],
          sent_to: [],
          sent_at: null,
          last_error: "La empresa no tiene direcciones de notificación",
        }),
      ],
      total: 2,
      offset: 0,
      limit: 20,
    });
    const fetch = mockFetch(async (url, init) => {
      if (url.includes("/alert-messages")) {
        reads++;
        return jsonResponse(list());
      }
      if (url.endsWith("/alert-settings") && init?.method === "PUT") {
        digest = (jsonBody(init) as { daily_digest: boolean }).daily_digest;
        return jsonResponse({
          success: true,
          message: "Configuración de alertas guardada",
          settings: { daily_digest: digest, notification_emails: ["gerencia@demo.horma.co"] },
        });
      }
      if (url.endsWith("/alert-settings"))
        return jsonResponse({ settings: { daily_digest: digest, notification_emails: ["gerencia@demo.horma.co"] } });
      if (url.endsWith("/discount-requests/pending")) return jsonResponse({ requests: [], total: 0 });
      if (url.endsWith("/returns/pending")) return jsonResponse({ returns: [], total: 0 });
      if (url.includes("/discrepancies?"))
        return jsonResponse({ discrepancies: [], total: 0, offset: 0, limit: 100, open_count: 0 });
      if (url.includes("/contact-messages"))
        return jsonResponse({ messages: [], unread: 0, total: 0, offset: 0, limit: 50 });
      return jsonResponse({ detail: "no esperado" }, 404);
    });
    const router = createAppRouter(createMemoryHistory({ initialEntries: ["/administrador/notifications"] }));
    render(<RouterProvider router={router} />);

    const panel = await screen.findByRole("region", { name: "Alertas por correo" });
    const items = await within(panel).findAllByTestId("alert-message");
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain("Poco stock: Nike Air Max 1 (NIKE-01) en Local Centro");
    expect(items[0]?.textContent).toContain("Enviado");
    expect(items[0]?.textContent).toContain("para gerencia@demo.horma.co");
    expect(items[1]?.textContent).toContain("Fallido");
    expect(items[1]?.textContent).toContain("sin destinatarios");
    expect(items[1]?.textContent).toContain("La empresa no tiene direcciones de notificación");
    expect(within(panel).getByText("2 en total")).toBeTruthy();

    const toggle = await within(panel).findByRole("switch", { name: "Resumen diario por correo" });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(within(panel).getByText("Cada alerta llega en su propio correo en cuanto ocurre.")).toBeTruthy();
    const before = reads;
    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    const put = fetch.mock.calls.find((c) => String(c[0]).endsWith("/alert-settings") && c[1]?.method === "PUT");
    expect(jsonBody(put?.[1])).toEqual({ daily_digest: true });
    expect(
      within(panel).getByText("Las alertas del día llegan juntas en un solo correo a la medianoche."),
    ).toBeTruthy();
    // the list is read again after the save
    await waitFor(() => expect(reads).toBeGreaterThan(before));
  });
});
