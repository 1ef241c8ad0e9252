import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Invoice } from "../../web/src/api/superadmin-schemas";
import { bogotaToday } from "../../web/src/features/company/dates";
import { FeedbackProvider } from "../../web/src/features/superuser/feedback";
import { InvoiceCard } from "../../web/src/features/superuser/invoices/InvoiceCard";
import { InvoicesTab } from "../../web/src/features/superuser/invoices/InvoicesTab";
import { effectiveStatus, invoiceTotals } from "../../web/src/features/superuser/invoices/invoices";
import type { GoTab } from "../../web/src/features/superuser/tabs";
import { Toasts } from "../../web/src/lib/ui/Toasts";
import { jsonResponse, mockFetch, render, signIn as signInUser } from "./helpers";

const TODAY = "2026-05-20";

function invoice(id: number, patch: Partial<Invoice> = {}): Invoice {
  return {
    id,
    invoice_number: `INV-202605-0001-00${id}`,
    company_id: 1,
    company_name: "Calzado Norte",
    billing_period_start: "2026-05-01",
    billing_period_end: "2026-05-31",
    locations_count: 2,
    price_per_location: 120000,
    total_amount: 240000,
    lines: [
      {
        plan: "basic",
        plan_name: "Básico",
        start: "2026-05-01",
        end: "2026-05-31",
        days: 31,
        period_days: 31,
        locations_count: 2,
        price_per_location: 120000,
        amount: 240000,
        description: "Plan Básico, 1–31 may (31 días): 2 ubicaciones × $ 120.000 al mes",
      },
    ],
    due_date: "2026-06-04",
    status: "pending",
    paid_at: null,
    payment_method: null,
    payment_reference: null,
    created_at: "2026-05-20 15:00:00",
    ...patch,
    stored_status: patch.stored_status ?? patch.status ?? "pending",
  };
}

