// The keeper's actions on a request: accept or decline, hand over (to a courier or to the seller who
// came), and receive a return. Mounted by the warehouse router (keepers) and by the seller's router
// (a store whose pairs were requested); assertParticipant holds each to requests of its own location.
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { transferRequests } from "../../db/schema";
import { companyDb } from "../../db/shards";
import type { TransitionPayload } from "../../domain/logistics/transfer-ops/types";
import { preparationMinutes } from "../../domain/logistics/transfers/describe";
import type { AppEnv } from "../../env";
import { invalid, notFound } from "../../lib/errors";
import { booleanLike, numberLike, optionalText, validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { actorOf, perform } from "./hub";

const id = (message: string) => v.pipe(numberLike(message), v.integer(message), v.minValue(1, message));
export const AcceptBody = v.pipe(
  v.object({
    transfer_request_id: id("Solicitud no encontrada"),
    accepted: v.optional(booleanLike("accepted debe ser verdadero o falso"), true),
    // why the request is declined (accepted: false); rejection_reason is accepted as an alias
    reason: optionalText(300, "motivo"),
    rejection_reason: optionalText(300, "motivo"),
    estimated_preparation_time: v.optional(
      v.pipe(numberLike("El tiempo de preparación no es válido"), v.integer(), v.minValue(1), v.maxValue(600)),
    ),
    notes: optionalText(1000, "notas"),
    warehouse_notes: optionalText(1000, "notas"),
  }),
  // the request, and the payload of the decline or of the accept transition (without a preparation
  // time the route gives the request's default)
  v.transform(
    (b): { transferId: number; accepted: boolean; decline: TransitionPayload; accept: TransitionPayload } => ({
      transferId: b.transfer_request_id,
      accepted: b.accepted,
      decline: { cancellationReason: b.reason ?? b.rejection_reason ?? null },
      accept: { estimatedMinutes: b.estimated_preparation_time ?? null, notes: b.warehouse_notes ?? b.notes },
    }),
  ),
);
export const ToCourierBody = v.pipe(
  v.object({
    transfer_request_id: id("Solicitud no encontrada"),
    courier_id: v.optional(v.nullable(id("Corredor no válido"))),
    delivery_notes: optionalText(1000, "notas"),
  }),
  // the request and the deliver_to_courier payload (the courier is the one who accepted it, not courier_id)
  v.transform((b): { transferId: number; payload: TransitionPayload } => ({
    transferId: b.transfer_request_id,
    payload: { notes: b.delivery_notes },
  })),
);
export const ToVendorBody = v.pipe(
  v.object({
    delivered: v.optional(booleanLike("delivered debe ser verdadero o falso"), true),
    delivery_notes: optionalText(1000, "notas"),
  }),
  // whether the pairs were handed over, and the deliver_to_vendor payload
  v.transform((b): { delivered: boolean; payload: TransitionPayload } => ({
    delivered: b.delivered,
    payload: { notes: b.delivery_notes },
  })),
);
export const KeeperCancelBody = v.pipe(
  v.object({
    // why the accepted request is called off (the requester sees it); required, checked with the status
    reason: optionalText(300, "motivo"),
    cancellation_reason: optionalText(300, "motivo"),
  }),
  // the keeper_cancel transition's payload
  v.transform((b): TransitionPayload => ({ cancellationReason: b.reason ?? b.cancellation_reason ?? null })),
);
export const ReturnReception = v.pipe(
  v.object({
    received_quantity: v.optional(v.pipe(numberLike("La cantidad recibida no es válida"), v.integer(), v.minValue(0))),
    product_condition: v.optional(v.picklist(["good", "damaged", "unusable"], "La condición no es válida"), "good"),
    return_to_inventory: v.optional(booleanLike("return_to_inventory debe ser verdadero o falso"), true),
    quality_check_passed: v.optional(booleanLike("quality_check_passed debe ser verdadero o falso")),
    notes: optionalText(1000, "notas"),
  }),
  // the confirm_return_reception transition's payload: an unusable pair never re-enters the inventory
  v.transform(
    (b): TransitionPayload => ({
      receivedQuantity: b.received_quantity,
      productCondition: b.product_condition,
      returnToInventory: b.return_to_inventory && b.product_condition !== "unusable",
      conditionOk: b.quality_check_passed ?? b.product_condition === "good",
      notes: b.notes,
    }),
  ),
);

export const keeperActionRoutes = new Hono<AppEnv>()
  .post(
    "/accept-request",
    doc("Acepta (reservando las unidades) o rechaza con motivo una solicitud que atiende la ubicación", {
      403: "La solicitud la atiende otra bodega u otro local, o el rol no puede aceptarla",
      404: "La solicitud no existe o es de otra empresa",
      409: "La solicitud ya no está pendiente; no hay stock disponible para reservar; cambió mientras se procesaba",
      422: "Se rechaza sin indicar el motivo",
    }),
    validate("json", AcceptBody),
    async (c) => {
      const { transferId, accepted, decline, accept } = c.req.valid("json");
      if (!accepted) {
        const view = await perform(c, transferId, "decline", decline);
        // the same shape as an acceptance: two shapes under one status would type as the narrower one
        return c.json({
          success: true,
          message: "Solicitud rechazada; el solicitante verá el motivo",
          transfer: view,
          estimated_preparation_time: null,
        });
      }
      const [t] = await companyDb(c)
        .select({ priority: transferRequests.priority, requestType: transferRequests.requestType })
        .from(transferRequests)
        .where(and(eq(transferRequests.companyId, actorOf(c).companyId), eq(transferRequests.id, transferId)));
      if (!t) throw notFound("Solicitud no encontrada");
      const minutes =
        accept.estimatedMinutes ?? preparationMinutes(t.priority, t.requestType === "return" ? "return" : "transfer");
      const view = await perform(c, transferId, "accept", { ...accept, estimatedMinutes: minutes });
      return c.json({
        success: true,
        message: "Solicitud aceptada; las unidades quedaron reservadas",
        transfer: view,
        estimated_preparation_time: minutes,
      });
    },
  )
  .post(
    "/deliver-to-courier",
    doc("Entrega al corredor asignado los pares de una solicitud aceptada y los descuenta del inventario", {
      403: "La solicitud la atiende otra ubicación o el rol no puede entregarla",
      404: "La solicitud no existe o es de otra empresa",
      409: "Ningún corredor ha aceptado la solicitud; su estado no permite la entrega; no hay stock suficiente",
    }),
    validate("json", ToCourierBody),
    async (c) => {
      const { transferId, payload } = c.req.valid("json");
      const view = await perform(c, transferId, "deliver_to_courier", payload);
      return c.json({
        success: true,
        message: "Entregado al corredor; el inventario de bodega fue actualizado",
        transfer: view,
      });
    },
  )
  .post(
    "/deliver-to-vendor/:id",
    doc("Entrega los pares al vendedor que vino a recogerlos y los descuenta del inventario", {
      403: "La solicitud la atiende otra ubicación o el rol no puede entregarla",
      404: "La solicitud no existe o es de otra empresa",
      409: "La solicitud no es de recogida por el vendedor o su estado no permite la entrega; no hay stock suficiente",
      422: "Se envió delivered: false",
    }),
    validate("json", ToVendorBody),
    validateId(),
    async (c) => {
      const transferId = c.req.valid("param").id;
      const { delivered, payload } = c.req.valid("json");
      if (!delivered) throw invalid("Indica delivered: true para registrar la entrega");
      const view = await perform(c, transferId, "deliver_to_vendor", payload);
      return c.json({
        success: true,
        message: "Entregado al vendedor; el inventario de bodega fue actualizado",
        transfer: view,
      });
    },
  )
  .post(
    "/cancel-accepted/:id",
    doc("Cancela con motivo una solicitud ya aceptada que aún no se entregó, y libera las unidades reservadas", {
      403: "La solicitud la atiende otra bodega u otro local, o el rol no puede cancelarla",
      404: "La solicitud no existe o es de otra empresa",
      409: "La solicitud no está aceptada (sigue pendiente, ya salió del origen o ya fue cancelada); cambió mientras se procesaba",
      422: "Falta el motivo de la cancelación",
    }),
    validate("json", KeeperCancelBody),
    validateId(),
    async (c) => {
      const transferId = c.req.valid("param").id;
      const view = await perform(c, transferId, "keeper_cancel", c.req.valid("json"));
      return c.json({
        success: true,
        message: "Solicitud cancelada; las unidades reservadas quedaron libres y el solicitante verá el motivo",
        transfer: view,
      });
    },
  )
  .post(
    "/confirm-return-reception/:id",
    doc("Confirma la recepción en bodega de una devolución y, si está en buen estado, la reintegra al inventario", {
      403: "La devolución va a otra bodega o el rol no puede recibirla",
      404: "La solicitud no existe o es de otra empresa",
      409: "La devolución aún no fue entregada o ya se recibió",
      422: "La cantidad recibida no es válida para la devolución",
    }),
    validate("json", ReturnReception),
    validateId(),
    async (c) => {
      const transferId = c.req.valid("param").id;
      const view = await perform(c, transferId, "confirm_return_reception", c.req.valid("json"));
      return c.json({
        success: true,
        message: "Devolución recibida",
        received_quantity: view.received_quantity,
        transfer: view,
      });
    },
  );
