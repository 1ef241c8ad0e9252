import type { Receipt } from "../../web/src/api/receipts";
import { taxesOf } from "./tax-fixtures";

export const RECEIPT_TOKEN = "0123456789abcdef0123456789abcdef";

/** Sale #41 of Local Centro (a DIAN number, a customer, cash with change), as /public/receipts answers it. */
export const saleReceipt = {
  kind: "sale",
  number: 41,
  fiscal: {
    number: "FA1000",
    resolution: "Resolución DIAN 18764000001234 del 2026-01-15, FA 1000 a 1999",
  } as Receipt["fiscal"],
  electronic: {
    kind: "pos",
    number: "FA1000",
    cude: "ae964d2796d112b6c431f46f2245dc84c6b707f7961189f3d5be299bdb0370b43662c9930d2d095e50bec7d34a90ce73",
    qr: "NumDE=FA1000\nCUDE=ae964d27\nQRCode=https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=ae964d27",
    status: "aceptado",
    status_text: "Validado por la DIAN",
  } as Receipt["electronic"],
  token: RECEIPT_TOKEN,
  issued_at: "2026-11-26T15:04:00.000Z",
  status: "completed",
  company: { name: "Calzado Horma Demo", legal_name: "Calzado Horma S.A.S.", tax_id: "900.123.456-8", phone: null },
  location: { name: "Local Centro", address: "Cra. 7 # 12-34", phone: "6015550101" },
  seller_name: "Valentina Rojas",
  customer: { name: "Laura Gómez", document: "CC 1020304050" },
  lines: [
    {
      reference: "CONVERSE-01",
      description: "Converse Chuck 70 Low Negro",
      size: "40",
      quantity: 1,
      unit_price: 369900,
      subtotal: 369900,
    },
  ],
  subtotal: 369900,
  discount: 0,
  total: 369900,
  taxes: taxesOf(369900),
  payments: [{ id: 9, payment_type: "efectivo", amount: 369900, cash_received: 400000, change: 30100 }],
  return_policy: "Cambios dentro de 30 días con este recibo.",
  returned: null,
  returns: [] as Receipt["returns"],
  returned_total: 0,
  net_total: 369900,
  fully_returned: false,
} satisfies Receipt;
