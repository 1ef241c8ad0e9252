import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LabelSheet } from "../../web/src/api/catalogue";
import { LabelSheetPage } from "../../web/src/features/labels/LabelSheetPage";
import { decodeSheet, encodeSheet, sheetUrl, symbologyOf } from "../../web/src/lib/labels/sheet";
import { BarcodeScanButton } from "../../web/src/lib/ui/BarcodeScanButton";
import { jsonResponse, mockFetch, render, signIn } from "./helpers";

// The camera's reader (barcode-detector's WASM) is not in happy-dom: what it reads is given here.
const read = vi.hoisted(() => ({ next: null as { code: string; format: string } | null }));
vi.mock("../../web/src/lib/barcode/reader", () => ({
  readBarcode: vi.fn(async () => read.next),
  barcodeReader: vi.fn(),
  BOX_FORMATS: [],
}));

afterEach(() => {
  vi.unstubAllGlobals();
  read.next = null;
});

describe("label sheet URL", () => {
  it("carries product, size and copies; sizes with commas or tildes survive; junk is left out", () => {
    const items = [
      { product_id: 7, size: "40", copies: 3 },
      { product_id: 8, size: "38/39~x", copies: 1 },
    ];
    expect(decodeSheet(encodeSheet(items))).toEqual(items);
    expect(decodeSheet("7~40~0,x~40~1,9~~1,10~41~999,11~42~2,%E0~1~1")).toEqual([
      { product_id: 11, size: "42", copies: 2 },
    ]);
    expect(decodeSheet(undefined)).toEqual([]);
    expect(sheetUrl(items, "Etiquetas")).toMatch(/^\/etiquetas\?items=.+&title=Etiquetas$/);
  });

  it("draws a 13-digit code as EAN-13 and anything else as Code 128", () => {
    expect(symbologyOf("2900000000018")).toBe("EAN13");
    expect(symbologyOf("AD-45")).toBe("CODE128");
  });
});

describe("LabelSheetPage", () => {
  it("asks the API once for the sheet and prints each label as many times as its copies", async () => {
    signIn({ role: "administrador" });
    const sheet = {
      assigned: 1,
      labels: [
        {
          product_id: 7,
          reference_code: "VANSAUTH-01",
          brand: "Vans",
          model: "Authentic",
          color: "Negro",
          unit_price: 289_900,
          size: "40",
          barcode: "2900000000018",
          copies: 2,
        },
      ],
    } satisfies LabelSheet;
    const calls: { url: string; body: unknown; key: string | null }[] = [];
    mockFetch(async (url, init) => {
      calls.push({
        url,
        body: JSON.parse(String(init?.body)),
        key: new Headers(init?.headers).get("Idempotency-Key"),
      });
      return jsonResponse(sheet);
    });
    render(<LabelSheetPage items={[{ product_id: 7, size: "40", copies: 2 }]} title="Etiquetas VANSAUTH-01" />);
    await waitFor(() => expect(screen.getAllByTestId("box-label")).toHaveLength(2));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toContain("/api/v1/products/labels");
    expect(calls[0]?.body).toEqual({ items: [{ product_id: 7, size: "40", copies: 2 }] });
    expect(calls[0]?.key).toBeTruthy();
    expect(screen.getByTestId("labels-summary").textContent).toBe("2 etiquetas · 1 talla · 1 código interno nuevo");
    const label = screen.getAllByTestId("box-label")[0];
    expect(label?.textContent).toContain("Talla 40");
    expect(label?.textContent).toContain("289.900");
    expect(label?.querySelector("svg")?.getAttribute("data-code")).toBe("2900000000018");
  });

  it("says there is nothing to print without sizes, and asks nothing", () => {
    signIn({ role: "administrador" });
    const fetch = mockFetch(async () => jsonResponse({}));
    render(<LabelSheetPage items={[]} title={undefined} />);
    expect(screen.getByText("No hay tallas para imprimir")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("BarcodeScanButton", () => {
  it("without a live camera, a photo of the label gives its code; a photo without one says so", async () => {
    vi.stubGlobal("navigator", { ...navigator, mediaDevices: undefined });
    const onRead = vi.fn();
    const { container } = render(<BarcodeScanButton onRead={onRead} />);
    const input = container.querySelector<HTMLInputElement>('[data-testid="barcode-file-input"]');
    if (!input) throw new Error("no file input");
    const photo = new File([new Uint8Array([1])], "etiqueta.jpg", { type: "image/jpeg" });

    fireEvent.change(input, { target: { files: [photo] } });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("No se encontró un código"));
    expect(onRead).not.toHaveBeenCalled();

    read.next = { code: "2900000000018", format: "ean_13" };
    fireEvent.change(input, { target: { files: [photo] } });
    await waitFor(() => expect(onRead).toHaveBeenCalledWith("2900000000018"));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
