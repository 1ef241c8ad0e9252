import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { DISCOUNT_FIELDS_REQUIRED } from "../../../shared/messages";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { scopeLocation } from "../../auth/scope";
import { tenantId } from "../../auth/tenant";
import { discountRequests, locations } from "../../db/schema";
import { companyDb } from "../../db/shards";
import { toCentavos, toPesos } from "../../domain/shared/money";
import type { AppEnv } from "../../env";
import { numberLike, validate } from "../../lib/validation";
import { doc } from "../../openapi/describe";

const DISCOUNT_NEEDS = DISCOUNT_FIELDS_REQUIRED;
export const RequestDiscount = v.object({
  amount: v.pipe(
    numberLike(DISCOUNT_NEEDS),
    v.gtValue(0, DISCOUNT_NEEDS),
    v.maxValue(100_000_000, "El descuento es demasiado alto"),
  ),
  reason: v.pipe(
    v.string(DISCOUNT_NEEDS),
    v.trim(),
    v.nonEmpty(DISCOUNT_NEEDS),
    v.maxLength(500, "La razón es demasiado larga"),
  ),
});

/** /api/v1/discounts — a seller asks an administrador for a discount and follows its state. */
export const discountsRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...AREA_ROLES.seller))
  .post(
    "/request",
    doc("Pide a un administrador un descuento para una venta"),
    validate("json", RequestDiscount),
    async (c) => {
      const body = c.req.valid("json");
      const user = c.get("user");
      const [row] = await companyDb(c)
        .insert(discountRequests)
        .values({
          companyId: tenantId(c),
          sellerId: user.id,
          // a seller asks for their store (403 without one)
          locationId: scopeLocation(user) ?? user.locationId,
          amount: toCentavos(body.amount),
          reason: body.reason,
        })
        .returning();
      return c.json(
        {
          success: true,
          message: "Solicitud de descuento enviada al administrador",
          discount_id: row?.id,
          status: row?.status,
          amount: body.amount,
          reason: body.reason,
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
