import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { LocationOption } from "../../web/src/api/transfers-schemas";
import { NewTransferForm } from "../../web/src/features/seller/transfers/NewTransferForm";
import { draftFromPrefill, quantityOf } from "../../web/src/features/seller/transfers/newTransferForm";
import { parsePrefill, type ScannerPrefillInput } from "../../web/src/features/seller/transfers/search";
import { parseSellerSearch } from "../../web/src/features/seller/views";
import { jsonResponse, mockFetch, render } from "./helpers";
import { signInAs } from "./transfers-fixtures";

const place = (id: number, name: string, type: LocationOption["type"]) =>
  ({
    id,
    name,
    type,
    address: null,
    phone: null,
    manager_name: null,
    capacity: null,
    notes: null,
    is_active: true,
    latitude: null,
    longitude: null,
    opening_hours: null,
    whatsapp: null,
  }) satisfies LocationOption;

const LOCATIONS = [
  place(4, "Bodega Principal", "bodega"),
  place(5, "Bodega Sur", "bodega"),
  place(1, "Local Centro", "local"),
];

const SCAN: ScannerPrefillInput = {
  sneaker_reference_code: "ADIDASSU-02",
  brand: "Adidas",
  model: "Superstar",
  color: "Negro",
  size: "41",
  source_location_id: 4,
  destination_location_id: 1,
  pairs: 3,
  left_feet: 2,
  right_feet: 4,
  location_name: "Bodega Principal",
  transfer_type: "form_pair",
  request_notes: "Cliente esperando",
  available_options: {
    pairs_available: true,
    pairs_quantity: 3,
    left_feet_available: true,
    left_feet_quantity: 2,
    right_feet_available: false,
    right_feet_quantity: 0,
  },
};

type Call = { url: string; body: unknown };

function renderForm(prefill: ScannerPrefillInput | null) {
  signInAs("seller", 1);
  const calls: Call[] = [];
  mockFetch(async (url, init) => {
    if (url === "/api/v1/locations") return jsonResponse(LOCATIONS);
    calls.push({ url, body: JSON.parse(String(init?.body ?? "null")) });
    return jsonResponse({ success: true, transfer_request_id: 77, message: "Solicitud #77 creada" }, 201);
  });
  const onCreated = vi.fn();
  render(<NewTransferForm prefill={prefill ? (parsePrefill(prefill) ?? null) : null} onCreated={onCreated} />);
  return { calls, onCreated };
}

