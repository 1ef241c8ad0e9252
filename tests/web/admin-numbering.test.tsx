import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AvailableLocation } from "../../web/src/api/admin-schemas";
import type { NumberingRange } from "../../web/src/api/numbering";
import type { ReceiptSettings } from "../../web/src/api/settings";
import { NumberingSection } from "../../web/src/features/admin/numbering/NumberingSection";
import { RANGE_DEFAULTS, validateRange } from "../../web/src/features/admin/numbering/rangeForm";
import { alertText, rangeLabel } from "../../web/src/features/admin/numbering/rangeText";
import { jsonBody, signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render } from "./helpers";

const RANGES = "/api/v1/admin/admin/numbering-ranges";

const STORES: AvailableLocation[] = [
  { id: 4, name: "Bodega Principal", type: "bodega" },
  { id: 1, name: "Local Centro", type: "local" },
  { id: 2, name: "Local Chapinero", type: "local" },
];

const SETTINGS = {
  name: "Calzado Horma Demo",
  legal_name: null,
  tax_id: null,
  phone: null,
  return_policy: null,
  return_window_days: 30,
  require_open_till: false,
  till_alert_threshold: 20000,
  require_fiscal_numbering: false,
  default_tax_class: "iva_19",
} satisfies ReceiptSettings;

const range = (patch: Partial<NumberingRange> = {}): NumberingRange => ({
  id: 7,
  location_id: 1,
  location_name: "Local Centro",
  resolution_number: "18764000001234",
  resolution_date: "2026-01-05",
  prefix: "FA",
  range_from: 1000,
  range_to: 1999,
  valid_from: "2026-01-05",
  valid_until: "2026-12-10",
  document_text: "Resolución DIAN 18764000001234 del 05/01/2026, prefijo FA del 1000 al 1999, vigencia 12 meses",
  active: true,
  next_number: "FA1963",
  used: 963,
  remaining: 37,
  used_percent: 96,
  days_left: 12,
  state: "active",
  alerts: ["nearly_used", "expiring"],
  created_at: "2026-01-06 15:00:00",
  ...patch,
});

/** The panel over a mocked API: the list answers `list()` (read at each call), POSTs answer `post`. */
function open(list: () => NumberingRange[], post: (url: string, init: RequestInit | undefined) => Response) {
  signInAdmin();
  const fetch = mockFetch(async (url, init) => {
    if ((init?.method ?? "GET") !== "GET") return post(url, init);
    if (url.startsWith(RANGES)) {
      const ranges = list();
      return jsonResponse({ ranges, total: ranges.length });
    }
    if (url.includes("/available-locations-for-users")) return jsonResponse({ locations: STORES });
    if (url.includes("/admin/admin/settings")) return jsonResponse({ settings: SETTINGS });
    return jsonResponse({ detail: "no esperado" }, 404);
  });
  render(<NumberingSection />);
  const listReads = () =>
    fetch.mock.calls.filter(([url, init]) => String(url).startsWith(RANGES) && (init?.method ?? "GET") === "GET")
      .length;
  return { fetch, listReads };
}

describe("a range's texts", () => {
  it("writes the range in es-CO digits, with its prefix when it has one", () => {
    expect(rangeLabel({ prefix: "FA", range_from: 1000, range_to: 1999 })).toBe("FA 1.000 – 1.999");
    expect(rangeLabel({ prefix: "", range_from: 1, range_to: 50000 })).toBe("1 – 50.000");
  });

  it("says how many numbers are left and when the resolution expires, agreeing in number", () => {
    expect(alertText("nearly_used", { remaining: 37, days_left: 90 })).toBe(
      "Quedan 37 números: solicita una nueva resolución a la DIAN",
    );
    expect(alertText("nearly_used", { remaining: 1, days_left: 90 })).toBe(
      "Queda 1 número: solicita una nueva resolución a la DIAN",
    );
    expect(alertText("expiring", { remaining: 500, days_left: 12 })).toBe("La resolución vence en 12 días");
    expect(alertText("expiring", { remaining: 500, days_left: 1 })).toBe("La resolución vence en 1 día");
    expect(alertText("expiring", { remaining: 500, days_left: 0 })).toBe("La resolución vence hoy");
  });

  it("the form refuses what the API would, in the administrador's words", () => {
    const errors = validateRange(
      {
        ...RANGE_DEFAULTS,
        location_id: "1",
        resolution_number: "12345",
        resolution_date: "2026-01-05",
        prefix: "FACT1",
        range_from: "2000",
        range_to: "1999",
        valid_from: "2026-01-01",
        valid_until: "2026-01-10",
      },
      "2026-02-01",
    );
    expect(errors).toEqual({
      resolution_number: "Escribe los 6 a 20 dígitos de la resolución",
      prefix: "Hasta 4 letras o dígitos",
      range_to: "No puede ser menor que el inicial",
      valid_from: "No puede empezar antes de la fecha de la resolución",
      valid_until: "La resolución ya está vencida",
      document_text: "Escribe el texto que imprime el documento",
    });
  });
});

