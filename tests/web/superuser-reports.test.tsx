import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { FinancialReport } from "../../web/src/api/superadmin-schemas";
import { bogotaToday } from "../../web/src/features/company/dates";
import { FeedbackProvider } from "../../web/src/features/superuser/feedback";
import { firstOfMonth } from "../../web/src/features/superuser/labels";
import { ReportsTab } from "../../web/src/features/superuser/reports/ReportsTab";
import { buildReportCsv, reportFileName } from "../../web/src/features/superuser/reports/reportCsv";
import { jsonResponse, mockFetch, render, signIn as signInUser } from "./helpers";

const REPORT: FinancialReport = {
  period: { start_date: "2026-04-01", end_date: "2026-05-31" },
  totals: { invoiced: 600000, collected: 240000.4, pending: 120000, overdue: 240000, invoices_count: 3 },
  by_company: [
    {
      company_id: 1,
      company_name: 'Calzado "Norte"; S.A.S.',
      invoices: 2,
      invoiced: 480000,
      collected: 240000.4,
      pending: 0,
      overdue: 240000,
    },
    {
      company_id: 2,
      company_name: "Tenis Sur",
      invoices: 1,
      invoiced: 120000,
      collected: 0,
      pending: 120000,
      overdue: 0,
    },
  ],
  by_month: [
    { month: "2026-04", invoiced: 240000, collected: 240000.4, pending: 0, overdue: 0 },
    { month: "2026-05", invoiced: 360000, collected: 0, pending: 120000, overdue: 240000 },
  ],
  mrr_at_end: 1500000,
};

describe("report CSV", () => {
  it("has the three tables with whole pesos, ';' separators and quoted text where needed", () => {
    const lines = buildReportCsv(REPORT).split("\r\n");
    expect(lines).toEqual([
      "Reporte financiero",
      "Desde;2026-04-01",
      "Hasta;2026-05-31",
      "",
      "Totales",
      "Facturado;Cobrado;Pendiente;Vencido;Facturas;MRR al cierre",
      "600000;240000;120000;240000;3;1500000",
      "",
      "Por mes",
      "Mes;Facturado;Cobrado;Pendiente;Vencido",
      "2026-04;240000;240000;0;0",
      "2026-05;360000;0;120000;240000",
      "",
      "Por empresa",
      "ID;Empresa;Facturas;Facturado;Cobrado;Pendiente;Vencido",
      '1;"Calzado ""Norte""; S.A.S.";2;480000;240000;0;240000',
      "2;Tenis Sur;1;120000;0;120000;0",
    ]);
    expect(reportFileName(REPORT)).toBe("reporte-financiero_2026-04-01_2026-05-31.csv");
  });

  it("keeps the headers when the period has no invoices", () => {
    const csv = buildReportCsv({ ...REPORT, by_company: [], by_month: [] });
    expect(csv).toContain("Mes;Facturado;Cobrado;Pendiente;Vencido\r\n\r\nPor empresa");
    expect(csv.endsWith("ID;Empresa;Facturas;Facturado;Cobrado;Pendiente;Vencido")).toBe(true);
  });
});

function signIn() {
  signInUser({
    id: 1,
    name: "Sara Plataforma",
    email: "super@horma.co",
    role: "superuser",
    token: "tok-super",
    token_type: "bearer",
    location_id: null,
    company_name: null,
    location_name: null,
  });
}

function renderTab(answer: () => Response) {
  signIn();
  const urls: string[] = [];
  mockFetch(async (url) => {
    urls.push(url);
    return answer();
  });
  render(
    <FeedbackProvider render={() => null}>
      <ReportsTab />
    </FeedbackProvider>,
  );
  return urls;
}

describe("ReportsTab", () => {
  it("defaults to the first of the month → today and renders tables, not JSON", async () => {
    const urls = renderTab(() => jsonResponse({ report: REPORT }));
    const today = bogotaToday();
    expect((screen.getByLabelText("Desde") as HTMLInputElement).value).toBe(firstOfMonth(today));
    expect((screen.getByLabelText("Hasta") as HTMLInputElement).value).toBe(today);
    expect(urls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Generar Reporte" }));
    const result = await screen.findByTestId("report-result");
    expect(urls).toEqual([`/api/v1/superadmin/reports/financial?start_date=${firstOfMonth(today)}&end_date=${today}`]);
    expect(result.textContent).not.toContain("{");
    expect(result.textContent).toMatch(/600\.000/);
    const byMonth = screen.getByRole("table", { name: "Por mes" });
    expect(within(byMonth).getAllByRole("row")).toHaveLength(3);
    expect(byMonth.textContent).toMatch(/Abril de 2026/);
    const byCompany = screen.getByRole("table", { name: "Por empresa" });
    expect(byCompany.textContent).toContain("Tenis Sur");
    expect(screen.getByRole("button", { name: "Descargar CSV" })).toBeTruthy();
    expect(screen.getByTestId("report-chart")).toBeTruthy();
  });

  it("refuses a start after the end without calling, and shows a failed call as 'Error: ...'", async () => {
    const urls = renderTab(() => jsonResponse({ detail: "start_date debe ser una fecha AAAA-MM-DD" }, 422));
    fireEvent.change(screen.getByLabelText("Desde"), { target: { value: "2026-06-10" } });
    fireEvent.change(screen.getByLabelText("Hasta"), { target: { value: "2026-06-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Generar Reporte" }));
    expect(await screen.findByText("La fecha inicial no puede ser posterior a la final")).toBeTruthy();
    expect(urls).toEqual([]);
    fireEvent.change(screen.getByLabelText("Hasta"), { target: { value: "2026-06-30" } });
    fireEvent.click(screen.getByRole("button", { name: "Generar Reporte" }));
    expect(await screen.findByText("Error: start_date debe ser una fecha AAAA-MM-DD")).toBeTruthy();
  });
});
