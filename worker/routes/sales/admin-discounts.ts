import { and, asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { tenantId } from "../../auth/tenant";
import { discountRequests, locations, users } from "../../db/schema";
import { companyDb } from "../../db/shards";
import { decideDiscount } from "../../domain/sales/discounts";
import { toPesos } from "../../domain/shared/money";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { DecideDiscount } from "./sale-bodies";

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
    validate("json", DecideDiscount),
    async (c) => {
      const decision = c.req.valid("json");
      const updated = await decideDiscount(companyDb(c), { id: c.get("user").id, companyId: tenantId(c) }, decision);
      return c.json({
        success: true,
        message: decision.approved ? "Descuento aprobado exitosamente" : "Descuento rechazado",
        discount_request_id: updated.id,
        status: updated.status,
        admin_notes: updated.adminNotes,
      });
    },
  );
