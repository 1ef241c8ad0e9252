import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ElectronicDocument, FiscalSettings } from "../../web/src/api/fiscal";
import { InvoicingSection } from "../../web/src/features/admin/invoicing/InvoicingSection";
import { jsonBody, signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render } from "./helpers";

const SETTINGS_URL = "/api/v1/admin/admin/fiscal-settings";
const DOCUMENTS_URL = "/api/v1/admin/admin/electronic-documents";

const SAVED: NonNullable<FiscalSettings> = {
  environment: "2",
  software_id: "56f2ae4e-9812-4fad-9255-08fcfcd5ccb0",
  software_maker: "Horma",
  person_type: "juridica",
  tax_regime: "48",
  responsibilities: "O-13;O-15",
  address: "Cra 7 # 12-34",
  city_code: "11001",
  city_name: "Bogotá, D.C.",
  department_code: "11",
  department_name: "Bogotá",
  provider: "prueba",
  provider_url: "reject",
  provider_secret: null,
  updated_at: "2026-03-05T15:30:00.000Z",
  software_pin_set: true,
};

const CUDE = "a1b2c3d4e5f6".padEnd(96, "0");

const doc = (patch: Partial<ElectronicDocument> = {}): ElectronicDocument => ({
  id: 9,
  kind: "pos",
  number: "FE12",
  sale_id: 345,
  return_id: null,
  status: "rechazado",
  cude: CUDE,
  reason: "Regla FAJ43b: el nombre del emisor no coincide con el RUT",
  attempts: 1,
  next_attempt_at: null,
  needs_attention: true,
  accepted_at: null,
  created_at: "2026-03-05T15:30:00.000Z",
  ...patch,
});

type Api = {
  settings?: FiscalSettings;
  /** the list answered to the query's status, or to attention=1 ("attention") */
  documents?: (status: string | null) => ElectronicDocument[];
  write?: (url: string, init: RequestInit | undefined) => Response;
};

/** The section over a mocked API; `documents` is read at each call with the query's status. */
function open({ settings = SAVED, documents = () => [], write = () => jsonResponse({}) }: Api = {}) {
  signInAdmin();
  const fetch = mockFetch(async (url, init) => {
    if ((init?.method ?? "GET") !== "GET") return write(url, init);
    if (url.startsWith(SETTINGS_URL)) return jsonResponse({ settings });
    if (url.startsWith(DOCUMENTS_URL)) {
      const params = new URL(url, "http://x").searchParams;
      const listed = documents(params.get("attention") === "1" ? "attention" : params.get("status"));
      return jsonResponse({ documents: listed, attention_count: listed.filter((d) => d.needs_attention).length });
    }
    return jsonResponse({ detail: "no esperado" }, 404);
  });
  render(<InvoicingSection />);
  const calls = (method: string) => fetch.mock.calls.filter(([, init]) => (init?.method ?? "GET") === method);
  const documentReads = () => calls("GET").filter(([url]) => String(url).startsWith(DOCUMENTS_URL));
  return { calls, documentReads };
}

const form = async () => within(await screen.findByRole("form", { name: "Configuración de facturación electrónica" }));
const type = (f: ReturnType<typeof within>, label: string | RegExp, value: string) =>
  fireEvent.change(f.getByLabelText(label), { target: { value } });
const save = (f: ReturnType<typeof within>) =>
  fireEvent.click(f.getByRole("button", { name: "Guardar configuración" }));
const SAVED_TEXT = "Configuración de facturación electrónica guardada";

const BODY = {
  environment: "2",
  software_id: SAVED.software_id,
  software_pin: "75315",
  software_maker: "Horma",
  person_type: "juridica",
  tax_regime: "48",
  responsibilities: "O-13;O-15",
  address: "Cra 7 # 12-34",
  city_code: "11001",
  city_name: "Bogotá, D.C.",
  department_code: "11",
  department_name: "Bogotá",
  provider: "prueba",
};

