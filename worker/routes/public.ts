import { and, asc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { NEWSLETTER_EMAIL_INVALID, NEWSLETTER_EMAIL_REQUIRED } from "../../shared/messages";
import { createDb } from "../db/client";
import { companies, products } from "../db/schema";
import { toPesos } from "../domain/money";
import { subscribe } from "../domain/newsletter";
import { receiptByToken } from "../domain/receipts";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { validate, validateId } from "../lib/validation";
import { doc } from "../openapi/describe";

export const CATEGORIES = ["running", "tennis", "basketball", "casual"] as const;

export const Subscription = v.object({
  email: v.pipe(
    v.string(NEWSLETTER_EMAIL_REQUIRED),
    v.trim(),
    v.nonEmpty(NEWSLETTER_EMAIL_REQUIRED),
    v.maxLength(254, "El correo electrónico es demasiado largo."),
    v.email(NEWSLETTER_EMAIL_INVALID),
  ),
});

export const ListQuery = v.object({
  category: v.optional(v.picklist(CATEGORIES, "Categoría no válida: usa running, tennis, basketball o casual")),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, "El límite debe ser un número"),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(100),
    ),
  ),
});

async function showcaseCompanyId(c: { env: Env }): Promise<number | null> {
  const [row] = await createDb(c.env.DB)
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.subdomain, c.env.STOREFRONT_SUBDOMAIN))
    .limit(1);
  return row?.id ?? null;
}

const ReceiptToken = v.object({
  token: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/, "El enlace del recibo no es válido")),
});

/** Public storefront: active products of the showcase company (no token), and a sale's receipt by its link. */
export const publicRoutes = new Hono<AppEnv>()
  .get(
    "/receipts/:token",
    doc("Muestra el recibo de una venta por su enlace público (sin iniciar sesión); solo esa venta", {
      404: "Ningún recibo tiene ese enlace",
      422: "El enlace no tiene la forma de un recibo (32 dígitos hexadecimales)",
    }),
    validate("param", ReceiptToken),
    async (c) => {
      const receipt = await receiptByToken(createDb(c.env.DB), c.req.valid("param").token);
      // the link is the secret: no shared cache may keep it
      c.header("Cache-Control", "private, no-store");
      c.header("Referrer-Policy", "no-referrer");
      return c.json({ receipt });
    },
  )
  .get(
    "/products",
    doc("Muestra los productos activos de la tienda de vitrina, sin iniciar sesión"),
    validate("query", ListQuery),
    async (c) => {
      const { category, limit } = c.req.valid("query");
      const companyId = await showcaseCompanyId(c);
      if (companyId === null) return c.json({ products: [], total: 0 });
      const rows = await createDb(c.env.DB)
        .select()
        .from(products)
        .where(
          and(
            eq(products.companyId, companyId),
            eq(products.isActive, true),
            category ? eq(products.category, category) : undefined,
          ),
        )
        // products with a photo first: the storefront features them
        .orderBy(sql`${products.imageKey} IS NULL`, asc(products.brand), asc(products.model))
        .limit(limit ?? 48);
      const list = rows.map((p) => ({
        id: p.id,
        reference_code: p.referenceCode,
        brand: p.brand,
        model: p.model,
        color: p.color,
        description: p.description,
        category: p.category,
        unit_price: toPesos(p.unitPrice),
        image_url: p.imageKey ? `/api/v1/public/products/${p.id}/image` : null,
      }));
      return c.json({ products: list, total: list.length });
    },
  )
  .get(
    "/products/:id/image",
    doc(
      "Descarga la foto de un producto de la tienda de vitrina",
      { 404: "La tienda no está configurada; el producto no existe, está inactivo o no tiene foto" },
      { description: "Responde la imagen con su tipo de contenido" },
    ),
    validateId(),
    async (c) => {
      const id = c.req.valid("param").id;
      const companyId = await showcaseCompanyId(c);
      if (companyId === null) throw notFound("Producto no encontrado");
      const [row] = await createDb(c.env.DB)
        .select({ imageKey: products.imageKey })
        .from(products)
        .where(and(eq(products.id, id), eq(products.companyId, companyId), eq(products.isActive, true)))
        .limit(1);
      if (!row?.imageKey) throw notFound("Imagen no encontrada");
      const object = await c.env.FILES.get(row.imageKey);
      if (!object) throw notFound("Imagen no encontrada");
      return new Response(object.body, {
        headers: {
          "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
          "Content-Disposition": "inline",
          "Cache-Control": "public, max-age=3600",
          "X-Content-Type-Options": "nosniff",
          "Content-Security-Policy": "default-src 'none'; sandbox",
          ETag: object.httpEtag,
        },
      });
    },
  )
  .post(
    "/newsletter",
    doc("Suscribe un correo al boletín de la tienda de vitrina", { 404: "La tienda de vitrina no está configurada" }),
    validate("json", Subscription),
    async (c) => {
      const companyId = await showcaseCompanyId(c);
      if (companyId === null) throw notFound("La tienda no está disponible");
      await subscribe(createDb(c.env.DB), companyId, c.req.valid("json").email);
      return c.json({ message: "¡Gracias por suscribirte!" }, 201);
    },
  );