describe("Numeración DIAN", () => {
  it("lists each store's ranges, active first, with usage, next number, state and alerts", async () => {
    open(
      () => [
        range(),
        range({
          id: 5,
          prefix: "FA",
          range_from: 1,
          range_to: 999,
          active: false,
          next_number: null,
          used: 999,
          remaining: 0,
          used_percent: 100,
          state: "exhausted",
          alerts: [],
        }),
      ],
      () => jsonResponse({}),
    );
    const cards = await screen.findAllByTestId("numbering-range");
    expect(cards).toHaveLength(2);
    const [active, used] = cards.map((c) => within(c));
    expect(active?.getByText("FA 1.000 – 1.999")).toBeTruthy();
    expect(active?.getByText("Activa")).toBeTruthy();
    expect(active?.getByText("Resolución 18764000001234 del 05/01/2026")).toBeTruthy();
    expect(active?.getByText("Vigente del 05/01/2026 al 10/12/2026")).toBeTruthy();
    expect(active?.getByText("963 de 1.000 (96 %)")).toBeTruthy();
    expect(active?.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("96");
    expect(active?.getByText("FA1963")).toBeTruthy();
    expect(active?.getByText("Quedan 37 números: solicita una nueva resolución a la DIAN")).toBeTruthy();
    expect(active?.getByText("La resolución vence en 12 días")).toBeTruthy();
    expect(active?.getByRole("button", { name: "Desactivar FA 1.000 – 1.999" })).toBeTruthy();
    expect(active?.queryByRole("button", { name: /^Activar/ })).toBeNull();
    // a used-up range cannot be switched on again
    expect(used?.getByText("Agotada")).toBeTruthy();
    expect(used?.getByText("Sin números")).toBeTruthy();
    expect(used?.queryByRole("button", { name: /^(Activar|Desactivar)/ })).toBeNull();
    expect(screen.getByRole("region", { name: "Local Centro" })).toBeTruthy();
    // Local Chapinero has no resolution; the warehouse never needs one
    expect(
      await screen.findByText(
        "Local Chapinero no tiene una resolución vigente: sus ventas salen como documentos no fiscales.",
      ),
    ).toBeTruthy();
  });

  it("with no resolution says what one is", async () => {
    open(
      () => [],
      () => jsonResponse({}),
    );
    expect(await screen.findByText("Aún no hay resoluciones de numeración")).toBeTruthy();
    expect(
      screen.getByText(/autorización de la DIAN que fija el prefijo, el rango de números y la vigencia/),
    ).toBeTruthy();
  });

  it("registering a resolution sends it with its key, and the list is read again", async () => {
    let ranges: NumberingRange[] = [];
    const { fetch, listReads } = open(
      () => ranges,
      () => {
        ranges = [range({ id: 9, next_number: "FA1000", used: 0, remaining: 1000, used_percent: 0, alerts: [] })];
        return jsonResponse({ success: true, message: "ok", range: ranges[0] }, 201);
      },
    );
    await screen.findByText("Aún no hay resoluciones de numeración");
    const readsBefore = listReads();
    fireEvent.click(screen.getByRole("button", { name: "+ Registrar resolución" }));
    const dialog = within(screen.getByRole("dialog", { name: "Registrar resolución" }));
    // only stores are offered (a warehouse issues no POS documents)
    await waitFor(() =>
      expect(
        Array.from((dialog.getByLabelText("Local") as HTMLSelectElement).options).map((o) => o.textContent),
      ).toEqual(["Selecciona el local", "Local Centro", "Local Chapinero"]),
    );
    const type = (label: string | RegExp, value: string) =>
      fireEvent.change(dialog.getByLabelText(label), { target: { value } });
    type("Local", "1");
    type("Número de resolución", " 18764000001234 ");
    type("Fecha de la resolución", "2026-01-05");
    type("Prefijo", "fa");
    type("Desde", "1000");
    type("Hasta", "1999");
    type("Vigente desde", "2026-01-05");
    type("Vigente hasta", "2099-01-05");
    type("Texto que imprime el documento", "  Resolución DIAN 18764000001234  ");
    expect(dialog.getByText("Los documentos saldrán del FA1000 al FA1999 (1.000 números).")).toBeTruthy();
    expect(
      (dialog.getByLabelText("Activar ahora (la resolución activa del local queda inactiva)") as HTMLInputElement)
        .checked,
    ).toBe(true);
    fireEvent.click(dialog.getByRole("button", { name: "Registrar resolución" }));
    expect(await screen.findByText("Resolución registrada: FA 1.000 – 1.999 · Local Centro")).toBeTruthy();
    const post = fetch.mock.calls.find(([, init]) => init?.method === "POST");
    expect(post?.[0]).toBe(RANGES);
    expect(new Headers(post?.[1]?.headers).get("Idempotency-Key")).toBeTruthy();
    expect(jsonBody(post?.[1])).toEqual({
      location_id: 1,
      resolution_number: "18764000001234",
      resolution_date: "2026-01-05",
      prefix: "FA",
      range_from: 1000,
      range_to: 1999,
      valid_from: "2026-01-05",
      valid_until: "2099-01-05",
      document_text: "Resolución DIAN 18764000001234",
      activate: true,
    });
    // the list is read again and shows the new range
    expect(listReads()).toBeGreaterThan(readsBefore);
    expect((await screen.findAllByTestId("numbering-range")).length).toBe(1);
  });

  it("a refused registration keeps the form with the server's reason", async () => {
    open(
      () => [],
      () => jsonResponse({ detail: "El rango se cruza con otro rango del mismo prefijo" }, 409),
    );
    await screen.findByText("Aún no hay resoluciones de numeración");
    fireEvent.click(screen.getByRole("button", { name: "+ Registrar resolución" }));
    const dialog = within(screen.getByRole("dialog", { name: "Registrar resolución" }));
    await waitFor(() => expect((dialog.getByLabelText("Local") as HTMLSelectElement).options.length).toBe(3));
    const type = (label: string | RegExp, value: string) =>
      fireEvent.change(dialog.getByLabelText(label), { target: { value } });
    type("Local", "2");
    type("Número de resolución", "18764000001235");
    type("Fecha de la resolución", "2026-01-05");
    type("Desde", "1");
    type("Hasta", "500");
    type("Vigente desde", "2026-01-05");
    type("Vigente hasta", "2099-01-05");
    type("Texto que imprime el documento", "Resolución DIAN 18764000001235");
    fireEvent.click(dialog.getByRole("button", { name: "Registrar resolución" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(
      "No se pudo registrar la resolución: El rango se cruza con otro rango del mismo prefijo",
    );
  });

  it("activating asks first, then calls the range's activate route and reads the list again", async () => {
    let active = false;
    const current = () =>
      range({
        id: 3,
        prefix: "FB",
        range_from: 1,
        range_to: 500,
        active: true,
        state: "active",
        alerts: [],
        used: 10,
        remaining: 490,
        used_percent: 2,
        next_number: "FB11",
      });
    const waiting = () =>
      range({
        active,
        state: active ? "active" : "inactive",
        alerts: [],
        used: 0,
        remaining: 1000,
        used_percent: 0,
        next_number: "FA1000",
      });
    const { fetch, listReads } = open(
      () => (active ? [waiting(), { ...current(), active: false, state: "inactive" }] : [current(), waiting()]),
      () => {
        active = true;
        return jsonResponse({ success: true, message: "Rango activado", range: waiting() });
      },
    );
    fireEvent.click(await screen.findByRole("button", { name: "Activar FA 1.000 – 1.999" }));
    const confirm = within(screen.getByRole("dialog", { name: "Activar FA 1.000 – 1.999" }));
    expect(
      confirm.getByText(
        "Los documentos de Local Centro tomarán sus números de esta resolución desde el FA1000. La resolución activa del local (FB 1 – 500) queda inactiva.",
      ),
    ).toBeTruthy();
    const readsBefore = listReads();
    fireEvent.click(confirm.getByRole("button", { name: "Activar" }));
    expect(await screen.findByText("Rango activado: FA 1.000 – 1.999 · Local Centro")).toBeTruthy();
    const post = fetch.mock.calls.find(([, init]) => init?.method === "POST");
    expect(post?.[0]).toBe(`${RANGES}/7/activate`);
    expect(listReads()).toBeGreaterThan(readsBefore);
    expect(await screen.findByRole("button", { name: "Desactivar FA 1.000 – 1.999" })).toBeTruthy();
  });

  it("'Corregir texto' sends only the text", async () => {
    const { fetch } = open(
      () => [range()],
      (_url, init) =>
        jsonResponse({
          success: true,
          message: "Texto de la resolución corregido",
          range: range({ document_text: (jsonBody(init) as { document_text: string }).document_text }),
        }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Corregir texto de FA 1.000 – 1.999" }));
    const dialog = within(screen.getByRole("dialog", { name: "Corregir texto · FA 1.000 – 1.999" }));
    fireEvent.change(dialog.getByLabelText("Texto que imprime el documento"), {
      target: { value: " Autorización DIAN 18764000001234 " },
    });
    fireEvent.click(dialog.getByRole("button", { name: "Guardar texto" }));
    expect(await screen.findByText("Texto de la resolución corregido: FA 1.000 – 1.999 · Local Centro")).toBeTruthy();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(patch?.[0]).toBe(`${RANGES}/7`);
    expect(jsonBody(patch?.[1])).toEqual({ document_text: "Autorización DIAN 18764000001234" });
  });
});
