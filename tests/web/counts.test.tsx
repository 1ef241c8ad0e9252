import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { CountDetail, CountsList, CountVariances } from "../../web/src/api/counts";
import { CountScreen } from "../../web/src/features/company/counts/CountScreen";
import { CountsSection } from "../../web/src/features/company/counts/CountsSection";
import { signOutAtom } from "../../web/src/lib/session";
import { appStore } from "../../web/src/lib/store";
import { jsonResponse, mockFetch, render, signIn } from "./helpers";

afterEach(() => appStore.set(signOutAtom));

const q = (pairs: number, left = 0, right = 0, exhibition = 0) => ({ pairs, left, right, exhibition });

const count = {
  id: 4,
  number: "Conteo #4",
  location_id: 2,
  location_name: "Bodega Principal",
  status: "open",
  blind: false,
  filter_brand: null,
  notes: null,
  created_at: "2026-11-24T14:00:00.000Z",
  created_by_name: "Andrés Gómez",
  posted_at: null,
  posted_by_name: null,
  progress: { counted: 1, total: 4, percent: 25 },
} satisfies CountDetail["count"];

const line = {
  id: 9,
  product_id: 12,
  reference_code: "CONVERSE-01",
  product_name: "Converse Chuck 70 Low Negro",
  size: "41",
  counted: q(3),
  expected: q(2),
  counted_by_name: "Andrés Gómez",
  updated_at: "2026-11-24T14:05:00.000Z",
} satisfies CountDetail["lines"][number];

const detail = { count, expected_visible: true, lines: [line] } satisfies CountDetail;

const variances = {
  count,
  expected_visible: true,
  costs_visible: true,
  lines: [
    { ...line, difference: q(1), unit_cost: 200000, unit_price: 369900, value_at_cost: 200000, value_at_price: 369900 },
  ],
  totals: {
    lines: 1,
    counted: q(3),
    expected: q(2),
    difference: q(1),
    lines_with_difference: 1,
    value_at_cost: 200000,
    value_at_price: 369900,
    without_cost: 0,
  },
} satisfies CountVariances;

const blindDetail = {
  count: { ...count, blind: true },
  expected_visible: false,
  lines: [{ ...line, expected: null }],
} satisfies CountDetail;

const blindVariances = {
  count: { ...count, blind: true },
  expected_visible: false,
  // a keeper's answer: no costs
  costs_visible: false,
  lines: [
    {
      ...line,
      expected: null,
      difference: null,
      unit_cost: null,
      unit_price: 369900,
      value_at_cost: null,
      value_at_price: null,
    },
  ],
  totals: {
    lines: 1,
    counted: q(3),
    expected: null,
    difference: null,
    lines_with_difference: null,
    value_at_cost: null,
    value_at_price: null,
    without_cost: null,
  },
} satisfies CountVariances;

describe("Conteos", () => {
  it("lists the counts with their progress and opens a new one", async () => {
    signIn({ role: "administrador" });
    const list = {
      counts: [{ ...count, status: "posted" as const, id: 3, number: "Conteo #3" }],
      total: 1,
      offset: 0,
      limit: 50,
    } satisfies CountsList;
    const calls = mockFetch(async (url, init) => {
      if (url.endsWith("/api/v1/locations")) return jsonResponse([{ id: 2, name: "Bodega Principal", type: "bodega" }]);
      if (url.endsWith("/inventory/counts") && init?.method === "POST")
        return jsonResponse({ success: true, message: "Conteo abierto", ...detail }, 201);
      if (url.endsWith("/inventory/counts")) return jsonResponse(list);
      if (url.endsWith("/inventory/counts/4")) return jsonResponse(detail);
      return jsonResponse({ detail: "?" }, 404);
    });
    render(<CountsSection />);
    const row = await screen.findByTestId("count-row");
    expect(row.textContent).toContain("Conteo #3");
    expect(row.textContent).toContain("Aplicado");
    expect(row.textContent).toContain("1 de 4 tallas contadas");
    fireEvent.click(screen.getByRole("button", { name: "Nuevo conteo" }));
    const dialog = screen.getByRole("dialog", { name: "Nuevo conteo" });
    await within(dialog).findByRole("option", { name: "Bodega Principal" });
    fireEvent.change(within(dialog).getByLabelText(/^Ubicación/), { target: { value: "2" } });
    fireEvent.click(within(dialog).getByLabelText(/Conteo ciego/));
    fireEvent.click(within(dialog).getByRole("button", { name: "Abrir conteo" }));
    expect(await screen.findByText("Conteo #4 · Bodega Principal")).toBeTruthy();
    const post = calls.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ location_id: 2, blind: true, brand: null, notes: null });
    expect(new Headers(post?.[1]?.headers).get("Idempotency-Key")).toBeTruthy();
  });
});

