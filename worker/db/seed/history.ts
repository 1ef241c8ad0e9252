// Writes the planned history (history-plan/) with multi-row statements in D1 batches. Every stock
// change is a stock_movements row, and the daily rollups are rebuilt from the sales with the app's own
// statements.
import { DEFAULT_TAX_CLASS } from "../../../shared/constants";
import { linesTaxed } from "../../domain/fiscal/tax";
import { rebuildRollups } from "../../domain/sales/rollup";
import type { Db } from "../client";
import { chunk, rowsPerStatement } from "../limits";
import { newReceiptToken } from "../schema";
import { HISTORY_DAYS, plusMinutes } from "./history-plan/params";
import { planHistory } from "./history-plan/plan";
import type { HistoryWorld } from "./history-plan/types";

export { HISTORY_DAYS, type HistoryWorld, planHistory };

type Value = string | number | null;

/** Multi-row INSERTs of `rows`, each statement binding at most 100 values (D1's limit). */
function inserts(d1: D1Database, head: string, columns: readonly string[], rows: Value[][], tail = "") {
  const one = `(${columns.map(() => "?").join(", ")})`;
  return rowsPerStatement(rows, columns.length).map((group) =>
    d1
      .prepare(`${head} (${columns.join(", ")}) VALUES ${group.map(() => one).join(", ")}${tail}`)
      .bind(...group.flat()),
  );
}

async function nextId(d1: D1Database, table: string): Promise<number> {
  const row = await d1.prepare(`SELECT COALESCE(MAX(id), 0) + 1 AS id FROM ${table}`).first<{ id: number }>();
  return Number(row?.id ?? 1);
}

export type HistorySummary = {
  sales: number;
  transfers: number;
  returns: number;
  movements: number;
  expenses: number;
  costs: number;
};

