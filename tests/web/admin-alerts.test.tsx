import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminQueries } from "../../web/src/features/admin/queries";
import { AlertForm } from "../../web/src/features/admin/reports/AlertForm";
import { useRemoteData } from "../../web/src/lib/query/useRemoteData";
import { LOCATIONS, signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render } from "./helpers";

/** What Reportes lists under the form: here only how many alerts it read. */
function AlertsRead() {
  const live = useRemoteData(adminQueries.inventoryAlerts());
  return <p data-testid="alerts-read">{live.data ? live.data.total : "…"}</p>;
}

describe("'Crear alerta de stock bajo'", () => {
  it("creates the alert with its key, and the list of alerts is read again", async () => {
    signInAdmin();
    let alerts = 0;
    const fetch = mockFetch(async (url, init) => {
      if (url.includes("/inventory-alerts") && init?.method === "POST") {
        alerts += 1;
        return jsonResponse({ success: true, message: "ok" }, 201);
      }
      if (url.includes("/inventory-alerts")) return jsonResponse({ alerts: [], total: alerts });
      return jsonResponse({ detail: "no esperado" }, 404);
    });
    render(
      <>
        <AlertForm locations={LOCATIONS} />
        <AlertsRead />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId("alerts-read").textContent).toBe("0"));
    fireEvent.click(screen.getByRole("button", { name: "Crear alerta" }));
    expect(await screen.findByText("Alerta de inventario configurada exitosamente")).toBeTruthy();
    const post = fetch.mock.calls.find(([, init]) => init?.method === "POST");
    expect(new Headers(post?.[1]?.headers).get("Idempotency-Key")).toBeTruthy();
    expect(screen.getByTestId("alerts-read").textContent).toBe("1");
  });
});
