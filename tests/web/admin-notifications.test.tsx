import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { DiscountRequest, Discrepancies, Discrepancy, PendingReturn } from "../../web/src/api/admin-schemas";
import type { ContactMessages } from "../../web/src/api/contact";
import type { ElectronicDocument } from "../../web/src/api/fiscal";
import type { Answer, api } from "../../web/src/api/http";
import type { NumberingRange } from "../../web/src/api/numbering";
import { lastData } from "../../web/src/lib/lastData";
import { createAppRouter } from "../../web/src/router";
import { ADMIN_ID, jsonBody, signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render } from "./helpers";

const discount = (id: number) =>
  ({
    id,
    status: "pending",
    reason: "Cliente frecuente",
    message: "Cliente frecuente",
    notes: null,
    requester_id: 5,
    requester_name: "Valentina Rojas",
    location_name: "Local Centro",
    discount_amount: 30_000,
    requested_at: "2026-11-21T19:00:00.000Z",
    created_at: "2026-11-21T19:00:00.000Z",
  }) satisfies DiscountRequest;

const pendingReturn = {
  id: 44,
  status: "accepted",
  sneaker_reference_code: "NIKE-01",
  brand: "Nike",
  model: "Air Max 1",
  size: "41",
  quantity: 1,
  reason: "no_sale",
  product_condition: "good",
  requester_name: "Valentina Rojas",
  origin_location_name: "Local Centro",
  requested_at: "2026-11-21T18:00:00.000Z",
} satisfies PendingReturn;

const NO_DISCREPANCIES = { discrepancies: [], total: 0, offset: 0, limit: 100, open_count: 0 } satisfies Discrepancies;
/** The storefront's contact messages (their own panel: tests/web/admin-store-messages.test.tsx). */
const NO_MESSAGES = { messages: [], unread: 0, total: 0, offset: 0, limit: 50 } satisfies ContactMessages;

const shortPair = {
  id: 3,
  transfer_id: 90,
  request_type: "transfer",
  kind: "short",
  kind_label: "Faltante",
  status: "open",
  status_label: "Pendiente",
  quantity: 1,
  unit: "pair",
  units_text: "1 par",
  sent_quantity: 2,
  product_id: 3,
  sneaker_reference_code: "NIKE-01",
  brand: "Nike",
  model: "Air Max 1",
  color: "Blanco",
  size: "41",
  location_id: 1,
  location_name: "Local Centro",
  reported_by: "Valentina Rojas",
  reported_at: "2026-11-21T18:00:00.000Z",
  notes: "Caja abierta",
  resolved_by: null,
  resolved_at: null,
  resolution_reason: null,
} satisfies Discrepancy;

function renderPanel(path: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  render(<RouterProvider router={router} />);
  return router;
}

