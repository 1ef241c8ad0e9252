import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { COST_ABOVE_PRICE } from "../../shared/messages";
import type { ScanEnrolment } from "../../web/src/api/admin-schemas";
import {
  buildDistribution,
  type EntryLine,
  hasValidDistribution,
  isUnbalanced,
  type SizeRow,
  submitLabel,
} from "../../web/src/features/admin/inventory/distribution";
import { InventorySection } from "../../web/src/features/admin/inventory/InventorySection";
import { inventorySubmitError } from "../../web/src/features/admin/inventory/submitErrors";
import { LOCATIONS, signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render } from "./helpers";

let n = 0;
const line = (location_id: string, quantity: string): EntryLine => ({ key: `l${n++}`, location_id, quantity });
const row = (size: string, parts: Partial<Pick<SizeRow, "pairs" | "left_feet" | "right_feet">>): SizeRow => ({
  key: `s${n++}`,
  size,
  barcode: "",
  pairs: parts.pairs ?? [],
  left_feet: parts.left_feet ?? [],
  right_feet: parts.right_feet ?? [],
});

describe("size distribution rules", () => {
  it("drops entries without a location or with quantity 0 before sending", () => {
    const built = buildDistribution([
      row(" 40 ", {
        pairs: [line("1", "3"), line("", "5"), line("4", "0"), line("4", "")],
        left_feet: [line("4", "2")],
        right_feet: [line("1", "2"), line("", "7")],
      }),
    ]);
    expect(built).toEqual({
      ok: true,
      sizes: [
        {
          size: "40",
          pairs: [{ location_id: 1, quantity: 3 }],
          left_feet: [{ location_id: 4, quantity: 2 }],
          right_feet: [{ location_id: 1, quantity: 2 }],
        },
      ],
    });
  });

  it("requires left feet to equal right feet per size, with the spec's message", () => {
    expect(
      buildDistribution([
        row("38", { pairs: [line("1", "2")] }),
        row("39", { left_feet: [line("1", "3")], right_feet: [line("4", "1")] }),
      ]),
    ).toEqual({ ok: false, error: "Error en talla 39: Pies izquierdos (3) debe ser igual a pies derechos (1)" });
    expect(isUnbalanced(row("39", { left_feet: [line("1", "3")], right_feet: [line("4", "1")] }))).toBe(true);
    expect(isUnbalanced(row("39", { left_feet: [line("1", "2")], right_feet: [line("4", "2")] }))).toBe(false);
  });

  it("needs at least one labelled size with a valid distribution", () => {
    const message = "Por favor ingresa al menos una talla con distribución válida";
    expect(buildDistribution([row("", { pairs: [line("1", "3")] })])).toEqual({ ok: false, error: message });
    expect(buildDistribution([row("41", { pairs: [line("", "3")] })])).toEqual({ ok: false, error: message });
    // Empty sizes are skipped, a labelled one with pairs is kept.
    const built = buildDistribution([row("", {}), row("41", { pairs: [line("4", "1")] })]);
    expect(built.ok && built.sizes.map((s) => s.size)).toEqual(["41"]);
  });

  it("the distribution dot needs a named size with a pair entry, or left and right entries", () => {
    expect(hasValidDistribution([row("40", {})])).toBe(false);
    expect(hasValidDistribution([row("", { pairs: [line("1", "2")] })])).toBe(false);
    expect(hasValidDistribution([row("40", { left_feet: [line("1", "1")] })])).toBe(false);
    expect(hasValidDistribution([row("40", { left_feet: [line("1", "1")], right_feet: [line("4", "1")] })])).toBe(true);
    expect(hasValidDistribution([row("40", { pairs: [line("4", "2")] })])).toBe(true);
  });

  it("the submit text follows price and video", () => {
    expect(submitLabel(0, true)).toBe("Ingresa el precio");
    expect(submitLabel(-5, false)).toBe("Ingresa el precio");
    expect(submitLabel(250000, false)).toBe("Graba un video primero");
    expect(submitLabel(250000, true)).toBe("Registrar Inventario con Distribución");
  });

  it("reads server failures as the spec says", () => {
    expect(inventorySubmitError("ValidationError: x")).toMatch(/formato/);
    expect(inventorySubmitError("Field required")).toMatch(/configuración del servidor/);
    expect(inventorySubmitError("balance check failed")).toMatch(/izquierdos sean iguales a los derechos/);
    expect(inventorySubmitError("Ubicación no encontrada")).toBe(
      "Error al procesar inventario: Ubicación no encontrada",
    );
  });
});

function renderSection() {
  signInAdmin();
  const enrolment: ScanEnrolment = { model_id: "mobilenet-v3", total_products: 0, enrolled_products: 0, missing: [] };
  mockFetch(async (url) =>
    jsonResponse(url.startsWith("/api/v1/classify/enrolment") ? enrolment : { locations: LOCATIONS }),
  );
  render(<InventorySection />);
}

const webm = () =>
  new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])], "producto.webm", { type: "video/webm" });

