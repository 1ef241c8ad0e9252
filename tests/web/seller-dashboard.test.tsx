import { onlineManager } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { VendorDashboard } from "../../web/src/api/seller-schemas";
import type { TillState } from "../../web/src/api/till";
import type { QueuedSale, QueuedToday } from "../../web/src/features/seller/outbox/actions";
import { SellerDashboard } from "../../web/src/features/seller/SellerDashboard";
import { scanPhotoAtom } from "../../web/src/features/seller/state";
import { lastData } from "../../web/src/lib/lastData";
import { appStore } from "../../web/src/lib/store";
import { jsonResponse, mockFetch, render, signIn as signInUser } from "./helpers";

const USER_ID = 5;

function signIn(id = USER_ID) {
  signInUser({
    id,
    name: "Valentina Rojas",
    email: "vendedor@demo.horma.co",
    role: "seller",
    token: "tok-seller",
    token_type: "bearer",
    location_id: 1,
    company_name: "Calzado Horma Demo",
    location_name: "Local Centro",
  });
}

function dashboard(patch: { salesCount?: number; total?: number; urgent?: number } = {}): VendorDashboard {
  return {
    success: true,
    vendor_info: {
      name: "Valentina Rojas",
      email: "vendedor@demo.horma.co",
      role: "seller",
      location_id: 1,
      location_name: "Local Centro",
      location_type: "local",
    },
    today_summary: {
      date: "2026-11-21",
      sales: {
        total_count: patch.salesCount ?? 7,
        confirmed_count: 5,
        pending_confirmations: 2,
        total_amount: patch.total ?? 2_589_300,
        confirmed_amount: 1_849_500,
        pending_amount: 739_800,
        average_sale: 369_900,
        returns_count: 0,
        returned_amount: 0,
      },
      expenses: { count: 2, total_amount: 30_500 },
    },
    pending_actions: {
      sale_confirmations: 2,
      transfer_requests: {
        pending: 6,
        urgent: patch.urgent ?? 3,
        in_transit: 1,
        completed_today: 1,
        cancelled_today: 1,
        success_rate: 50,
      },
      discount_requests: { pending: 1, approved: 1, rejected: 0 },
      return_notifications: 4,
    },
  };
}

function renderDashboard(
  answer: () => Response | Promise<Response>,
  queued?: QueuedToday,
  till: TillState = { session: null, open_required: false },
) {
  let calls = 0;
  mockFetch(async (url) => {
    // the Caja tile's state
    if (url.startsWith("/api/v1/cash-sessions/current")) return jsonResponse(till);
    expect(url).toBe("/api/v1/vendor/dashboard");
    calls++;
    return answer();
  });
  const go = vi.fn();
  render(<SellerDashboard go={go} queued={queued} />);
  return { go, calls: () => calls };
}

const offline = () => {
  throw new TypeError("Failed to fetch");
};

