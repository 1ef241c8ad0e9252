// The new-sale form's test fixtures: the server's answers and the steps a seller takes on the form.
import { fireEvent, screen } from "@testing-library/react";
import { vi } from "vitest";
import type { DiscountRequest, SaleCreated } from "../../web/src/api/seller-schemas";
import type { TillState } from "../../web/src/api/till";
import { NewSaleView } from "../../web/src/features/seller/NewSaleView";
import { flashAtom } from "../../web/src/features/seller/state";
import { appStore } from "../../web/src/lib/store";
import { jsonResponse, mockFetch, render, signInSeller as signIn } from "./helpers";
import { RECEIPT_TOKEN, saleReceipt } from "./receipt-fixtures";
import { lineTaxFields, taxesOf } from "./tax-fixtures";

export type Call = { url: string; init: RequestInit | undefined };

export const approved = {
  id: 2,
  amount: 15000,
  discount_amount: 15000,
  reason: "Caja con detalle de fábrica",
  status: "approved",
  admin_notes: "Aprobado",
  reviewed_at: "2026-11-21T20:20:00.000Z",
  used_in_sale_id: null,
  location_name: "Local Centro",
  created_at: "2026-11-21T20:10:00.000Z",
  requested_at: "2026-11-21T20:10:00.000Z",
} satisfies DiscountRequest;
export const discounts = {
  requests: [
    approved,
    { ...approved, id: 3, reason: "Ya usado", used_in_sale_id: 9 },
    { ...approved, id: 4, reason: "Esperando", status: "pending" },
  ],
} satisfies { requests: DiscountRequest[] };

export const created = {
  success: true,
  message: "Venta registrada exitosamente",
  sale_id: 41,
  sale_details: {
    total_amount: 369900,
    subtotal_amount: 369900,
    discount_amount: 0,
    items_count: 1,
    items: [
      {
        id: 1,
        sale_id: 41,
        sneaker_reference_code: "CONVERSE-01",
        brand: "Converse",
        model: "Chuck 70 Low",
        color: null,
        size: "40",
        quantity: 1,
        returned_quantity: 0,
        unit_price: 369900,
        subtotal: 369900,
        ...lineTaxFields(369900),
      },
    ],
    taxes: taxesOf(369900),
    payment_methods: [
      {
        id: 1,
        sale_id: 41,
        payment_type: "efectivo",
        amount: 369900,
        reference: null,
        cash_received: null,
        change: null,
        created_at: "2026-11-21T20:29:59.791Z",
      },
    ],
    notes: null,
    transfer_id: null,
    receipt_token: RECEIPT_TOKEN,
    fiscal_number: null,
  },
  customer: null,
  status_info: { status: "completed", requires_confirmation: false, confirmed: false },
  total_amount: 369900,
  status: "completed",
  sale_timestamp: "2026-11-21T20:29:59.791Z",
  receipt_info: { has_receipt: false, stored_in: null, url: null },
  seller_info: { seller_id: 5, seller_name: "Valentina Rojas", location_id: 1, location_name: "Local Centro" },
} satisfies SaleCreated;

/**
 * Renders the form with /discounts/my-requests, the till and the sale's receipt answered, and the rest
 * (/sales/create…) answered by `sell` and listed in `calls`.
 */
export function renderForm(
  sell: (call: Call) => Response | Promise<Response> = () => jsonResponse(created, 201),
  till: TillState = { session: null, open_required: false },
) {
  signIn();
  appStore.set(flashAtom, null);
  const calls: Call[] = [];
  mockFetch(async (url, init) => {
    if (url === "/api/v1/discounts/my-requests") return jsonResponse(discounts);
    if (url.startsWith("/api/v1/cash-sessions/current")) return jsonResponse(till);
    if (url === `/api/v1/public/receipts/${RECEIPT_TOKEN}`) return jsonResponse({ receipt: saleReceipt });
    calls.push({ url, init });
    return sell({ url, init });
  });
  const go = vi.fn();
  render(<NewSaleView go={go} />);
  return { go, calls };
}

export const change = (label: RegExp | string, value: string, index = 0) => {
  const field = screen.getAllByLabelText(label)[index];
  if (!field) throw new Error(`sin campo ${String(label)}`);
  fireEvent.change(field, { target: { value } });
};

export function fillLine(price = "369900") {
  change(/^Código de referencia/, "CONVERSE-01");
  change(/^Marca/, "Converse");
  change(/^Modelo/, "Chuck 70 Low");
  change(/^Talla/, "40");
  change(/^Precio unitario/, price);
}

export const reviewButton = () => screen.getByRole("button", { name: "Revisar Venta" }) as HTMLButtonElement;
export const blocker = () => screen.queryByTestId("review-blocker")?.textContent ?? null;