describe("admin notifications", () => {
  it("the badge counts pending discounts plus pending returns; approving and rejecting update it", async () => {
    signInAdmin();
    let discounts = [discount(1), discount(2)];
    const fetch = mockFetch(async (url, init) => {
      if (url.endsWith("/discount-requests/pending"))
        return jsonResponse({ requests: discounts, total: discounts.length });
      if (url.endsWith("/returns/pending")) return jsonResponse({ returns: [pendingReturn], total: 1 });
      if (url.includes("/discrepancies?")) return jsonResponse(NO_DISCREPANCIES);
      if (url.includes("/contact-messages")) return jsonResponse(NO_MESSAGES);
      if (url.endsWith("/discount-requests/approve")) {
        const body = jsonBody(init) as { discount_request_id: number; approved: boolean };
        discounts = discounts.filter((d) => d.id !== body.discount_request_id);
        return jsonResponse({ success: true, status: body.approved ? "approved" : "rejected" });
      }
      return jsonResponse({ detail: "no esperado" }, 404);
    });
    renderPanel("/administrador?section=notifications");
    await waitFor(() => expect(screen.getByTestId("notifications-badge").textContent).toBe("Pendientes: 3"));
    expect(await screen.findAllByTestId("discount-request")).toHaveLength(2);
    expect(screen.getAllByTestId("pending-return")).toHaveLength(1);

    fireEvent.click(screen.getByRole("button", { name: "Rechazar solicitud 1" }));
    expect(await screen.findByText("Descuento rechazado")).toBeTruthy();
    const reject = fetch.mock.calls.find((c) => String(c[0]).endsWith("/approve"));
    expect(jsonBody(reject?.[1])).toEqual({
      discount_request_id: 1,
      approved: false,
      admin_notes: "Rechazado por administrador",
    });
    await waitFor(() => expect(screen.getByTestId("notifications-badge").textContent).toBe("Pendientes: 2"));

    fireEvent.click(await screen.findByRole("button", { name: "Aprobar solicitud 2" }));
    expect(await screen.findByText("Descuento aprobado exitosamente")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("notifications-badge").textContent).toBe("Pendientes: 1"));
  });

  it("the badge counts the storefront's unread messages, and reading one lowers it", async () => {
    signInAdmin();
    let unread = 2;
    const message = (id: number) => ({
      id,
      name: "Laura Gómez",
      email: "laura@example.com",
      phone: null,
      message: "¿Tienen la talla 38?",
      location_id: null,
      location_name: null,
      created_at: "2026-11-21T18:00:00.000Z",
      read_at: null,
    });
    mockFetch(async (url, init) => {
      if (url.endsWith("/discount-requests/pending")) return jsonResponse({ requests: [], total: 0 });
      if (url.endsWith("/returns/pending")) return jsonResponse({ returns: [], total: 0 });
      if (url.includes("/discrepancies?")) return jsonResponse(NO_DISCREPANCIES);
      if (url.includes("/contact-messages/1/read") && init?.method === "PUT") {
        unread = 1;
        return jsonResponse({ contact_message: { ...message(1), read_at: "2026-11-21T19:00:00.000Z" } });
      }
      if (url.includes("/contact-messages"))
        return jsonResponse({ messages: [message(1), message(2)], unread, total: 2, offset: 0, limit: 50 });
      return jsonResponse({ detail: "no esperado" }, 404);
    });
    renderPanel("/administrador?section=notifications");
    await waitFor(() => expect(screen.getByTestId("notifications-badge").textContent).toBe("Pendientes: 2"));
    fireEvent.click((await screen.findAllByRole("button", { name: /Marcar como leído/ }))[0] as HTMLElement);
    await waitFor(() => expect(screen.getByTestId("notifications-badge").textContent).toBe("Pendientes: 1"));
  });

  it("a DIAN numbering range nearly used up and about to expire: both alerts listed, and counted by the badge", async () => {
    signInAdmin();
    const range = {
      id: 7,
      location_id: 1,
      location_name: "Local Centro",
      resolution_number: "18764000001234",
      resolution_date: "2026-01-02",
      prefix: "FA",
      range_from: 1000,
      range_to: 1999,
      valid_from: "2026-01-02",
      valid_until: "2026-12-10",
      document_text: "Resolución DIAN",
      active: true,
      next_number: "FA1963",
      used: 963,
      remaining: 37,
      used_percent: 96,
      days_left: 12,
      state: "active",
      alerts: ["nearly_used", "expiring"],
      created_at: "2026-01-02T00:00:00.000Z",
    } satisfies NumberingRange;
    mockFetch(async (url) => {
      if (url.endsWith("/discount-requests/pending")) return jsonResponse({ requests: [], total: 0 });
      if (url.endsWith("/returns/pending")) return jsonResponse({ returns: [], total: 0 });
      if (url.includes("/discrepancies?")) return jsonResponse(NO_DISCREPANCIES);
      if (url.includes("/contact-messages")) return jsonResponse(NO_MESSAGES);
      if (url.includes("/numbering-ranges")) return jsonResponse({ ranges: [range], total: 1 });
      return jsonResponse({ detail: "no esperado" }, 404);
    });
    renderPanel("/administrador?section=notifications");
    await waitFor(() => expect(screen.getByTestId("notifications-badge").textContent).toBe("Pendientes: 2"));
    const alert = await screen.findByTestId("numbering-alert");
    expect(alert.textContent).toContain("Local Centro");
    expect(alert.textContent).toContain("Quedan 37 números: solicita una nueva resolución a la DIAN");
    expect(alert.textContent).toContain("La resolución vence en 12 días");
  });

  it("electronic documents rejected or left unanswered: listed with their reason, and counted by the badge", async () => {
    signInAdmin();
    const rejected = {
      id: 31,
      kind: "pos",
      number: "FE120",
      sale_id: 501,
      return_id: null,
      status: "rechazado",
      cude: "a".repeat(96),
      reason: "Regla FAD06: el NIT del emisor no es válido",
      attempts: 0,
      next_attempt_at: null,
      needs_attention: true,
      accepted_at: null,
      created_at: "2026-11-21T18:00:00.000Z",
    } satisfies ElectronicDocument;
    const unanswered = {
      ...rejected,
      id: 32,
      number: "FE121",
      sale_id: 502,
      status: "enviado",
      reason: "Sin respuesta del proveedor tras 10 intentos. El proveedor no responde.",
      attempts: 10,
      next_attempt_at: "2026-11-22T00:00:00.000Z",
    } satisfies ElectronicDocument;
    const asked: string[] = [];
    mockFetch(async (url) => {
      if (url.endsWith("/discount-requests/pending")) return jsonResponse({ requests: [], total: 0 });
      if (url.endsWith("/returns/pending")) return jsonResponse({ returns: [], total: 0 });
      if (url.includes("/discrepancies?")) return jsonResponse(NO_DISCREPANCIES);
      if (url.includes("/contact-messages")) return jsonResponse(NO_MESSAGES);
      if (url.includes("/numbering-ranges")) return jsonResponse({ ranges: [], total: 0 });
      if (url.includes("/electronic-documents")) {
        asked.push(url);
        return jsonResponse({ documents: [rejected, unanswered], attention_count: 2 });
      }
      return jsonResponse({ detail: "no esperado" }, 404);
    });
    renderPanel("/administrador?section=notifications");
    await waitFor(() => expect(screen.getByTestId("notifications-badge").textContent).toBe("Pendientes: 2"));
    const alerts = await screen.findAllByTestId("document-alert");
    expect(alerts.map((a) => a.textContent)).toEqual([
      expect.stringContaining("POS FE120 · Rechazado por la DIAN"),
      expect.stringContaining("POS FE121 · Sin respuesta del proveedor"),
    ]);
    expect(alerts[0]?.textContent).toContain("Regla FAD06: el NIT del emisor no es válido");
    expect(screen.getByText("2 documentos requieren atención")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ir a Facturación electrónica" }).getAttribute("href")).toBe(
      "/administrador/invoicing",
    );
    // only the documents needing attention are asked for
    expect(asked.every((url) => url.includes("attention=1"))).toBe(true);
  });

  it("says 'No hay notificaciones' and shows no badge when nothing is pending", async () => {
    signInAdmin();
    mockFetch(async (url) =>
      url.endsWith("/returns/pending")
        ? jsonResponse({ returns: [], total: 0 })
        : url.includes("/discrepancies?")
          ? jsonResponse(NO_DISCREPANCIES)
          : url.includes("/contact-messages")
            ? jsonResponse(NO_MESSAGES)
            : url.includes("/store-reservations")
              ? jsonResponse({ reservations: [], total: 0, pending: 0, offset: 0, limit: 50 })
              : url.includes("/available-locations")
                ? jsonResponse({ locations: [] })
                : jsonResponse({ requests: [], total: 0 }),
    );
    renderPanel("/administrador?section=notifications");
    expect(await screen.findByText("No hay notificaciones")).toBeTruthy();
    // the online store's reservations have their own panel, empty here
    expect(await screen.findByText("No hay reservas web por atender")).toBeTruthy();
    expect(screen.queryByTestId("notifications-badge")).toBeNull();
  });

  it("shows the processing error with the server's message, and reads the list again", async () => {
    signInAdmin();
    // another administrador decided it meanwhile
    let decided = false;
    mockFetch(async (url) => {
      if (url.endsWith("/discount-requests/pending"))
        return jsonResponse(decided ? { requests: [], total: 0 } : { requests: [discount(7)], total: 1 });
      if (url.endsWith("/returns/pending")) return jsonResponse({ returns: [], total: 0 });
      if (url.includes("/discrepancies?")) return jsonResponse(NO_DISCREPANCIES);
      if (url.includes("/contact-messages")) return jsonResponse(NO_MESSAGES);
      if (url.endsWith("/discount-requests/approve")) decided = true;
      return jsonResponse({ detail: "La solicitud ya fue procesada" }, 409);
    });
    renderPanel("/administrador?section=notifications");
    fireEvent.click(await screen.findByRole("button", { name: "Aprobar solicitud 7" }));
    expect(await screen.findByText("Error al procesar descuento: La solicitud ya fue procesada")).toBeTruthy();
    expect(screen.queryByTestId("discount-request")).toBeNull();
  });

  it("lists a reception that did not add up, counts it in the badge, and resolves it with a reason", async () => {
    signInAdmin();
    let open = [shortPair];
    const fetch = mockFetch(async (url) => {
      if (url.endsWith("/discount-requests/pending")) return jsonResponse({ requests: [], total: 0 });
      if (url.endsWith("/returns/pending")) return jsonResponse({ returns: [], total: 0 });
      if (url.includes("/contact-messages")) return jsonResponse(NO_MESSAGES);
      if (url.includes("/discrepancies?"))
        return jsonResponse({
          discrepancies: open,
          total: open.length,
          offset: 0,
          limit: 100,
          open_count: open.length,
        });
      if (url.endsWith("/discrepancies/3/resolve")) {
        open = [];
        return jsonResponse({
          success: true,
          message: "1 par volvió al stock de Local Centro",
          discrepancy: { ...shortPair, status: "found" },
        } satisfies Answer<(typeof api.admin.admin.discrepancies)[":id"]["resolve"]["$post"]>);
      }
      return jsonResponse({ detail: "no esperado" }, 404);
    });
    renderPanel("/administrador?section=notifications");
    await waitFor(() => expect(screen.getByTestId("notifications-badge").textContent).toBe("Pendientes: 1"));
    const item = await screen.findByTestId("discrepancy");
    expect(item.textContent).toContain("Faltante: 1 par");
    expect(item.textContent).toContain("Transferencia #90 a Local Centro: 1 par de 2 enviados");
    expect(item.textContent).toContain("Reportó Valentina Rojas");
    fireEvent.click(screen.getByRole("button", { name: "Encontrado" }));
    fireEvent.click(screen.getByRole("button", { name: "Devolver al stock" }));
    expect(await screen.findByText("Indica el motivo")).toBeTruthy();
    expect(fetch.mock.calls.some((c) => String(c[0]).endsWith("/resolve"))).toBe(false);
    fireEvent.change(screen.getByLabelText(/¿Dónde aparecieron\?/), { target: { value: "En la bodega del local" } });
    fireEvent.click(screen.getByRole("button", { name: "Devolver al stock" }));
    expect(await screen.findByText("1 par volvió al stock de Local Centro")).toBeTruthy();
    const call = fetch.mock.calls.find((c) => String(c[0]).endsWith("/resolve"));
    expect(jsonBody(call?.[1])).toEqual({ resolution: "found", reason: "En la bodega del local" });
    await waitFor(() => expect(screen.queryByTestId("notifications-badge")).toBeNull());
    // the list is read again: the resolved one is gone
    expect(screen.queryByTestId("discrepancy")).toBeNull();
    expect(screen.getByText("No hay notificaciones")).toBeTruthy();
  });
});

