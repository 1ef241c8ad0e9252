import { desc, sql } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { tenantId } from "../../auth/tenant";
import { notifications } from "../../db/schema";
import { companyDb } from "../../db/shards";
import { markNoticeRead, noticesOf } from "../../domain/logistics/notices";
import type { AppEnv } from "../../env";
import { pageInfo, pageQuery } from "../../lib/paging";
import { validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";

/** A page of notices (50 unless told). */
export const NoticesQuery = v.object(pageQuery(50, 100));

/**
 * /api/v1/notifications — saved notices with read state, for the seller's store and the keeper's
 * warehouse: returns received at the warehouse, and requests whose reservation lapsed (back to pending).
 * The path keeps its old name.
 */
export const notificationsRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...AREA_ROLES.notices))
  .get(
    "/returns",
    doc(
      "Muestra por páginas los avisos dirigidos al usuario o a su ubicación (devoluciones recibidas y reservas que vencieron), cuántos hay y cuántos sin leer",
    ),
    validate("query", NoticesQuery),
    async (c) => {
      const user = c.get("user");
      const page = c.req.valid("query");
      const db = companyDb(c);
      const where = noticesOf(tenantId(c), user.id, user.locationId);
      const [rows, [counted]] = await db.batch([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({
            total: sql<number>`COUNT(*)`,
            unread: sql<number>`COALESCE(SUM(${notifications.isRead} = 0), 0)`,
          })
          .from(notifications)
          .where(where),
      ]);
      const list = rows.map((n) => ({
        id: n.id,
        type: n.type,
        title: n.title,
        message: n.message,
        transfer_id: n.transferId,
        is_read: n.isRead,
        read_at: n.readAt,
        created_at: n.createdAt,
      }));
      return c.json({
        success: true,
        notifications: list,
        ...pageInfo(page, Number(counted?.total ?? 0)),
        // every unread notice, not only this page's
        unread_count: Number(counted?.unread ?? 0),
      });
    },
  )
  .post(
    "/returns/:id/mark-read",
    doc("Marca como leído un aviso del usuario", { 404: "El aviso no existe o no es del usuario ni de su ubicación" }),
    validateId(),
    async (c) => {
      const { id } = c.req.valid("param");
      const readAt = await markNoticeRead(companyDb(c), tenantId(c), c.get("user"), id, new Date().toISOString());
      return c.json({ success: true, message: "Notificación marcada como leída", id, is_read: true, read_at: readAt });
    },
  );
