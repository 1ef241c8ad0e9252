// The race cases of the logistics routes that change state, or why a route needs none. The race suite of this
// folder runs them (races.test.ts); tests/api/route-coverage.test.ts checks that the contexts' tables
// together name every state-changing route of the app, and nothing else.
import { sql } from "drizzle-orm";
import { create, type Entry, transition } from "../support/race-cases";
import {
  admin,
  attemptsOf,
  centro,
  companyId,
  count,
  courier,
  firstLineOf,
  isStatus,
  keeper,
  movements,
  orderAt,
  orderLinesIn,
  P,
  post,
  principal,
  REF,
  returnAt,
  SIZE,
  seller,
  storeSeller,
  transferAt,
  transferBody,
  undelivered,
} from "../support/race-fixtures";

export const RACE_ROUTES: Record<string, Entry> = {
  "POST /api/v1/transfers/request": create(
    async (h) => post(`${P}/transfers/request`, await seller(), transferBody("corredor"), h),
    () => count(sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE company_id = ${companyId}`),
  ),
  "POST /api/v1/transfers/request-single-foot": create(
    async (h) =>
      post(`${P}/transfers/request-single-foot`, await seller(), { ...transferBody("corredor"), foot_side: "left" }, h),
    () => count(sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE company_id = ${companyId}`),
  ),
  "POST /api/v1/transfers/create-return": transition(
    () => transferAt("completed"),
    async (id, h) =>
      post(`${P}/transfers/create-return`, await seller(), { original_transfer_id: id, pickup_type: "corredor" }, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE original_transfer_id = ${id}`),
  ),
  "POST /api/v1/returns/request": transition(
    () => transferAt("completed"),
    async (id, h) =>
      post(`${P}/returns/request`, await seller(), { original_transfer_id: id, pickup_type: "vendedor" }, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE original_transfer_id = ${id}`),
  ),
  "POST /api/v1/vendor/cancel-transfer/:id": transition(
    () => transferAt("pending"),
    async (id, h) => post(`${P}/vendor/cancel-transfer/${id}`, await seller(), {}, h),
    (id) => isStatus(id, "cancelled"),
  ),
  "POST /api/v1/vendor/confirm-reception/:id": transition(
    () => transferAt("delivered"),
    async (id, h) => post(`${P}/vendor/confirm-reception/${id}?received_quantity=1`, await seller(), undefined, h),
    (id) => movements(id, "'transfer_in'"),
  ),
  "POST /api/v1/vendor/deliver-return-to-warehouse/:id": transition(
    () => returnAt("accepted", "vendedor"),
    async (id, h) => post(`${P}/vendor/deliver-return-to-warehouse/${id}`, await seller(), {}, h),
    (id) => movements(id, "'return_out'"),
  ),
  "POST /api/v1/vendor/accept-request": transition(
    () => transferAt("pending", "corredor", "store"),
    async (id, h) => post(`${P}/vendor/accept-request`, await storeSeller(), { transfer_request_id: id }, h),
    (id) => isStatus(id, "accepted"),
  ),
  "POST /api/v1/vendor/cancel-accepted/:id": transition(
    () => transferAt("accepted", "vendedor", "store"),
    async (id, h) => post(`${P}/vendor/cancel-accepted/${id}`, await storeSeller(), { reason: "Carrera" }, h),
    (id) => isStatus(id, "cancelled"),
  ),
  "POST /api/v1/vendor/deliver-to-courier": transition(
    () => transferAt("courier_assigned", "corredor", "store"),
    async (id, h) => post(`${P}/vendor/deliver-to-courier`, await storeSeller(), { transfer_request_id: id }, h),
    (id) => movements(id, "'transfer_out'"),
  ),
  "POST /api/v1/vendor/deliver-to-vendor/:id": transition(
    () => transferAt("accepted", "vendedor", "store"),
    async (id, h) => post(`${P}/vendor/deliver-to-vendor/${id}`, await storeSeller(), {}, h),
    (id) => movements(id, "'transfer_out'"),
  ),
  "POST /api/v1/vendor/confirm-return-reception/:id": transition(
    () => returnAt("delivered", "vendedor", "store"),
    async (id, h) =>
      post(`${P}/vendor/confirm-return-reception/${id}`, await storeSeller(), { received_quantity: 1 }, h),
    (id) => movements(id, "'return_in'"),
  ),
  "POST /api/v1/warehouse/accept-request": transition(
    () => transferAt("pending"),
    async (id, h) => post(`${P}/warehouse/accept-request`, await keeper(), { transfer_request_id: id }, h),
    (id) => isStatus(id, "accepted"),
  ),
  "POST /api/v1/warehouse/cancel-accepted/:id": transition(
    () => transferAt("courier_assigned"),
    async (id, h) => post(`${P}/warehouse/cancel-accepted/${id}`, await keeper(), { reason: "Carrera" }, h),
    (id) => isStatus(id, "cancelled"),
  ),
  "POST /api/v1/warehouse/deliver-to-courier": transition(
    () => transferAt("courier_assigned"),
    async (id, h) => post(`${P}/warehouse/deliver-to-courier`, await keeper(), { transfer_request_id: id }, h),
    (id) => movements(id, "'transfer_out'"),
  ),
  "POST /api/v1/warehouse/deliver-to-vendor/:id": transition(
    () => transferAt("accepted", "vendedor"),
    async (id, h) => post(`${P}/warehouse/deliver-to-vendor/${id}`, await keeper(), {}, h),
    (id) => movements(id, "'transfer_out'"),
  ),
  "POST /api/v1/warehouse/confirm-return-reception/:id": transition(
    () => returnAt("delivered", "vendedor"),
    async (id, h) => post(`${P}/warehouse/confirm-return-reception/${id}`, await keeper(), { received_quantity: 1 }, h),
    (id) => movements(id, "'return_in'"),
  ),
  "POST /api/v1/courier/accept-request/:id": transition(
    () => transferAt("accepted"),
    async (id, h) => post(`${P}/courier/accept-request/${id}`, await courier(), {}, h),
    (id) => isStatus(id, "courier_assigned"),
  ),
  "POST /api/v1/courier/confirm-pickup/:id": transition(
    () => transferAt("courier_assigned"),
    async (id, h) => post(`${P}/courier/confirm-pickup/${id}`, await courier(), {}, h),
    (id) => movements(id, "'transfer_out'"),
  ),
  "POST /api/v1/courier/confirm-delivery/:id": transition(
    () => transferAt("in_transit"),
    async (id, h) => post(`${P}/courier/confirm-delivery/${id}`, await courier(), undefined, h),
    (id) => isStatus(id, "delivered"),
  ),
  "POST /api/v1/courier/accept-return/:id": transition(
    () => returnAt("accepted"),
    async (id, h) => post(`${P}/courier/accept-return/${id}`, await courier(), {}, h),
    (id) => isStatus(id, "courier_assigned"),
  ),
  "POST /api/v1/courier/confirm-return-pickup/:id": transition(
    () => returnAt("courier_assigned"),
    async (id, h) => post(`${P}/courier/confirm-return-pickup/${id}`, await courier(), {}, h),
    (id) => movements(id, "'return_out'"),
  ),
  "POST /api/v1/courier/confirm-return-delivery/:id": transition(
    () => returnAt("in_transit"),
    async (id, h) => post(`${P}/courier/confirm-return-delivery/${id}`, await courier(), undefined, h),
    (id) => isStatus(id, "delivered"),
  ),
  // each report is an attempt of its own (the transfer stays in transit): a key makes a retry one attempt
  "POST /api/v1/courier/report-failed-delivery/:id": {
    withoutKey: "each",
    prepare: async () => {
      const id = await transferAt("in_transit");
      return {
        send: async (h) =>
          post(`${P}/courier/report-failed-delivery/${id}`, await courier(), { reason: "nadie_recibe" }, h),
        effect: () => attemptsOf(id),
      };
    },
  },
  "POST /api/v1/courier/return-to-origin/:id": transition(
    () => undelivered("failed"),
    async (id, h) => post(`${P}/courier/return-to-origin/${id}`, await courier(), {}, h),
    (id) => isStatus(id, "returning_to_origin"),
  ),
  "POST /api/v1/courier/confirm-origin-return/:id": transition(
    () => undelivered("returning"),
    async (id, h) => post(`${P}/courier/confirm-origin-return/${id}`, await courier(), {}, h),
    (id) => movements(id, "'transfer_back'"),
  ),
  "POST /api/v1/notifications/returns/:id/mark-read": {
    exempt: "sets read_at only where it is still empty: marking twice keeps the first time",
  },
  "POST /api/v1/transfer-orders": create(
    async (h) =>
      post(
        `${P}/transfer-orders`,
        await admin(),
        {
          source_location_id: principal,
          destination_location_id: centro,
          lines: [{ sneaker_reference_code: REF, size: SIZE, quantity: 1 }],
        },
        h,
      ),
    () => count(sql`SELECT COUNT(*) AS n FROM transfer_orders WHERE company_id = ${companyId}`),
  ),
  // the whole order moves once: every line accepted in one batch (the effect counts orders, not lines)
  "POST /api/v1/transfer-orders/:id/actions": transition(
    () => orderAt("pending"),
    async (id, h) => post(`${P}/transfer-orders/${id}/actions`, await keeper(), { action: "accept" }, h),
    async (id) => ((await orderLinesIn(id, "accepted")) === 2 ? 1 : 0),
  ),
  "POST /api/v1/transfer-orders/:id/lines/:lineId/pick": transition(
    () => orderAt("accepted"),
    async (id, h) =>
      post(`${P}/transfer-orders/${id}/lines/${await firstLineOf(id)}/pick`, await keeper(), { picked: true }, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE order_id = ${id} AND picked_at IS NOT NULL`),
  ),
};