describe("admin panel without a connection", () => {
  it("shows 'Error al cargar datos' with the last real data, labelled, and 'Reintentar' recovers", async () => {
    signInAdmin();
    const stored = {
      dashboard: {
        metrics: {
          total_sales_today: 1_949_600,
          sales_count_today: 3,
          total_sales_month: 2_719_400,
          sales_count_month: 5,
          active_users: 6,
          low_stock_alerts: 0,
          pending_discount_approvals: 1,
          avg_performance_score: 76.9,
        },
        managed_locations: [
          { location_id: 1, location_name: "Local Centro", location_type: "local", daily_sales: 1_399_700 },
        ],
      },
    };
    localStorage.setItem(
      lastData.admin.key("dashboard", ADMIN_ID),
      JSON.stringify({ data: stored, receivedAt: "2026-11-21T15:00:00.000Z" }),
    );
    let online = false;
    mockFetch(async (url) => {
      if (!online) throw new TypeError("Failed to fetch");
      if (url.endsWith("/dashboard")) {
        return jsonResponse({
          ...stored.dashboard,
          metrics: { ...stored.dashboard.metrics, total_sales_today: 2_000_000 },
        });
      }
      return jsonResponse({ requests: [], returns: [], total: 0 });
    });
    renderPanel("/administrador");
    expect(await screen.findByText("Error al cargar datos")).toBeTruthy();
    expect(screen.getByTestId("stale-label").textContent).toMatch(
      /Mostrando los últimos datos recibidos \(21\/11\/2026/,
    );
    expect(screen.getByTestId("metric-sales-today").textContent).toMatch(/1\.949\.600/);
    online = true;
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    await waitFor(() => expect(screen.getByTestId("metric-sales-today").textContent).toMatch(/2\.000\.000/));
    expect(screen.queryByText("Error al cargar datos")).toBeNull();
  });
});