/** Writes the demo company's history (see planHistory). Run once, on a company with its catalogue. */
export async function seedHistory(
  db: Db,
  world: HistoryWorld,
  now: Date,
  days = HISTORY_DAYS,
): Promise<HistorySummary> {
  const d1 = db.$client;
  const plan = planHistory(world, now, {
    days,
    firstSaleId: await nextId(d1, "sales"),
    firstTransferId: await nextId(d1, "transfer_requests"),
    firstDiscountId: await nextId(d1, "discount_requests"),
  });
  const c = world.companyId;
  const discounted = plan.sales.filter((s) => s.discountRequestId !== null);
  const statements = [
    ...inserts(
      d1,
      "INSERT INTO discount_requests",
      [
        "id",
        "company_id",
        "seller_id",
        "location_id",
        "amount",
        "reason",
        "status",
        "admin_id",
        "reviewed_at",
        "created_at",
      ],
      discounted.map((s) => [
        s.discountRequestId,
        c,
        s.sellerId,
        s.storeId,
        s.discount,
        s.lines.length > 1 ? "Cliente lleva varios pares" : "Cliente frecuente",
        "approved",
        world.adminId,
        plusMinutes(s.at, -3),
        plusMinutes(s.at, -8),
      ]),
    ),
    ...inserts(
      d1,
      "INSERT INTO sales",
      [
        "id",
        "company_id",
        "seller_id",
        "location_id",
        "subtotal_amount",
        "discount_amount",
        "discount_request_id",
        "total_amount",
        "sale_date",
        "confirmed",
        "confirmed_at",
        "confirmed_by",
        "created_at",
        "receipt_token",
      ],
      plan.sales.map((s) => [
        s.id,
        c,
        s.sellerId,
        s.storeId,
        s.subtotal,
        s.discount,
        s.discountRequestId,
        s.total,
        s.at,
        1,
        s.at,
        s.sellerId,
        s.at,
        newReceiptToken(),
      ]),
    ),
    ...inserts(
      d1,
      "INSERT INTO sale_items",
      [
        "company_id",
        "sale_id",
        ...LINE_COLUMNS,
        "unit_price",
        "subtotal",
        "catalogue_price",
        "unit_cost",
        "net_amount",
        "tax_class",
        "tax_rate",
        "tax_base",
        "tax_amount",
      ],
      plan.sales.flatMap((s) => {
        // demo footwear is all IVA 19 %, the company's default
        const taxed = linesTaxed(
          s.lines.map((l) => ({ subtotal: l.product.unitPrice * l.quantity, taxClass: DEFAULT_TAX_CLASS })),
          s.discount,
        );
        return s.lines.map((l, i) => [
          c,
          s.id,
          l.product.id,
          l.product.referenceCode,
          l.product.brand,
          l.product.model,
          l.product.color,
          l.size,
          l.quantity,
          l.product.unitPrice,
          l.product.unitPrice * l.quantity,
          l.product.unitPrice,
          l.product.costPrice ?? null,
          ...taxColumnValues(taxed[i]),
        ]);
      }),
    ),
    ...inserts(
      d1,
      "INSERT INTO sale_payments",
      ["company_id", "sale_id", "payment_type", "amount", "reference", "created_at"],
      plan.sales.flatMap((s) => s.payments.map((p) => [c, s.id, p.type, p.amount, p.reference, s.at])),
    ),
    ...(discounted.length === 0
      ? []
      : [
          d1
            .prepare(
              "UPDATE discount_requests SET used_in_sale_id = (SELECT s.id FROM sales s WHERE s.discount_request_id = discount_requests.id) WHERE company_id = ?1 AND id >= ?2",
            )
            .bind(c, discounted[0]?.discountRequestId ?? 0),
        ]),
    ...inserts(
      d1,
      "INSERT INTO transfer_requests",
      [
        "id",
        "company_id",
        "requester_id",
        "source_location_id",
        "destination_location_id",
        ...LINE_COLUMNS,
        "purpose",
        "request_type",
        "destination_type",
        "status",
        "original_transfer_id",
        "return_reason",
        "product_condition",
        "warehouse_keeper_id",
        "courier_id",
        "requested_at",
        "accepted_at",
        "estimated_preparation_time",
        "courier_accepted_at",
        "picked_up_at",
        "delivered_at",
        "delivery_successful",
        "completed_at",
        "received_quantity",
        "condition_ok",
        "updated_at",
      ],
      plan.transfers.map((t) => {
        const ret = t.kind === "return";
        return [
          t.id,
          c,
          t.requesterId,
          t.sourceId,
          t.destinationId,
          t.product.id,
          t.product.referenceCode,
          t.product.brand,
          t.product.model,
          t.product.color,
          t.size,
          t.quantity,
          ret ? "return" : "restock",
          ret ? "return" : "transfer",
          ret ? "bodega" : "exhibicion",
          "completed",
          t.originalTransferId,
          ret ? "no_sale" : null,
          ret ? "good" : null,
          t.keeperId,
          world.courierId,
          t.requestedAt,
          t.acceptedAt,
          15,
          t.courierAcceptedAt,
          t.pickedUpAt,
          t.deliveredAt,
          1,
          t.completedAt,
          t.quantity,
          1,
          t.completedAt,
        ];
      }),
    ),
    ...inserts(
      d1,
      "INSERT INTO stock_movements",
      [
        "company_id",
        "product_id",
        "location_id",
        "size",
        "delta_pairs",
        "reason",
        "sale_id",
        "transfer_id",
        "entry_ref",
        "user_id",
        "notes",
        "created_at",
      ],
      plan.movements.map((m) => [
        c,
        m.productId,
        m.locationId,
        m.size,
        m.delta,
        m.reason,
        m.saleId,
        m.transferId,
        m.reason === "entry" ? "demo-historia" : null,
        m.userId,
        m.reason === "entry" ? "Compra a proveedor" : null,
        m.at,
      ]),
    ),
    // the cells' net change (never negative: an upsert's candidate row must pass the CHECK)
    ...inserts(
      d1,
      "INSERT INTO inventory",
      ["company_id", "product_id", "location_id", "size", "pairs"],
      plan.cells.map((cell) => [c, cell.productId, cell.locationId, cell.size, cell.pairs]),
      " ON CONFLICT (product_id, location_id, size) DO UPDATE SET pairs = pairs + excluded.pairs",
    ),
    ...inserts(
      d1,
      "INSERT INTO expenses",
      ["company_id", "user_id", "location_id", "concept", "amount", "created_at"],
      plan.expenses.map((e) => [c, e.userId, e.locationId, e.concept, e.amount, e.at]),
    ),
    ...inserts(
      d1,
      "INSERT INTO operating_costs",
      [
        "company_id",
        "location_id",
        "nature",
        "cost_type",
        "category",
        "description",
        "amount",
        "frequency",
        "start_date",
        "end_date",
        "last_paid_date",
        "created_by",
        "created_at",
      ],
      plan.costs.map((k) => [
        c,
        k.locationId,
        "fijo",
        k.costType,
        k.category,
        k.description,
        k.amount,
        "monthly",
        k.startDate,
        k.dueDate,
        k.lastPaidDate,
        world.adminId,
        `${k.startDate}T13:00:00.000Z`,
      ]),
    ),
  ];
  // one transaction per batch; a few hundred statements each
  for (const group of chunk(statements, 400)) await d1.batch(group);
  await rebuildRollups(db, c);
  return {
    sales: plan.sales.length,
    transfers: plan.transfers.filter((t) => t.kind === "transfer").length,
    returns: plan.transfers.filter((t) => t.kind === "return").length,
    movements: plan.movements.length,
    expenses: plan.expenses.length,
    costs: plan.costs.length,
  };
}

/** A line's tax columns in the order the history's sale_items insert lists them. */
function taxColumnValues(taxed: ReturnType<typeof linesTaxed>[number] | undefined) {
  if (!taxed) throw new Error("a history line without its tax");
  return [taxed.netAmount, taxed.taxClass, taxed.taxRate, taxed.taxBase, taxed.taxAmount];
}

/** The columns a sale line and a transfer share: the product and the units of one size. */
const LINE_COLUMNS = ["product_id", "sneaker_reference_code", "brand", "model", "color", "size", "quantity"];