describe("Facturación electrónica: the settings", () => {
  it("loads what is saved (never the PIN) and PUTs exactly it with the PIN and the test scenario, no HTTP fields", async () => {
    const { calls } = open({ write: () => jsonResponse({ success: true, message: SAVED_TEXT, settings: SAVED }) });
    const f = await form();
    expect((f.getByLabelText("Identificador del software (DIAN)") as HTMLInputElement).value).toBe(SAVED.software_id);
    const pin = f.getByLabelText("PIN del software") as HTMLInputElement;
    expect(pin.type).toBe("password");
    expect(pin.value).toBe("");
    expect(f.getByText("Se pide en cada cambio; nunca se muestra")).toBeTruthy();
    expect((f.getByLabelText("Código DANE del municipio") as HTMLInputElement).value).toBe("11001");
    expect((f.getByRole("radio", { name: /^Habilitación/ }) as HTMLInputElement).checked).toBe(true);
    expect((f.getByRole("radio", { name: /^Proveedor de prueba\s*Solo desarrollo/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    const scenario = f.getByLabelText("Escenario de prueba") as HTMLSelectElement;
    expect(scenario.value).toBe("reject");
    expect(scenario.selectedOptions[0]?.textContent).toBe("Rechaza cada documento");
    expect(f.queryByLabelText("URL del proveedor")).toBeNull();
    expect(f.queryByLabelText("Nombre del secreto con el token")).toBeNull();
    type(f, "PIN del software", "75315");
    type(f, "Escenario de prueba", "timeout_after_accept");
    save(f);
    expect(await screen.findByText(SAVED_TEXT)).toBeTruthy();
    const puts = calls("PUT");
    expect(puts).toHaveLength(1);
    expect(puts[0]?.[0]).toBe(SETTINGS_URL);
    expect(jsonBody(puts[0]?.[1])).toEqual({ ...BODY, provider_url: "timeout_after_accept" });
    // the PIN is not kept on screen after saving
    expect(pin.value).toBe("");
  });

  it("an HTTP provider sends its URL and the name of its secret (in capitals)", async () => {
    const { calls } = open({
      settings: null,
      write: () => jsonResponse({ success: true, message: SAVED_TEXT, settings: SAVED }),
    });
    expect(await screen.findByText(/Aún no hay configuración de facturación electrónica: los documentos/)).toBeTruthy();
    const f = await form();
    type(f, "Identificador del software (DIAN)", ` ${SAVED.software_id} `);
    type(f, "PIN del software", "75315");
    type(f, "Responsabilidades fiscales (RUT)", "O-13;O-15");
    type(f, "Dirección", "Cra 7 # 12-34");
    type(f, "Código DANE del municipio", "11001");
    type(f, "Municipio", "Bogotá, D.C.");
    type(f, "Código DANE del departamento", "11");
    type(f, "Departamento", "Bogotá");
    fireEvent.click(f.getByRole("radio", { name: /^Proveedor HTTP/ }));
    expect(f.queryByLabelText("Escenario de prueba")).toBeNull();
    type(f, "URL del proveedor", "https://api.proveedor.co/v1");
    type(f, "Nombre del secreto con el token", "proveedor_fe_token");
    save(f);
    expect(await screen.findByText(SAVED_TEXT)).toBeTruthy();
    expect(jsonBody(calls("PUT")[0]?.[1])).toEqual({
      ...BODY,
      provider: "http",
      provider_url: "https://api.proveedor.co/v1",
      provider_secret: "PROVEEDOR_FE_TOKEN",
    });
  });

  it("refuses what the API would before calling it", async () => {
    const { calls } = open();
    const f = await form();
    type(f, "Código DANE del municipio", "110");
    type(f, "Código DANE del departamento", "1");
    save(f);
    expect(await f.findByText("El código DANE del municipio son 5 dígitos")).toBeTruthy();
    expect(f.getByText("El código DANE del departamento son 2 dígitos")).toBeTruthy();
    expect(f.getByText("El PIN del software son de 4 a 20 dígitos")).toBeTruthy();
    // the test provider reaches no DIAN: not in production
    type(f, "Código DANE del municipio", "11001");
    type(f, "Código DANE del departamento", "11");
    type(f, "PIN del software", "75315");
    fireEvent.click(f.getByRole("radio", { name: /^Producción/ }));
    save(f);
    expect(await f.findByText("El proveedor de prueba solo sirve en habilitación")).toBeTruthy();
    fireEvent.click(f.getByRole("radio", { name: /^Proveedor HTTP/ }));
    save(f);
    expect(await f.findByText("Escribe la URL del proveedor (https://…)")).toBeTruthy();
    expect(f.getByText("El secreto se nombra en mayúsculas (p. ej. PROVEEDOR_FE_TOKEN)")).toBeTruthy();
    await waitFor(() => expect(calls("PUT")).toHaveLength(0));
  });
});

describe("Facturación electrónica: the documents", () => {
  it("lists them with number, sale, state, date, reason and short CUDE; the chips filter by state", async () => {
    const all = [
      doc(),
      doc({
        id: 10,
        kind: "adjustment",
        number: "NA5",
        return_id: 5,
        status: "aceptado",
        reason: null,
        needs_attention: false,
        accepted_at: "2026-03-05T15:31:00.000Z",
      }),
      doc({
        id: 11,
        number: "FE13",
        status: "pendiente",
        cude: null,
        reason: null,
        attempts: 0,
        needs_attention: false,
      }),
    ];
    const { documentReads } = open({
      documents: (status) =>
        all.filter((d) => status === null || d.status === status || (status === "attention" && d.needs_attention)),
    });
    const list = within(await screen.findByRole("list", { name: "Documentos electrónicos" }));
    const rows = list.getAllByTestId("electronic-document").map((row) => within(row));
    expect(rows).toHaveLength(3);
    const [rejected, adjustment, pending] = rows;
    expect(rejected?.getByText("POS FE12")).toBeTruthy();
    expect(rejected?.getByText("Rechazado")).toBeTruthy();
    expect(rejected?.getByText("Venta #345 · 05/03/2026, 10:30 a. m.")).toBeTruthy();
    expect(rejected?.getByText("Regla FAJ43b: el nombre del emisor no coincide con el RUT")).toBeTruthy();
    expect(rejected?.getByText("a1b2c3d4e5f6…")).toBeTruthy();
    expect(rejected?.getByRole("button", { name: "Reenviar POS FE12" })).toBeTruthy();
    expect(adjustment?.getByText("Nota de ajuste NA5")).toBeTruthy();
    expect(adjustment?.getByText("Aceptado")).toBeTruthy();
    expect(adjustment?.getByText(/Devolución #5/)).toBeTruthy();
    expect(adjustment?.queryByRole("button", { name: /Reenviar/ })).toBeNull();
    expect(pending?.getByText("Pendiente")).toBeTruthy();
    expect(pending?.queryByText(/CUDE/)).toBeNull();
    // the first read asks for every state
    expect(new URL(String(documentReads()[0]?.[0]), "http://x").searchParams.has("status")).toBe(false);

    fireEvent.click(screen.getByRole("radio", { name: "Aceptados" }));
    await waitFor(() => expect(screen.getAllByTestId("electronic-document")).toHaveLength(1));
    expect(screen.getByText("Nota de ajuste NA5")).toBeTruthy();
    expect(String(documentReads().at(-1)?.[0])).toBe(`${DOCUMENTS_URL}?status=aceptado`);

    fireEvent.click(screen.getByRole("radio", { name: "Enviados" }));
    expect(await screen.findByText("No hay documentos esperando la respuesta de la DIAN")).toBeTruthy();
    expect(String(documentReads().at(-1)?.[0])).toBe(`${DOCUMENTS_URL}?status=enviado`);

    fireEvent.click(screen.getByRole("radio", { name: "Requieren atención" }));
    await waitFor(() => expect(screen.getAllByTestId("electronic-document")).toHaveLength(1));
    expect(screen.getByText("POS FE12")).toBeTruthy();
    expect(String(documentReads().at(-1)?.[0])).toBe(`${DOCUMENTS_URL}?attention=1`);
  });

  it("a document the provider left unanswered says so, though it is not rejected", async () => {
    open({
      documents: () => [
        doc({
          status: "enviado",
          attempts: 10,
          reason: "Sin respuesta del proveedor tras 10 intentos. Tiempo de espera agotado.",
          next_attempt_at: "2026-03-06T15:30:00.000Z",
        }),
      ],
    });
    const row = within(await screen.findByTestId("electronic-document"));
    expect(row.getByText("Sin respuesta del proveedor")).toBeTruthy();
    expect(row.getByText("Enviado")).toBeTruthy();
    expect(row.queryByRole("button", { name: /Reenviar/ })).toBeNull();
  });

  it("with none says what they are", async () => {
    open();
    expect(await screen.findByText("Aún no hay documentos electrónicos")).toBeTruthy();
    expect(screen.getByText(/Cada venta con número DIAN genera su documento POS/)).toBeTruthy();
  });

  it("'Reenviar' asks first, POSTs the re-send and reads the list again", async () => {
    let resent = false;
    const { calls, documentReads } = open({
      documents: () => [resent ? doc({ status: "pendiente", reason: null, cude: null, attempts: 0 }) : doc()],
      write: () => {
        resent = true;
        return jsonResponse({ success: true, message: "Documento enviado de nuevo", document: doc() });
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Reenviar POS FE12" }));
    const dialog = within(screen.getByRole("dialog", { name: "Reenviar POS FE12" }));
    expect(dialog.getByText(/se arma de nuevo con los datos actuales/)).toBeTruthy();
    expect(calls("POST")).toHaveLength(0);
    const readsBefore = documentReads().length;
    fireEvent.click(dialog.getByRole("button", { name: "Reenviar" }));
    expect(await screen.findByText("Documento enviado de nuevo: POS FE12")).toBeTruthy();
    expect(calls("POST").map(([url]) => url)).toEqual([`${DOCUMENTS_URL}/9/resend`]);
    expect(screen.queryByRole("dialog")).toBeNull();
    // the list is read again: the document waits to be sent, with no button
    expect(documentReads().length).toBeGreaterThan(readsBefore);
    expect(await screen.findByText("Pendiente")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reenviar POS FE12" })).toBeNull();
  });

  it("a refused re-send keeps the dialog with the server's reason", async () => {
    open({
      documents: () => [doc()],
      write: () => jsonResponse({ detail: "Solo se reenvía un documento rechazado" }, 409),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Reenviar POS FE12" }));
    const dialog = within(screen.getByRole("dialog", { name: "Reenviar POS FE12" }));
    fireEvent.click(dialog.getByRole("button", { name: "Reenviar" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("Solo se reenvía un documento rechazado");
  });
});
