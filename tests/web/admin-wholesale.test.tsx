import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { WholesaleProduct } from "../../web/src/api/admin-schemas";
import { CreateProductModal, EditProductModal } from "../../web/src/features/admin/wholesale/ProductModal";
import { SaleModal } from "../../web/src/features/admin/wholesale/SaleModal";
import {
  boxTone,
  canSell,
  changedFields,
  saleTotal,
  valuesOf,
} from "../../web/src/features/admin/wholesale/wholesaleForm";
import { jsonBody, signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render } from "./helpers";

const product: WholesaleProduct = {
  id: 12,
  modelo: "Runner Kids 2026",
  cantidad_cajas_disponibles: 8,
  pares_por_caja: 12,
  precio: 480_000,
  tallas: "28-34",
  foto: null,
  foto_url: null,
  is_active: true,
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: "2026-11-01T10:00:00.000Z",
};

const saved = (patch: Partial<WholesaleProduct> = {}) => jsonResponse({ ...product, ...patch, message: "ok" });

describe("wholesale rules", () => {
  it("box badge: above 10 success, 1 to 10 warning, 0 error", () => {
    expect([11, 10, 1, 0].map(boxTone)).toEqual(["success", "warning", "warning", "error"]);
  });

  it("sells only active products with boxes", () => {
    expect(canSell(product)).toBe(true);
    expect(canSell({ ...product, cantidad_cajas_disponibles: 0 })).toBe(false);
    expect(canSell({ ...product, is_active: false })).toBe(false);
  });

  it("total = boxes × price", () => {
    expect(saleTotal(3, 480_000)).toBe(1_440_000);
    expect(saleTotal(Number.NaN, 480_000)).toBe(0);
  });

  it("an edit carries only the changed fields; an empty number keeps the old value", () => {
    const values = { ...valuesOf(product), cajas: "", precio: "500000" };
    expect(changedFields(product, values, true)).toEqual({ precio: 500_000 });
    expect(changedFields(product, { ...valuesOf(product), tallas: "" }, false)).toEqual({
      tallas: null,
      is_active: false,
    });
    expect(changedFields(product, valuesOf(product), true)).toEqual({});
  });
});

describe("EditProductModal", () => {
  it("sends JSON with only what changed", async () => {
    signInAdmin();
    const fetch = mockFetch(async () => saved({ precio: 500_000 }));
    const onSaved = vi.fn();
    render(<EditProductModal product={product} onClose={vi.fn()} onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText(/^Cajas disponibles/), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText(/^Precio por caja/), { target: { value: "500000" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith("Producto actualizado exitosamente"));
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/v1/mayoreo/productos/12/actualizar");
    expect(init?.method).toBe("PUT");
    expect(jsonBody(init)).toEqual({ precio: 500000 });
  });

  it("reports 'Error al actualizar producto' with the server's reason", async () => {
    signInAdmin();
    mockFetch(async () => jsonResponse({ detail: "Producto de mayoreo no encontrado" }, 404));
    render(<EditProductModal product={product} onClose={vi.fn()} onSaved={vi.fn()} />);
    fireEvent.change(screen.getByLabelText(/^Modelo/), { target: { value: "Runner Kids 2027" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Error al actualizar producto: Producto de mayoreo no encontrado",
    );
  });
});

describe("CreateProductModal", () => {
  it("validates with the spec's messages", () => {
    signInAdmin();
    const fetch = mockFetch(async () => saved());
    render(<CreateProductModal onClose={vi.fn()} onCreated={vi.fn()} />);
    fireEvent.change(screen.getByLabelText(/^Cajas disponibles/), { target: { value: "-1" } });
    fireEvent.change(screen.getByLabelText(/^Pares por caja/), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Crear producto" }));
    expect(Array.from(document.querySelectorAll("p.text-red-700")).map((p) => p.textContent)).toEqual([
      "El modelo es obligatorio",
      "La cantidad de cajas debe ser mayor o igual a 0",
      "Los pares por caja deben ser mayor a 0",
      "El precio debe ser mayor a 0",
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("SaleModal", () => {
  it("defaults the price to the product's, limits boxes to those available and totals boxes × price", async () => {
    signInAdmin();
    const fetch = mockFetch(async () =>
      jsonResponse(
        {
          id: 3,
          mayoreo_id: 12,
          mayoreo_producto: product.modelo,
          cantidad_cajas_vendidas: 3,
          precio_unitario_venta: 450_000,
          total_venta: 1_350_000,
          fecha_venta: "2026-11-21T20:00:00.000Z",
          notas: null,
        },
        201,
      ),
    );
    const onSold = vi.fn();
    render(<SaleModal product={product} onClose={vi.fn()} onSold={onSold} />);
    const boxes = screen.getByLabelText(/^Cajas a vender/) as HTMLInputElement;
    const price = screen.getByLabelText(/^Precio por caja/) as HTMLInputElement;
    expect([boxes.min, boxes.max, boxes.value]).toEqual(["1", "8", "1"]);
    expect(price.value).toBe("480000");
    expect(screen.getByTestId("sale-total").textContent).toMatch(/480\.000/);
    fireEvent.change(boxes, { target: { value: "3" } });
    fireEvent.change(price, { target: { value: "450000" } });
    expect(screen.getByTestId("sale-total").textContent).toMatch(/1\.350\.000/);
    fireEvent.click(screen.getByRole("button", { name: "Registrar venta" }));
    await waitFor(() => expect(onSold).toHaveBeenCalled());
    expect(jsonBody(fetch.mock.calls[0]?.[1])).toEqual({
      mayoreo_id: 12,
      cantidad_cajas_vendidas: 3,
      precio_unitario_venta: 450000,
      notas: null,
    });
    expect(onSold.mock.calls[0]?.[0]).toMatch(/3 cajas a \$\s?450\.000 = \$\s?1\.350\.000/);
  });

  it("does not send more boxes than available", () => {
    signInAdmin();
    const fetch = mockFetch(async () => jsonResponse({}));
    render(<SaleModal product={product} onClose={vi.fn()} onSold={vi.fn()} />);
    fireEvent.change(screen.getByLabelText(/^Cajas a vender/), { target: { value: "9" } });
    fireEvent.click(screen.getByRole("button", { name: "Registrar venta" }));
    expect(screen.getByText("La cantidad de cajas debe estar entre 1 y 8")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    // corrected: the error goes at once, before any new try
    fireEvent.change(screen.getByLabelText(/^Cajas a vender/), { target: { value: "8" } });
    expect(screen.queryByText("La cantidad de cajas debe estar entre 1 y 8")).toBeNull();
  });
});
