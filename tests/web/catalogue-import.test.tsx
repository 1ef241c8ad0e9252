import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ImportPlan, ImportResult } from "../../web/src/api/catalogue";
import { readCsvFile } from "../../web/src/api/catalogue";
import { CatalogueCsvActions } from "../../web/src/features/company/products/CatalogueCsv";
import { signOutAtom } from "../../web/src/lib/session";
import { appStore } from "../../web/src/lib/store";
import { jsonResponse, mockFetch, render, signIn } from "./helpers";

// Productos → Importar CSV (features/company/products/CatalogueCsv.tsx): a dry run with its errors and
// changes per row, then 'Aplicar importación' only when the file has none.

afterEach(() => {
  appStore.set(signOutAtom);
  vi.unstubAllGlobals();
});

const summary = {
  rows: 3,
  products_created: 1,
  products_updated: 1,
  products_unchanged: 0,
  sizes_created: 1,
  sizes_updated: 0,
  errors: 1,
};

const withError = {
  summary,
  can_apply: false,
  rows: [
    {
      row: 2,
      reference_code: "NK-1",
      size: "40",
      action: "update",
      changes: [{ field: "unit_price", from: 300000, to: 310000 }],
      errors: [],
    },
    {
      row: 3,
      reference_code: "NEW-1",
      size: "38",
      action: "create",
      changes: [{ field: "model", from: null, to: "Suede" }],
      errors: [],
    },
    {
      row: 4,
      reference_code: "BAD-1",
      size: "38",
      action: "error",
      changes: [],
      errors: ["Fila 4, precio: debe ser un número entero de pesos, sin centavos (por ejemplo 129900 o 129.900)"],
    },
  ],
  errors: [
    {
      row: 4,
      column: "precio",
      message: "Fila 4, precio: debe ser un número entero de pesos, sin centavos (por ejemplo 129900 o 129.900)",
    },
  ],
} satisfies ImportPlan;

const fixed = {
  summary: { ...summary, errors: 0 },
  can_apply: true,
  rows: withError.rows.slice(0, 2),
  errors: [],
} satisfies ImportPlan;

const result = {
  success: true,
  message: "Importación aplicada",
  summary: { ...summary, errors: 0, products_unchanged: 0 },
} satisfies ImportResult;

const csvFile = (text: string) => new File([text], "catalogo.csv", { type: "text/csv" });

describe("Importar CSV", () => {
  it("shows the errors per row with apply off, then the fixed file's changes, applies once with a key", async () => {
    signIn({ role: "administrador" });
    let plan: ImportPlan = withError;
    const calls = mockFetch(async (url) => {
      if (url.includes("/import/dry-run")) return jsonResponse(plan);
      if (url.includes("/import/apply")) return jsonResponse(result);
      return jsonResponse({ detail: "?" }, 404);
    });
    render(<CatalogueCsvActions />);
    fireEvent.click(screen.getByRole("button", { name: "Importar CSV" }));
    const input = screen.getByLabelText("Archivo CSV");
    fireEvent.change(input, { target: { files: [csvFile("referencia;marca\nBAD-1;X")] } });
    await screen.findByText(/El archivo tiene 1 error en 1 fila/);
    expect(screen.getByText(/^Fila 4, precio: debe ser un número entero de pesos/)).toBeTruthy();
    const applyButton = screen.getByRole("button", { name: "Aplicar importación" }) as HTMLButtonElement;
    expect(applyButton.disabled).toBe(true);
    // the rows to fix first, then the changes
    const rows = screen.getAllByTestId("import-row").map((r) => r.textContent);
    expect(rows[0]).toMatch(/^Fila 4 · BAD-1 · talla 38Error/);
    expect(rows[1]).toMatch(/Fila 2 · NK-1 · talla 40.*Cambia.*Precio.*300\.000.*310\.000/);
    expect(rows[2]).toMatch(/Fila 3 · NEW-1 · talla 38.*Nuevo.*Modelo.*Suede/);

    plan = fixed;
    fireEvent.change(input, { target: { files: [csvFile("referencia;marca\nNEW-1;X")] } });
    await screen.findByText("Sin errores: revisa los cambios y aplica la importación.");
    await waitFor(() => expect(applyButton.disabled).toBe(false));
    fireEvent.click(applyButton);
    await screen.findByText(/^Importación aplicada: 1 producto nuevo · 1 producto actualizado/);
    const applies = calls.mock.calls.filter(([url]) => String(url).includes("/import/apply"));
    expect(applies).toHaveLength(1);
    const init = applies[0]?.[1];
    expect(new Headers(init?.headers).get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(init?.body))).toEqual({ csv: "referencia;marca\nNEW-1;X" });
  });

  it("refuses a file over 1 MB before sending it", async () => {
    signIn({ role: "administrador" });
    const calls = mockFetch(async () => jsonResponse({}));
    render(<CatalogueCsvActions />);
    fireEvent.click(screen.getByRole("button", { name: "Importar CSV" }));
    fireEvent.change(screen.getByLabelText("Archivo CSV"), { target: { files: [csvFile("x".repeat(1_000_001))] } });
    await screen.findByText("El archivo supera 1 MB; divídelo en varios archivos.");
    expect(calls).not.toHaveBeenCalled();
  });

  it("reads a UTF-8 file (BOM dropped) or, when it is not UTF-8, Windows-1252 as Excel writes it", async () => {
    expect(await readCsvFile(new Blob([new Uint8Array([0xef, 0xbb, 0xbf, 0x63, 0x61, 0x74, 0xc3, 0xad])]))).toBe(
      "catí",
    );
    expect(await readCsvFile(new Blob([new Uint8Array([0x63, 0x61, 0x74, 0xed])]))).toBe("catí");
  });
});
