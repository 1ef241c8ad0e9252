import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { scopeLocation } from "../../auth/scope";
import { tenantId } from "../../auth/tenant";
import { discountRequests, locations } from "../../db/schema";
import { companyDb } from "../../db/shards";
import { requestDiscount } from "../../domain/sales/discounts";
import { toPesos } from "../../domain/shared/money";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { RequestDiscount } from "./sale-bodies";

/** /api/v1/discounts — a seller asks an administrador for a discount and follows its state. */
export const discountsRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...AREA_ROLES.seller))
  .post(
    "/request",
    doc("Pide a un administrador un descuento para una venta"),
    validate("json", RequestDiscount),
    async (c) => {
      const input = c.req.valid("json");
      const user = c.get("user");
      const companyId = tenantId(c);
      // a seller asks for their store (403 without one)
      const locationId = scopeLocation(user) ?? user.locationId;
      const row = await requestDiscount(companyDb(c), { id: user.id, companyId, locationId }, input);
      return c.json(
        {
          success: true,
          message: "Solicitud de descuento enviada al administrador",
          discount_id: row?.id,
          status: row?.status,
          amount: input.amountPesos,
          reason: input.reason,
        },
        201,
      );
    },
  )
  .get("/my-requests", doc("Consulta el estado de las solicitudes de descuento del vendedor"), async (c) => {
    const user = c.get("user");
    const rows = await companyDb(c)
      .select({ request: discountRequests, locationName: locations.name })
      .from(discountRequests)
      .leftJoin(locations, eq(locations.id, discountRequests.locationId))
      .where(and(eq(discountRequests.companyId, tenantId(c)), eq(discountRequests.sellerId, user.id)))
      .orderBy(desc(discountRequests.createdAt));
    const requests = rows.map(({ request, locationName }) => ({
      id: request.id,
      amount: toPesos(request.amount),
      discount_amount: toPesos(request.amount),
      reason: request.reason,
      status: request.status,
      admin_notes: request.adminNotes,
      reviewed_at: request.reviewedAt,
      used_in_sale_id: request.usedInSaleId,
      location_name: locationName,
      created_at: request.createdAt,
      requested_at: request.createdAt,
    }));
    const count = (status: string) => requests.filter((r) => r.status === status).length;
    return c.json({
      success: true,
      requests,
      summary: {
        pending: count("pending"),
        approved: count("approved"),
        rejected: count("rejected"),
        total: requests.length,
      },
    });
  });
