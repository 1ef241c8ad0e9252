import type { Context } from "hono";
import * as v from "valibot";
import { PICKUP_REQUIRED, RETURN_REASON_REQUIRED } from "../../../shared/messages";
import type { NewReturn } from "../../domain/logistics/transfer-ops/return";
import type { AppEnv } from "../../env";
import { numberLike, optionalText } from "../../lib/validation";
import { actorOf, created, hubFor } from "./hub";

// A transfer return (spec 3 §7.4) is asked for at two URLs of the spec, /transfers/create-return and
// /returns/request: one request body and one handler for both routers.

const positiveInt = (message: string) => v.pipe(numberLike(message), v.integer(message), v.minValue(1, message));

export const ReturnBody = v.pipe(
  v.object({
    original_transfer_id: positiveInt("La transferencia original no es válida"),
    reason: v.optional(
      v.picklist(["no_sale", "damaged", "wrong_product", "customer_return", "other"], RETURN_REASON_REQUIRED),
      "no_sale",
    ),
    quantity_to_return: v.optional(positiveInt("La cantidad debe ser un número entero")),
    product_condition: v.optional(v.picklist(["good", "damaged", "unusable"], "La condición no es válida"), "good"),
    pickup_type: v.picklist(["corredor", "vendedor"], PICKUP_REQUIRED),
    notes: optionalText(1000, "notas"),
    purpose: v.optional(v.string()),
  }),
  // the hub's createReturn input (`purpose` is accepted and not used)
  v.transform(
    (b): NewReturn => ({
      originalTransferId: b.original_transfer_id,
      reason: b.reason,
      // absent: every unit that arrived sellable and was not sold
      quantity: b.quantity_to_return ?? null,
      condition: b.product_condition,
      pickupType: b.pickup_type,
      notes: b.notes,
    }),
  ),
);

export async function createReturnResponse(c: Context<AppEnv>, input: NewReturn) {
  const actor = actorOf(c);
  const row = await created(c, await hubFor(c.env, actor.companyId).createReturn(actor, input, c.get("idempotency")));
  return c.json(
    {
      success: true,
      message: `Devolución #${row.id} solicitada`,
      return_id: row.id,
      transfer_request_id: row.id,
      estimated_return_time: input.pickupType === "corredor" ? "2-3 horas" : "1-2 horas",
      next_action:
        input.pickupType === "corredor"
          ? "Un corredor recogerá el producto en tu local"
          : "Lleva el producto a la bodega cuando sea aceptada",
    },
    201,
  );
}
