import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ReportsSection } from "../../web/src/features/admin/reports/ReportsSection";
import { tablesCsv, vatReportTables } from "../../web/src/features/admin/reports/reportTables";
import { signOutAtom } from "../../web/src/lib/session";
import { appStore } from "../../web/src/lib/store";
import { signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render } from "./helpers";
import { VAT_REPORT } from "./tax-fixtures";

afterEach(() => appStore.set(signOutAtom));

// Reportes → "Generar reporte de IVA": the bookkeeper's IVA per store and rate over the period chosen.
const report = VAT_REPORT;

describe("Reportes: the IVA report", () => {
  it("asks the period's IVA and shows it per store and rate with its total", async () => {
    signInAdmin();
    const calls = mockFetch(async (url) => {
      const path = String(url);
      if (path.includes("/reports/iva")) return jsonResponse(report);
      if (path.includes("/inventory-alerts")) return jsonResponse({ alerts: [] });
      if (path.includes("/newsletter")) return jsonResponse({ subscribers: [], total: 0, offset: 0, limit: 200 });
      return jsonResponse({ locations: [] });
    });
    render(<ReportsSection />);
    fireEvent.click(await screen.findByRole("button", { name: "Generar reporte de IVA" }));
    const table = await screen.findByRole("table", { name: "IVA por local y tarifa" });
    const asked = calls.mock.calls.map(([u]) => String(u)).find((u) => u.includes("/reports/iva")) ?? "";
    expect(asked).toMatch(/start_date=\d{4}-\d{2}-\d{2}&end_date=\d{4}-\d{2}-\d{2}/);
    const rows = within(table)
      .getAllByRole("row")
      .map((r) => r.textContent ?? "");
    expect(rows.some((r) => r.includes("IVA 19 %") && r.includes("59.060") && r.includes("40.060"))).toBe(true);
    expect(rows.some((r) => r.includes("Excluido"))).toBe(true);
    expect(rows.at(-1)).toMatch(/^Total/);
  });

  it("keeps the centavos in the CSV, as the lines stored them", () => {
    const csv = tablesCsv(vatReportTables(report));
    expect(csv).toContain("Base ventas");
    expect(csv).toContain("310840.34");
    expect(csv).toContain("40059.66");
  });
});
