import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ReceiptSettings } from "../../web/src/api/settings";
import { SettingsSection } from "../../web/src/features/admin/settings/SettingsSection";
import { jsonBody, signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render } from "./helpers";

const SETTINGS = {
  name: "Calzado Horma Demo",
  legal_name: "Calzado Horma Demo S.A.S.",
  tax_id: "901.234.567-7",
  phone: null,
  return_policy: null,
  return_window_days: 30,
  require_open_till: true,
  till_alert_threshold: 20000,
  require_fiscal_numbering: false,
  default_tax_class: "iva_19",
} satisfies ReceiptSettings;

describe("Configuración: caja y devoluciones", () => {
  it("shows the company's rules and saves the three of them", async () => {
    signInAdmin();
    const fetch = mockFetch(async (_url, init) =>
      init?.method === "PUT"
        ? jsonResponse({
            success: true,
            message: "Configuración guardada",
            settings: { ...SETTINGS, ...(jsonBody(init) as object) },
          })
        : jsonResponse({ settings: SETTINGS }),
    );
    render(<SettingsSection />);
    const box = (await screen.findByRole("checkbox", { name: /caja abierta/ })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect((screen.getByLabelText(/Alertar diferencias/) as HTMLInputElement).value).toBe("20000");
    fireEvent.click(box);
    fireEvent.change(screen.getByLabelText(/Alertar diferencias/), { target: { value: "50000" } });
    fireEvent.change(screen.getByLabelText(/Plazo de devolución/), { target: { value: "15" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar reglas" }));
    await screen.findByText("Reglas de caja y devoluciones guardadas");
    const put = fetch.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(jsonBody(put?.[1])).toEqual({
      require_open_till: false,
      till_alert_threshold: 50000,
      return_window_days: 15,
    });
  });

  it("refuses a window outside 0–365 days before calling the API", async () => {
    signInAdmin();
    const fetch = mockFetch(async () => jsonResponse({ settings: SETTINGS }));
    render(<SettingsSection />);
    fireEvent.change(await screen.findByLabelText(/Plazo de devolución/), { target: { value: "400" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar reglas" }));
    await screen.findByText("Entre 0 y 365 días");
    await waitFor(() => expect(fetch.mock.calls.filter(([, init]) => init?.method === "PUT")).toHaveLength(0));
  });

  it("refuses a company NIT whose check digit is wrong, as the server would, and saves a right one", async () => {
    signInAdmin();
    const fetch = mockFetch(async (_url, init) =>
      init?.method === "PUT"
        ? jsonResponse({ success: true, message: "ok", settings: { ...SETTINGS, tax_id: "830.038.791-3" } })
        : jsonResponse({ settings: SETTINGS }),
    );
    render(<SettingsSection />);
    const nit = await screen.findByLabelText(/^NIT/);
    fireEvent.change(nit, { target: { value: "830.038.791-4" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await screen.findByText("El dígito de verificación del NIT no es válido (debería ser 3)");
    expect(fetch.mock.calls.filter(([, init]) => init?.method === "PUT")).toHaveLength(0);
    fireEvent.change(nit, { target: { value: "830038791-3" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(fetch.mock.calls.filter(([, init]) => init?.method === "PUT")).toHaveLength(1));
    const put = fetch.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(jsonBody(put?.[1])).toMatchObject({ tax_id: "830038791-3" });
  });
});

describe("Configuración: numeración DIAN", () => {
  it("shows whether the company requires numbering and the new products' IVA, and saves both", async () => {
    signInAdmin();
    const fetch = mockFetch(async (_url, init) =>
      init?.method === "PUT"
        ? jsonResponse({
            success: true,
            message: "Configuración guardada",
            settings: { ...SETTINGS, ...(jsonBody(init) as object) },
          })
        : jsonResponse({ settings: SETTINGS }),
    );
    render(<SettingsSection />);
    const box = (await screen.findByRole("checkbox", {
      name: "Exigir numeración DIAN para vender",
    })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByText("Sin ella, un local sin resolución vigente emite documentos no fiscales")).toBeTruthy();
    fireEvent.click(box);
    const vat = screen.getByLabelText("IVA de los productos nuevos") as HTMLSelectElement;
    expect(vat.value).toBe("iva_19");
    fireEvent.change(vat, { target: { value: "iva_5" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar numeración e IVA" }));
    await screen.findByText("Regla de numeración guardada");
    const puts = fetch.mock.calls.filter(([, init]) => init?.method === "PUT");
    expect(puts).toHaveLength(1);
    expect(jsonBody(puts[0]?.[1])).toEqual({ require_fiscal_numbering: true, default_tax_class: "iva_5" });
  });
});