describe("the count screen", () => {
  it("a scanned code and Enter saves the line (the barcode names the size) and shows it with progress", async () => {
    signIn({ role: "administrador" });
    let current: CountDetail = { ...detail, lines: [] };
    const calls = mockFetch(async (url, init) => {
      if (url.endsWith("/inventory/counts/4/lines") && init?.method === "PUT") {
        current = detail;
        return jsonResponse({ success: true, message: "Línea registrada", line, progress: count.progress });
      }
      if (url.endsWith("/inventory/counts/4")) return jsonResponse(current);
      return jsonResponse({ detail: "?" }, 404);
    });
    render(<CountScreen countId={4} canWrite onBack={() => undefined} />);
    expect(await screen.findByText("Todavía no hay líneas contadas")).toBeTruthy();
    const code = screen.getByLabelText(/^Referencia o código de barras/);
    fireEvent.change(code, { target: { value: "2000000012345" } });
    fireEvent.change(screen.getByLabelText("Pares"), { target: { value: "3" } });
    fireEvent.submit(code.closest("form") as HTMLFormElement);
    expect(await screen.findByText(/Línea registrada: CONVERSE-01 talla 41: 3 pares/)).toBeTruthy();
    const put = calls.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      code: "2000000012345",
      size: null,
      pairs: 3,
      left: 0,
      right: 0,
      exhibition: 0,
    });
    await waitFor(() => expect(screen.getAllByTestId("count-line")).toHaveLength(1));
    expect(screen.getByTestId("count-line").textContent).toContain("Esperado: 2 pares");
    expect(screen.getByTestId("count-progress").textContent).toContain("1 de 4 tallas contadas (25 %)");
    expect((screen.getByLabelText(/^Referencia o código de barras/) as HTMLInputElement).value).toBe("");
  });

  it("refuses a negative quantity before calling the server", async () => {
    signIn({ role: "administrador" });
    const calls = mockFetch(async () => jsonResponse(detail));
    render(<CountScreen countId={4} canWrite onBack={() => undefined} />);
    const code = await screen.findByLabelText(/^Referencia o código de barras/);
    fireEvent.change(code, { target: { value: "CONVERSE-01" } });
    fireEvent.change(screen.getByLabelText("Izq."), { target: { value: "-1" } });
    fireEvent.submit(code.closest("form") as HTMLFormElement);
    expect(await screen.findByText("No puede ser negativo")).toBeTruthy();
    expect(calls.mock.calls.every(([, init]) => init?.method !== "PUT")).toBe(true);
  });

  it("shows the variance report with values, and applies the count after confirming", async () => {
    signIn({ role: "administrador" });
    let posted = false;
    const calls = mockFetch(async (url, init) => {
      if (url.endsWith("/inventory/counts/4/post")) {
        posted = true;
        return jsonResponse({
          success: true,
          message: "Conteo aplicado",
          ...detail,
          count: { ...count, status: "posted" },
          adjustments: 1,
        });
      }
      if (url.endsWith("/inventory/counts/4/variances")) return jsonResponse(variances);
      if (url.endsWith("/inventory/counts/4"))
        return jsonResponse(posted ? { ...detail, count: { ...count, status: "posted" } } : detail);
      return jsonResponse({ detail: `? ${init?.method}` }, 404);
    });
    render(<CountScreen countId={4} canWrite onBack={() => undefined} />);
    fireEvent.click(await screen.findByRole("tab", { name: "Diferencias" }));
    const row = await screen.findByTestId("variance-row");
    expect(row.textContent).toContain("1 par");
    expect(row.textContent).toMatch(/369\.900/);
    // the same line as a phone's card
    const card = screen.getByTestId("variance-card");
    expect(card.textContent).toMatch(/Diferencia1 par/);
    expect(card.textContent).toMatch(/Al precio\$\s?369\.900/);
    expect(screen.getByTestId("total-difference").textContent).toBe("1 par");
    fireEvent.click(screen.getByRole("button", { name: "Aplicar conteo" }));
    const dialog = screen.getByRole("dialog", { name: "Aplicar conteo" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Aplicar conteo" }));
    expect(await screen.findByText(/Conteo aplicado/)).toBeTruthy();
    const post = calls.mock.calls.find(([url]) => String(url).endsWith("/post"));
    expect(new Headers(post?.[1]?.headers).get("Idempotency-Key")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Aplicar conteo" })).toBeNull());
  });

  it("a blind count hides the expected quantities from the keeper", async () => {
    signIn({ role: "bodeguero", location_id: 2 });
    mockFetch(async (url) => (url.endsWith("/variances") ? jsonResponse(blindVariances) : jsonResponse(blindDetail)));
    render(<CountScreen countId={4} canWrite onBack={() => undefined} />);
    const lineItem = await screen.findByTestId("count-line");
    expect(lineItem.textContent).not.toContain("Esperado");
    fireEvent.click(screen.getByRole("tab", { name: "Diferencias" }));
    expect(await screen.findByText(/Conteo ciego/)).toBeTruthy();
    expect(screen.queryByRole("columnheader", { name: "Esperado" })).toBeNull();
    expect(screen.queryByTestId("total-difference")).toBeNull();
  });
});