describe("new transfer request form", () => {
  it("requires reference, brand, model, size and a source, and offers every location but the seller's own", async () => {
    const { calls } = renderForm(null);
    await screen.findByRole("option", { name: "Bodega Principal (Bodega)" });
    expect(screen.queryByRole("option", { name: /Local Centro/ })).toBeNull();
    expect(screen.queryByRole("radio")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Solicitar Transferencia" }));
    for (const text of [
      "El código de referencia es requerido",
      "La marca es requerida",
      "El modelo es requerido",
      "La talla es requerida",
      "Error: No se pudo determinar la ubicación de origen para la transferencia",
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(calls).toHaveLength(0);
  });

  it("without a foot choice it asks for pairs: purpose, pickup, quantity (1 when not a number), exhibición", async () => {
    const { calls, onCreated } = renderForm(null);
    await screen.findByRole("option", { name: "Bodega Sur (Bodega)" });
    fireEvent.change(screen.getByLabelText("Código de referencia *"), { target: { value: "NIKECORT-01" } });
    fireEvent.change(screen.getByLabelText("Marca *"), { target: { value: "Nike" } });
    fireEvent.change(screen.getByLabelText("Modelo *"), { target: { value: "Cortez" } });
    fireEvent.change(screen.getByLabelText("Talla *"), { target: { value: "39" } });
    fireEvent.change(screen.getByLabelText("Cantidad *"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Ubicación de origen *"), { target: { value: "5" } });
    fireEvent.change(screen.getByLabelText("Propósito"), { target: { value: "restock" } });
    fireEvent.change(screen.getByLabelText("¿Quién recoge?"), { target: { value: "vendedor" } });
    fireEvent.click(screen.getByRole("button", { name: "Solicitar Transferencia" }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(77));
    expect(calls).toEqual([
      {
        url: "/api/v1/transfers/request",
        body: {
          source_location_id: 5,
          destination_location_id: 1,
          sneaker_reference_code: "NIKECORT-01",
          brand: "Nike",
          model: "Cortez",
          size: "39",
          quantity: 1,
          purpose: "restock",
          pickup_type: "vendedor",
          destination_type: "exhibicion",
          notes: "",
          transfer_type: "pair",
        },
      },
    ]);
  });

  it("a scan fills the form, shows its banner and counts, and a chosen foot uses the single-foot call", async () => {
    const { calls } = renderForm(SCAN);
    await screen.findByRole("option", { name: "Bodega Principal (Bodega)" });
    const banner = screen.getByTestId("scanner-banner").textContent ?? "";
    expect(banner).toContain("Formar par");
    expect(banner).toContain("Pares: 3 · Pies izquierdos: 2 · Pies derechos: 4");
    expect((screen.getByLabelText("Código de referencia *") as HTMLInputElement).value).toBe("ADIDASSU-02");
    // form pair: the lower of the two feet
    expect((screen.getByLabelText("Cantidad *") as HTMLInputElement).value).toBe("2");
    expect((screen.getByLabelText("Ubicación de origen *") as HTMLSelectElement).value).toBe("4");
    const [pair, left, right] = screen.getAllByRole("radio") as [HTMLInputElement, HTMLInputElement, HTMLInputElement];
    expect(pair.checked).toBe(true);
    expect(right.disabled).toBe(true);
    expect(screen.getByText("3 disp.")).toBeTruthy();
    fireEvent.click(left);
    fireEvent.click(screen.getByRole("button", { name: "Solicitar Transferencia" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: "/api/v1/transfers/request-single-foot",
      body: {
        source_location_id: 4,
        destination_location_id: 1,
        sneaker_reference_code: "ADIDASSU-02",
        size: "41",
        foot_side: "left",
        quantity: 2,
        purpose: "pair_formation",
        pickup_type: "corredor",
        notes: "Cliente esperando",
      },
    });
  });

  it("with the complete pair chosen a scan still asks for pairs", async () => {
    const { calls } = renderForm({ ...SCAN, transfer_type: "pair" });
    await screen.findByRole("option", { name: "Bodega Principal (Bodega)" });
    fireEvent.click(screen.getByRole("button", { name: "Solicitar Transferencia" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe("/api/v1/transfers/request");
    expect(calls[0]?.body).toMatchObject({ transfer_type: "pair", quantity: 1, purpose: "cliente" });
  });

  it("a failed request says 'Error: ' and the server's reason", async () => {
    signInAs("seller", 1);
    mockFetch(async (url) =>
      url === "/api/v1/locations"
        ? jsonResponse(LOCATIONS)
        : jsonResponse({ detail: "El producto con referencia X no existe en el catálogo" }, 422),
    );
    render(<NewTransferForm prefill={parsePrefill(SCAN) ?? null} onCreated={() => undefined} />);
    await screen.findByRole("option", { name: "Bodega Principal (Bodega)" });
    fireEvent.click(screen.getByRole("button", { name: "Solicitar Transferencia" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Error: El producto con referencia X no existe en el catálogo",
    );
  });
});

describe("scanner prefill in the URL", () => {
  it("keeps a valid payload and drops a malformed one", () => {
    expect(parseSellerSearch({ view: "transfers", tab: "new", prefill: SCAN }).prefill?.transfer_type).toBe(
      "form_pair",
    );
    expect(parseSellerSearch({ view: "transfers", tab: "new", prefill: { size: 41 } }).prefill).toBeUndefined();
    expect(parseSellerSearch({ view: "transfers", tab: "todo" }).tab).toBeUndefined();
  });

  it("left/right foot scans pre-select that foot; quantity falls back to 1", () => {
    const left = parsePrefill({ ...SCAN, transfer_type: "left_foot" });
    const right = parsePrefill({ ...SCAN, transfer_type: "right_foot" });
    expect(left && draftFromPrefill(left).foot).toBe("left");
    expect(right && draftFromPrefill(right).foot).toBe("right");
    expect([quantityOf("abc"), quantityOf("0"), quantityOf("3")]).toEqual([1, 1, 3]);
  });
});
