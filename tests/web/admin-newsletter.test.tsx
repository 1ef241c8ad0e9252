import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NewsletterSubscribers } from "../../web/src/features/admin/reports/NewsletterSubscribers";
import { ReportTablesView } from "../../web/src/features/admin/reports/ReportTablesView";
import { salesReportTables } from "../../web/src/features/admin/reports/reportTables";
import { formatCOP } from "../../web/src/lib/format";
import { render } from "./helpers";

describe("NewsletterSubscribers", () => {
  it("lists each e-mail with its date and says how many there are", () => {
    render(
      <NewsletterSubscribers
        data={{
          subscribers: [
            { id: 2, email: "segundo@correo.co", subscribed_at: "2026-11-21T15:30:00.000Z" },
            { id: 1, email: "primero@correo.co", subscribed_at: "2026-11-20T13:00:00.000Z" },
          ],
          total: 1200,
          offset: 0,
          limit: 200,
        }}
      />,
    );
    const items = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(items[0]).toContain("segundo@correo.co");
    expect(items[1]).toContain("primero@correo.co");
    expect(screen.getByTestId("list-count").textContent).toBe("Mostrando 2 de 1.200 suscriptores");
    expect(screen.getByRole("button", { name: "Ver más" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Descargar CSV" })).toBeTruthy();
  });

  it("says when nobody has subscribed yet", () => {
    render(<NewsletterSubscribers data={{ subscribers: [], total: 0, offset: 0, limit: 200 }} />);
    expect(screen.getByText("Todavía nadie se ha suscrito desde la tienda")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Descargar CSV" })).toBeNull();
  });
});

describe("Reportes: the sales report's summary", () => {
  it("shows gross sales, returns and net in pesos, with Spanish labels", () => {
    const figures = {
      report_period: { start_date: "2026-11-01", end_date: "2026-11-21" },
      total_sales: 2_719_400,
      total_transactions: 5,
      gross_sales: 3_089_300,
      returns_count: 1,
      returns_amount: 369_900,
      average_ticket: 543_880,
      sales_by_location: [],
      top_sellers: [],
      top_products: [],
      payment_methods_breakdown: [],
    };
    // the admin route answers the report and, beside it, the same figures at the top level
    const report = { success: true as const, report: figures, ...figures };
    render(<ReportTablesView tables={salesReportTables(report)} />);
    const summary = screen.getByRole("table", { name: "Resumen" });
    const headers = within(summary)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual([
      "Desde",
      "Hasta",
      "Ventas brutas",
      "Devoluciones",
      "Valor devuelto",
      "Ventas netas",
      "Transacciones",
      "Ticket promedio",
    ]);
    const cells = within(summary)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    // each cell ends with its value (phones show the column's name before it)
    expect(cells[2]?.endsWith(formatCOP(3_089_300))).toBe(true);
    expect(cells[3]?.endsWith("1")).toBe(true);
    expect(cells[4]?.endsWith(formatCOP(369_900))).toBe(true);
    expect(cells[5]?.endsWith(formatCOP(2_719_400))).toBe(true);
  });
});