describe("InventorySection", () => {
  it("moves the submit button through 'Ingresa el precio', 'Graba un video primero' and the ready text", async () => {
    renderSection();
    await screen.findAllByRole("option", { name: "Bodega Principal" });
    const button = () => screen.getByRole("button", { name: /Ingresa el precio|Graba un video|Registrar Inventario/ });
    expect(button().textContent).toBe("Ingresa el precio");
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Precio unitario/), { target: { value: "0" } });
    expect(button().textContent).toBe("Ingresa el precio");
    fireEvent.change(screen.getByLabelText(/^Precio unitario/), { target: { value: "289900" } });
    expect(button().textContent).toBe("Graba un video primero");
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId("video-input"), { target: { files: [webm()] } });
    expect(button().textContent).toBe("Registrar Inventario con Distribución");
    expect((button() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId("dot-precio").dataset.on).toBe("true");
    expect(screen.getByTestId("dot-video").dataset.on).toBe("true");
    expect(screen.getByTestId("dot-distribución").dataset.on).toBe("false");
  });

  it("cannot remove the only size row, warns 'Desbalanceado' and blocks the unbalanced submit", async () => {
    renderSection();
    await screen.findAllByRole("option", { name: "Bodega Principal" });
    expect((screen.getByRole("button", { name: "Eliminar talla" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "+ Agregar talla" }));
    const removes = screen.getAllByRole("button", { name: "Eliminar talla" }) as HTMLButtonElement[];
    expect(removes.map((b) => b.disabled)).toEqual([false, false]);
    fireEvent.click(removes[1] as HTMLButtonElement);
    expect(screen.getAllByTestId("size-row")).toHaveLength(1);

    const size = screen.getAllByTestId("size-row")[0] as HTMLElement;
    fireEvent.change(within(size).getByLabelText("Talla 1"), { target: { value: "40" } });
    const [, addLeft] = within(size).getAllByRole("button", { name: "+ Agregar ubicación" });
    fireEvent.click(addLeft as HTMLElement);
    fireEvent.change(within(size).getByLabelText("Ubicación 1 · Pies izquierdos de la talla 40"), {
      target: { value: "4" },
    });
    fireEvent.change(within(size).getByLabelText("Cantidad 1 · Pies izquierdos de la talla 40"), {
      target: { value: "2" },
    });
    expect(within(size).getByText("Desbalanceado")).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Marca/), { target: { value: "Nike" } });
    fireEvent.change(screen.getByLabelText(/^Modelo/), { target: { value: "Air Zoom" } });
    fireEvent.change(screen.getByLabelText(/^Precio unitario/), { target: { value: "289900" } });
    fireEvent.change(screen.getByTestId("video-input"), { target: { files: [webm()] } });
    fireEvent.click(screen.getByRole("button", { name: "Registrar Inventario con Distribución" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Error en talla 40: Pies izquierdos (2) debe ser igual a pies derechos (0)",
    );

    // Balancing the feet removes the warning.
    const addRight = within(size).getAllByRole("button", { name: "+ Agregar ubicación" })[2] as HTMLElement;
    fireEvent.click(addRight);
    fireEvent.change(within(size).getByLabelText("Ubicación 1 · Pies derechos de la talla 40"), {
      target: { value: "1" },
    });
    fireEvent.change(within(size).getByLabelText("Cantidad 1 · Pies derechos de la talla 40"), {
      target: { value: "2" },
    });
    expect(within(size).queryByText("Desbalanceado")).toBeNull();
    expect(screen.getByTestId("dot-distribución").dataset.on).toBe("true");
  });

  it("takes a cost price per pair and warns when it is above the selling price", async () => {
    renderSection();
    await screen.findAllByRole("option", { name: "Bodega Principal" });
    fireEvent.change(screen.getByLabelText(/^Precio unitario/), { target: { value: "289900" } });
    const cost = screen.getByLabelText(/^Precio de costo/);
    fireEvent.change(cost, { target: { value: "150000" } });
    expect(screen.queryByTestId("cost-warning")).toBeNull();
    fireEvent.change(cost, { target: { value: "300000" } });
    expect(screen.getByTestId("cost-warning").textContent).toBe(COST_ABOVE_PRICE);
    // a warning, not a block: the entry can still be sent
    fireEvent.change(screen.getByTestId("video-input"), { target: { files: [webm()] } });
    expect(
      (screen.getByRole("button", { name: "Registrar Inventario con Distribución" }) as HTMLButtonElement).disabled,
    ).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Precio unitario/), { target: { value: "329900" } });
    expect(screen.queryByTestId("cost-warning")).toBeNull();
  });

  it("asks for at least one size with a valid distribution before uploading", async () => {
    renderSection();
    await screen.findAllByRole("option", { name: "Bodega Principal" });
    fireEvent.change(screen.getByLabelText(/^Marca/), { target: { value: "Nike" } });
    fireEvent.change(screen.getByLabelText(/^Modelo/), { target: { value: "Air Zoom" } });
    fireEvent.change(screen.getByLabelText(/^Precio unitario/), { target: { value: "289900" } });
    fireEvent.change(screen.getByLabelText("Talla 1"), { target: { value: "40" } });
    fireEvent.change(screen.getByTestId("video-input"), { target: { files: [webm()] } });
    fireEvent.click(screen.getByRole("button", { name: "Registrar Inventario con Distribución" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Por favor ingresa al menos una talla con distribución válida",
    );
  });
});
