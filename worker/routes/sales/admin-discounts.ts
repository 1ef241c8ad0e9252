import { and, asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { tenantId } from "../../auth/tenant";
import { discountRequests, locations, users } from "../../db/schema";
import { companyDb } from "../../db/shards";
import { companyRowOf } from "../../domain/shared/company-row";
import { toPesos } from "../../domain/shared/money";
import type { AppEnv } from "../../env";
import { conflict } from "../../lib/errors";
import { booleanLike, idLike, optionalText, validate } from "../../lib/validation";
import { doc } from "../../openapi/describe";

export const Decide = v.object({
  discount_request_id: idLike("La solicitud no es válida"),
  approved: booleanLike("Indica si se aprueba (approved)"),
  admin_notes: optionalText(500, "notas"),
});

/** Discount approvals (spec 3 §4 'Discount request'). */
export const adminDiscountsRoutes = new Hono<AppEnv>()
  .get(
    "/discount-requests/pending",
    doc("Muestra las solicitudes de descuento de los vendedores que esperan decisión"),
    async (c) => {
      const rows = await companyDb(c)
        .select({
          request: discountRequests,
          firstName: users.firstName,
          lastName: users.lastName,
          locationName: locations.name,
        })
        .from(discountRequests)
        .innerJoin(users, eq(users.id, discountRequests.sellerId))
        .leftJoin(locations, eq(locations.id, discountRequests.locationId))
        .where(and(eq(discountRequests.companyId, tenantId(c)), eq(discountRequests.status, "pending")))
        .orderBy(asc(discountRequests.createdAt));
      const requests = rows.map(({ request, firstName, lastName, locationName }) => ({
        id: request.id,
        status: request.status,
        reason: request.reason,
        message: request.reason,
        notes: request.adminNotes,
        requester_id: request.sellerId,
        requester_name: `${firstName} ${lastName}`,
        location_name: locationName,
        discount_amount: toPesos(request.amount),
        requested_at: request.createdAt,
        created_at: request.createdAt,
      }));
      return c.json({ requests, total: requests.length });
    },
  )
  .post(
    "/discount-requests/approve",
    doc("Aprueba o rechaza una solicitud de descuento de un vendedor", {
      404: "La solicitud de descuento no existe o es de otra empresa",
      409: "La solicitud ya fue aprobada o rechazada",
    }),
    validate("json", Decide),
    async (c) => {
      const body = c.req.valid("json");
      const user = c.get("user");
      const db = companyDb(c);
      const companyId = tenantId(c);
      const request = await companyRowOf(
        db,
        discountRequests,
        companyId,
        body.discount_request_id,
        "Solicitud de descuento no encontrada",
      );
      const notes = body.admin_notes ?? (body.approved ? null : "Rechazado por administrador");
      const [updated] = await db
        .update(discountRequests)
        .set({
          status: body.approved ? "approved" : "rejected",
          adminId: user.id,
          adminNotes: notes,
          reviewedAt: new Date().toISOString(),
        })
        .where(and(eq(discountRequests.id, request.id), eq(discountRequests.status, "pending")))
        .returning();
      if (!updated) throw conflict("La solicitud ya fue procesada");
      return c.json({
        success: true,
        message: body.approved ? "Descuento aprobado exitosamente" : "Descuento rechazado",
        discount_request_id: updated.id,
        status: updated.status,
        admin_notes: updated.adminNotes,
      });
    },
  );