describe("effective invoice status", () => {
  it("a pending invoice past its due date counts as overdue", () => {
    expect(effectiveStatus({ status: "pending", due_date: "2026-05-21" }, TODAY)).toBe("pending");
    expect(effectiveStatus({ status: "pending", due_date: "2026-05-20" }, TODAY)).toBe("pending");
    expect(effectiveStatus({ status: "pending", due_date: "2026-05-19" }, TODAY)).toBe("overdue");
    expect(effectiveStatus({ status: "overdue", due_date: "2026-06-19" }, TODAY)).toBe("overdue");
    expect(effectiveStatus({ status: "paid", due_date: "2026-01-01" }, TODAY)).toBe("paid");
  });

  it("today is Bogotá's date, not UTC's", () => {
    // 02:00 UTC on the 21st is still the 20th in Bogotá (UTC−5).
    expect(bogotaToday(new Date("2026-05-21T02:00:00Z"))).toBe("2026-05-20");
  });

  it("sums pending, collected and overdue by effective status", () => {
    const totals = invoiceTotals(
      [
        invoice(1, { total_amount: 100000.1 }),
        invoice(2, { total_amount: 200000.2, due_date: "2026-05-01" }),
        invoice(3, { total_amount: 50000, status: "paid" }),
        invoice(4, { total_amount: 0.2 }),
      ],
      TODAY,
    );
    expect(totals).toEqual({
      pending: { amount: 100000.3, count: 2 },
      overdue: { amount: 200000.2, count: 1 },
      paid: { amount: 50000, count: 1 },
    });
  });

  it.each([
    ["pending, due ahead", invoice(1), "Pendiente", true],
    ["pending, past due", invoice(2, { due_date: "2026-05-01" }), "Vencida", true],
    ["stored overdue", invoice(3, { status: "overdue" }), "Vencida", true],
    [
      "paid",
      invoice(4, {
        status: "paid",
        paid_at: "2026-05-10T15:30:00.000Z",
        payment_method: "transferencia",
        payment_reference: "TRX-88",
      }),
      "Pagada",
      false,
    ],
  ] as const)("%s: badge and 'Marcar Pagada' only when not paid", (_label, inv, badge, payable) => {
    render(<InvoiceCard invoice={inv} today={TODAY} disabled={false} onMarkPaid={vi.fn()} onViewCompany={vi.fn()} />);
    expect(screen.getByTestId("invoice-status").textContent).toBe(badge);
    expect(screen.queryByRole("button", { name: "Marcar Pagada" }) !== null).toBe(payable);
    const text = screen.getByTestId("invoice-card").textContent ?? "";
    expect(text).toContain(inv.invoice_number);
    expect(text).toContain("Calzado Norte");
    expect(text).toMatch(/Mayo de 2026/);
    expect(text).toMatch(/\$\s?240\.000/);
    if (!payable) {
      expect(text).toContain("Transferencia bancaria");
      expect(text).toContain("TRX-88");
      expect(text).toMatch(/10\/05\/2026.*10:30/);
    }
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

function renderTab(invoices: Invoice[], company?: number) {
  signIn();
  const calls: { method: string; url: string; body: unknown }[] = [];
  mockFetch(async (url, init) => {
    calls.push({ method: init?.method ?? "GET", url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (init?.method === "POST") return jsonResponse({ message: "Factura marcada como pagada", invoice: invoices[0] });
    if (url.startsWith("/api/v1/superadmin/companies?")) return jsonResponse({ companies: [], total: 0 });
    if (url.includes("/invoices")) return jsonResponse({ invoices, total: invoices.length });
    return jsonResponse({ detail: "no esperado" }, 500);
  });
  const go = vi.fn<GoTab>();
  render(
    <FeedbackProvider render={({ toasts, dismiss }) => <Toasts items={toasts} onDismiss={dismiss} />}>
      <InvoicesTab go={go} company={company} />
    </FeedbackProvider>,
  );
  return { calls, go };
}

describe("an invoice's lines", () => {
  it("say how the period was priced: a plan change mid-month is two lines that add up to the total", () => {
    const prorated = invoice(7, {
      total_amount: 366000,
      lines: [
        {
          plan: "professional",
          plan_name: "Profesional",
          start: "2026-11-01",
          end: "2026-11-14",
          days: 14,
          period_days: 30,
          locations_count: 3,
          price_per_location: 90000,
          amount: 126000,
          description: "Plan Profesional, 1–14 nov (14 de 30 días): 3 ubicaciones × $ 90.000 al mes × 14/30",
        },
        {
          plan: "enterprise",
          plan_name: "Empresarial",
          start: "2026-11-15",
          end: "2026-11-30",
          days: 16,
          period_days: 30,
          locations_count: 3,
          price_per_location: 150000,
          amount: 240000,
          description: "Plan Empresarial, 15–30 nov (16 de 30 días): 3 ubicaciones × $ 150.000 al mes × 16/30",
        },
      ],
    });
    render(
      <InvoiceCard invoice={prorated} today={TODAY} disabled={false} onMarkPaid={vi.fn()} onViewCompany={vi.fn()} />,
    );
    const lines = screen.getAllByTestId("invoice-line").map((li) => li.textContent);
    expect(lines).toEqual([
      expect.stringMatching(/^Plan Profesional, 1–14 nov \(14 de 30 días\).*× 14\/30\$\s?126\.000$/),
      expect.stringMatching(/^Plan Empresarial, 15–30 nov \(16 de 30 días\).*× 16\/30\$\s?240\.000$/),
    ]);
  });
});

describe("InvoicesTab", () => {
  it("says 'No hay facturas para mostrar' when the list is empty", async () => {
    renderTab([]);
    expect(await screen.findByText("No hay facturas para mostrar")).toBeTruthy();
  });

  it("filters by status on the server and keeps the summary over all invoices", async () => {
    // Due far ahead: the tab compares with the real today.
    const { calls } = renderTab([
      invoice(1, { due_date: "2099-12-31" }),
      invoice(2, { status: "paid", total_amount: 90000 }),
    ]);
    await screen.findAllByTestId("invoice-card");
    expect(screen.getByTestId("summary-pending").textContent).toMatch(/240\.000/);
    expect(screen.getByTestId("summary-paid").textContent).toMatch(/90\.000/);
    expect(screen.getByTestId("summary-overdue").textContent).toMatch(/\$\s?0/);
    fireEvent.change(screen.getByLabelText("Estado"), { target: { value: "overdue" } });
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain("/api/v1/superadmin/invoices?status=overdue&skip=0&limit=500"),
    );
  });

  it("per-company list uses the company's invoices call", async () => {
    const { calls } = renderTab([invoice(1)], 1);
    await screen.findAllByTestId("invoice-card");
    expect(calls.map((c) => c.url)).toContain("/api/v1/superadmin/invoices/company/1?skip=0&limit=500");
    expect(screen.getByRole("button", { name: "Generar Factura" })).toBeTruthy();
  });

  it("'Marcar Pagada' asks the method (required) then an optional reference", async () => {
    const { calls } = renderTab([invoice(1)]);
    const card = within(await screen.findByTestId("invoice-card"));
    fireEvent.click(card.getByRole("button", { name: "Marcar Pagada" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Marcar Pagada" }));
    const confirm = dialog.getByRole("button", { name: "Marcar Pagada" }) as HTMLButtonElement;
    const reference = dialog.getByLabelText("Referencia (opcional)") as HTMLInputElement;
    expect(confirm.disabled).toBe(true);
    expect(reference.disabled).toBe(true);
    const method = dialog.getByLabelText("Método de pago *") as HTMLSelectElement;
    expect(Array.from(method.options).map((o) => [o.value, o.textContent])).toEqual([
      ["", "Selecciona el método"],
      ["transferencia", "Transferencia bancaria"],
      ["consignacion", "Consignación"],
      ["pse", "PSE"],
      ["tarjeta", "Tarjeta"],
      ["efectivo", "Efectivo"],
    ]);
    fireEvent.change(method, { target: { value: "pse" } });
    expect(confirm.disabled).toBe(false);
    expect(reference.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(await screen.findByText("Factura marcada como pagada")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST");
    expect(post?.url).toBe("/api/v1/superadmin/invoices/1/mark-paid");
    expect(post?.body).toMatchObject({ payment_method: "pse", payment_reference: null });
    expect(post?.body).toHaveProperty("paid_at", expect.any(String));
  });

  it("'Ver Empresa' jumps to the companies tab with that company", async () => {
    const { go } = renderTab([invoice(1, { company_id: 12 })]);
    fireEvent.click(within(await screen.findByTestId("invoice-card")).getByRole("button", { name: "Ver Empresa" }));
    expect(go).toHaveBeenCalledWith("companies", { company: 12 });
  });
});