describe("SellerDashboard", () => {
  it("shows the vendor card, summary and tiles from the call and keeps a copy per user", async () => {
    signIn();
    renderDashboard(() => jsonResponse(dashboard()));
    expect(await screen.findByText("vendedor@demo.horma.co")).toBeTruthy();
    expect(screen.getByTestId("vendor-sales-count").textContent).toBe("7");
    expect(screen.getByTestId("vendor-total").textContent).toMatch(/2\.589\.300/);
    expect(screen.getByText("21/11/2026")).toBeTruthy();
    expect(screen.getByText("3 urgentes")).toBeTruthy();
    expect(screen.getByText("Tasa de éxito: 50 %")).toBeTruthy();
    expect(screen.queryByText("Conectando con el servidor...")).toBeNull();
    const stored = JSON.parse(localStorage.getItem(lastData.seller.key("dashboard", USER_ID)) ?? "null");
    expect(stored.data.today_summary.sales.total_count).toBe(7);
    expect(Number.isNaN(Date.parse(stored.receivedAt))).toBe(false);
  });

  it("offline: the spec's banner, the last real data labelled with its time, and a retry that recovers", async () => {
    signIn();
    lastData.seller.save(
      "dashboard",
      USER_ID,
      dashboard({ salesCount: 4, total: 1_479_600 }),
      new Date("2026-11-21T20:05:00Z"),
    );
    let online = false;
    const { calls } = renderDashboard(() =>
      online ? jsonResponse(dashboard({ salesCount: 9, total: 3_329_100 })) : offline(),
    );
    expect(await screen.findByText("Conectando con el servidor...")).toBeTruthy();
    expect(screen.getByTestId("stale-label").textContent).toMatch(
      /Mostrando los últimos datos recibidos \(21\/11\/2026, 03:05\s?p\.\s?m\.\)/,
    );
    // the figures are drawn in a transition, just after the banner
    expect((await screen.findByTestId("vendor-sales-count")).textContent).toBe("4");
    expect(screen.getByTestId("vendor-total").textContent).toMatch(/1\.479\.600/);

    online = true;
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    await waitFor(() => expect(screen.queryByText("Conectando con el servidor...")).toBeNull());
    expect(calls()).toBe(2);
    await waitFor(() => expect(screen.getByTestId("vendor-sales-count").textContent).toBe("9"));
  });

  it("adds the sales kept on the phone to the vendor card and the amount sold, and says so, in both places", async () => {
    signIn();
    const kept = (total: number) => ({ snapshot: { total } }) as unknown as QueuedSale;
    renderDashboard(() => jsonResponse(dashboard({ salesCount: 7, total: 2_589_300 })), {
      pending: [kept(429_900), kept(199_900)],
      blocked: [kept(99_900)],
      pendingTotal: 629_800,
    });
    expect(await screen.findByText("vendedor@demo.horma.co")).toBeTruthy();
    // 7 on the server + 2 waiting on the phone; the one the server refused is not counted
    expect(screen.getByTestId("vendor-sales-count").textContent).toBe("9");
    expect(screen.getByTestId("vendor-total").textContent).toMatch(/3\.219\.100/);
    expect(screen.getByTestId("vendor-on-phone").textContent).toMatch(
      /Incluye 2 ventas guardadas en el teléfono \(\$\s?629\.800\), pendientes de sincronizar/,
    );
    expect(screen.getByTestId("queued-figures").textContent).toContain("1 venta por resolver, sin contar");
  });

  it("opened after the browser said it went offline: fails at once and shows the last data, not a spinner", async () => {
    signIn();
    lastData.seller.save("dashboard", USER_ID, dashboard({ salesCount: 4 }), new Date("2026-11-21T20:05:00Z"));
    onlineManager.setOnline(false);
    try {
      renderDashboard(offline);
      expect(await screen.findByText("Conectando con el servidor...")).toBeTruthy();
      expect((await screen.findByTestId("vendor-sales-count")).textContent).toBe("4");
      expect(screen.queryByText("Cargando panel...")).toBeNull();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it("offline without stored data shows the banner and no figures at all", async () => {
    signIn();
    // Another user's copy on the same device is never shown.
    lastData.seller.save("dashboard", 99, dashboard());
    renderDashboard(offline);
    expect(await screen.findByText("Conectando con el servidor...")).toBeTruthy();
    expect(screen.getByTestId("stale-label").textContent).toContain("Aún no hay datos guardados");
    expect(screen.queryByTestId("vendor-sales-count")).toBeNull();
    expect(document.body.textContent).not.toMatch(/\$\s?\d/);
    // The quick actions still work without data.
    expect(screen.getByRole("button", { name: "Vender Producto" })).toBeTruthy();
  });

  it("ignores a stored copy that does not match the answer's shape", async () => {
    signIn();
    localStorage.setItem(
      lastData.seller.key("dashboard", USER_ID),
      JSON.stringify({ data: { vendor_info: { name: "X" } }, receivedAt: "2026-11-21T20:05:00Z" }),
    );
    renderDashboard(offline);
    expect(await screen.findByText("Conectando con el servidor...")).toBeTruthy();
    expect(screen.getByTestId("stale-label").textContent).toContain("Aún no hay datos guardados");
  });

  it("the Caja tile says whether the till is open before anything is sold", async () => {
    signIn();
    const { go } = renderDashboard(() => jsonResponse(dashboard()), undefined, { session: null, open_required: true });
    const tile = await screen.findByRole("button", { name: /^Caja/ });
    await waitFor(() => expect(tile.textContent).toContain("Cerrada"));
    expect(tile.textContent).toContain("Ábrela antes de vender");
    fireEvent.click(tile);
    expect(go).toHaveBeenLastCalledWith("till");
  });

  it("the Caja tile says 'Abierta' with its opening time when the till is open", async () => {
    signIn();
    const session = { id: 9, status: "open", opened_at: "2026-11-21T13:05:00.000Z" } as unknown as NonNullable<
      TillState["session"]
    >;
    renderDashboard(() => jsonResponse(dashboard()), undefined, { session, open_required: true });
    const tile = await screen.findByRole("button", { name: /^Caja/ });
    await waitFor(() => expect(tile.textContent).toContain("Abierta"));
    expect(tile.textContent).toMatch(/Desde 21\/11\/2026/);
  });

  it("tiles lead to their views; 'Ver transferencias' when nothing is urgent", async () => {
    signIn();
    const { go } = renderDashboard(() => jsonResponse(dashboard({ urgent: 0 })));
    fireEvent.click(await screen.findByRole("button", { name: /Transferencias pendientes/ }));
    expect(go).toHaveBeenLastCalledWith("transfers");
    expect(screen.getByText("Ver transferencias")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Devoluciones notificadas/ }));
    expect(go).toHaveBeenLastCalledWith("notifications");
    fireEvent.click(screen.getByRole("button", { name: /Devoluciones y cambios/ }));
    expect(go).toHaveBeenLastCalledWith("returns");
    fireEvent.click(screen.getByRole("button", { name: /Ventas por confirmar/ }));
    expect(go).toHaveBeenLastCalledWith("today-sales", { filter: "pending" });
    fireEvent.click(screen.getByRole("button", { name: "Registrar Gasto" }));
    expect(go).toHaveBeenLastCalledWith("expenses");
    fireEvent.click(screen.getByRole("button", { name: "Ver Ventas" }));
    expect(go).toHaveBeenLastCalledWith("today-sales");
  });

  it("'Vender Producto' opens the rear camera and a photo leads to the scan view", async () => {
    signIn();
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:photo");
    const { go } = renderDashboard(() => jsonResponse(dashboard()));
    const input = screen.getByTestId("scan-camera-input") as HTMLInputElement;
    expect(input.accept).toBe("image/*");
    expect(input.getAttribute("capture")).toBe("environment");
    const click = vi.spyOn(input, "click").mockImplementation(() => {});
    fireEvent.click(screen.getByRole("button", { name: "Vender Producto" }));
    expect(click).toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [new File(["x"], "foto.jpg", { type: "image/jpeg" })] } });
    expect(go).toHaveBeenCalledWith("scan");
    expect(appStore.get(scanPhotoAtom)).toEqual({ url: "blob:photo", name: "foto.jpg" });
    appStore.set(scanPhotoAtom, null);
  });
});
