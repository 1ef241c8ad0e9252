import { and, asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { tenantId } from "../../auth/tenant";
import { inventory, locations, products } from "../../db/schema";
import { companyDb } from "../../db/shards";
import { toPesos } from "../../domain/shared/money";
import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { validate } from "../../lib/validation";
import { doc } from "../../openapi/describe";

export const Query = v.object({
  location_id: v.optional(v.pipe(v.string(), v.regex(/^(all|\d{1,12})$/, "La ubicación no es válida"))),
});

/** /api/v1/inventory — stock by location, product and size for the warehouse screens (spec 3 §3). */
export const inventoryRoutes = new Hono<AppEnv>().use(requireAuth, requireRole(...AREA_ROLES.warehouse, "boss")).get(
  "/warehouse-keeper/inventory/all",
  doc("Consulta el inventario por ubicación, producto y talla", {
    404: "La ubicación pedida no existe, está inactiva o es de otra empresa",
  }),
  validate("query", Query),
  async (c) => {
    const companyId = tenantId(c);
    const wanted = c.req.valid("query").location_id;
    const locationId = wanted && wanted !== "all" ? Number(wanted) : undefined;
    const db = companyDb(c);
    // not db.batch: its rows come back keyed by column name, so the joined tables' shared names
    // (id, company_id, created_at…) would overwrite each other
    const [locs, rows] = await Promise.all([
      db
        .select()
        .from(locations)
        .where(
          and(
            eq(locations.companyId, companyId),
            eq(locations.isActive, true),
            locationId === undefined ? undefined : eq(locations.id, locationId),
          ),
        )
        .orderBy(asc(locations.type), asc(locations.name)),
      db
        .select({ cell: inventory, product: products })
        .from(inventory)
        .innerJoin(products, eq(products.id, inventory.productId))
        .where(
          and(
            eq(inventory.companyId, companyId),
            locationId === undefined ? undefined : eq(inventory.locationId, locationId),
          ),
        )
        .orderBy(asc(products.brand), asc(products.model), asc(inventory.size)),
    ]);
    if (locationId !== undefined && locs.length === 0) throw notFound("Ubicación no encontrada");
    const result = locs.map((loc) => {
      const here = rows.filter((r) => r.cell.locationId === loc.id);
      const byProduct = Map.groupBy(here, (r) => r.product.id);
      const list = [...byProduct.values()].flatMap((cells) => {
        const product = cells[0]?.product;
        if (!product) return [];
        const sizes = cells
          .map(({ cell }) => ({
            size: cell.size,
            quantity: cell.pairs,
            quantity_exhibition: cell.exhibition,
            left_feet: cell.leftFeet,
            right_feet: cell.rightFeet,
            reserved: cell.reservedPairs + cell.reservedLeft + cell.reservedRight,
          }))
          .filter((s) => s.quantity + s.quantity_exhibition + s.left_feet + s.right_feet > 0);
        if (sizes.length === 0) return [];
        const total = sizes.reduce((a, s) => a + s.quantity + s.quantity_exhibition, 0);
        return [
          {
            product_id: product.id,
            brand: product.brand,
            model: product.model,
            description: product.description,
            reference_code: product.referenceCode,
            color_info: product.color,
            image_url: product.imageKey ? `/api/v1/files/${product.imageKey}` : null,
            video_url: product.videoKey ? `/api/v1/files/${product.videoKey}` : null,
            unit_price: toPesos(product.unitPrice),
            box_price: product.boxPrice === null ? null : toPesos(product.boxPrice),
            total_quantity: total,
            single_feet: sizes.reduce((a, s) => a + s.left_feet + s.right_feet, 0),
            is_active: product.isActive ? 1 : 0,
            created_at: product.createdAt,
            updated_at: product.updatedAt,
            location_name: loc.name,
            sizes,
          },
        ];
      });
      const units = list.reduce((a, p) => a + p.total_quantity, 0);
      const value = list.reduce((a, p) => a + p.total_quantity * p.unit_price, 0);
      return {
        location_id: loc.id,
        location_name: loc.name,
        location_type: loc.type,
        products: list,
        summary: {
          unique_products: list.length,
          active_products: list.filter((p) => p.is_active === 1).length,
          total_units: units,
          total_sizes: list.reduce((a, p) => a + p.sizes.length, 0),
          total_value: Math.round(value * 100) / 100,
          average_per_product: list.length === 0 ? 0 : Math.round((units / list.length) * 10) / 10,
        },
      };
    });
    return c.json({ locations: result, total_locations: result.length });
  },
);
