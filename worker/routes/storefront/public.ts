import { and, asc, eq, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import * as v from "valibot";
import { CONTACT_THANKS } from "../../../shared/contact";
import { NEWSLETTER_EMAIL_INVALID, NEWSLETTER_EMAIL_REQUIRED } from "../../../shared/messages";
import { compareSizes, HOLD_HOURS } from "../../../shared/reservations";
import { appConfig } from "../../config";
import { companies, products } from "../../db/schema";
import { companyDbOf, everyCompanyDb, platformDb } from "../../db/shards";
import { productFacts } from "../../domain/catalogue/view";
import { receiptByToken } from "../../domain/sales/receipts";
import { canonical, sha256Hex } from "../../domain/shared/idempotency";
import { toPesos } from "../../domain/shared/money";
import { leaveContactMessage, publicStoresOf, senderHashOf } from "../../domain/storefront/contact-messages";
import { subscribe } from "../../domain/storefront/newsletter";
import {
  createWebReservation,
  publishedCondition,
  storefrontSizes,
  storefrontStock,
} from "../../domain/storefront/web-reservations";
import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { thrownRefusal } from "../../lib/http";
import { pageInfo, pageQuery } from "../../lib/paging";
import { validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { drainOutboxesSoon } from "../logistics/hub";
import { ContactBody, publicIdempotencyKey, publicKeyOf } from "./contact-bodies";
import { ReservationBody, StockQuery } from "./reservation-bodies";

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

/** A page of the storefront: 48 products unless told (at most 100), from `offset`; the answer says how many in all. */
export const STORE_PAGE_SIZE = 48;
export const ListQuery = v.object({
  category: v.optional(v.picklist(CATEGORIES, "Categoría no válida: usa running, tennis, basketball o casual")),
  ...pageQuery(STORE_PAGE_SIZE, 100),
});

async function showcaseCompanyId(c: { env: Env }): Promise<number | null> {
  const [row] = await platformDb(c.env)
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.subdomain, c.env.STOREFRONT_SUBDOMAIN))
    .limit(1);
  return row?.id ?? null;
}

/**
 * A public form's send (contact message, reservation): the showcase company (404 when none is set up),
 * its database, and what the domain keeps of the call: key, body fingerprint, hashed address, time.
 */
async function showcaseSend(c: Context<AppEnv>, body: unknown) {
  const companyId = await showcaseCompanyId(c);
  if (companyId === null) throw notFound("La tienda no está disponible");
  const db = await companyDbOf(c.env, companyId);
  const key = publicKeyOf(c);
  const send = {
    key,
    fingerprint: key === null ? null : await sha256Hex(canonical(body)),
    senderHash: await senderHashOf(appConfig(c.env).jwtSecret, c.req.header("CF-Connecting-IP")),
    now: new Date(),
  };
  return { companyId, db, send };
}

/** A receipt link names no company: every shard is asked at once, and the one that holds it answers. */
async function receiptAnywhere(env: Env, token: string) {
  const asked = await Promise.allSettled(everyCompanyDb(env).map((db) => receiptByToken(db, token)));
  for (const answer of asked) if (answer.status === "fulfilled") return answer.value;
  for (const answer of asked) {
    const notHere = answer.status === "rejected" && thrownRefusal(answer.reason)?.status === 404;
    if (!notHere && answer.status === "rejected") throw answer.reason;
  }
  throw notFound("Recibo no encontrado");
}

const ReceiptToken = v.object({
  token: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/, "El enlace del recibo no es válido")),
});

/**
 * Public storefront: the products the showcase company publishes (no token), with the sizes its stores
 * have free, reservations at a store, the contact form, and a sale's receipt by its link.
 */
export const publicRoutes = new Hono<AppEnv>()
  .get(
    "/receipts/:token",
    doc("Muestra el recibo de una venta por su enlace público (sin iniciar sesión); solo esa venta", {
      404: "Ningún recibo tiene ese enlace",
      422: "El enlace no tiene la forma de un recibo (32 dígitos hexadecimales)",
    }),
    validate("param", ReceiptToken),
    async (c) => {
      const receipt = await receiptAnywhere(c.env, c.req.valid("param").token);
      // the link is the secret: no shared cache may keep it
      c.header("Cache-Control", "private, no-store");
      c.header("Referrer-Policy", "no-referrer");
      return c.json({ receipt });
    },
  )
  .get(
    "/products",
    doc(
      "Muestra por páginas los productos publicados de la tienda de vitrina (activos, con foto), sin iniciar sesión, con las tallas que tienen pares libres en sus tiendas, y cuántos hay en total",
    ),
    validate("query", ListQuery),
    async (c) => {
      const { category, ...page } = c.req.valid("query");
      const companyId = await showcaseCompanyId(c);
      if (companyId === null) return c.json({ products: [], ...pageInfo(page, 0) });
      const db = await companyDbOf(c.env, companyId);
      // what the storefront shows: one condition for the page and its total (add the next rule here)
      const shown = and(publishedCondition(companyId), category ? eq(products.category, category) : undefined);
      const [rows, [counted]] = await db.batch([
        db
          .select()
          .from(products)
          .where(shown)
          // products with a photo first: the storefront features them; the id keeps pages apart on ties
          .orderBy(sql`${products.imageKey} IS NULL`, asc(products.brand), asc(products.model), asc(products.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: sql<number>`COUNT(*)` }).from(products).where(shown),
      ]);
      const sizes = await storefrontSizes(
        db,
        companyId,
        rows.map((p) => p.id),
      );
      const list = rows.map((p) => ({
        ...productFacts(p),
        unit_price: toPesos(p.unitPrice),
        image_url: p.imageKey ? `/api/v1/public/products/${p.id}/image` : null,
        // the sizes with pairs free in the open stores (none: "Agotado")
        sizes: [...(sizes.get(p.id) ?? new Map<string, number>())]
          .map(([size, available]) => ({ size, available }))
          .sort((a, b) => compareSizes(a.size, b.size)),
      }));
      return c.json({ products: list, ...pageInfo(page, Number(counted?.n ?? 0)) });
    },
  )
  .get(
    "/products/:id/image",
    doc(
      "Descarga la foto de un producto de la tienda de vitrina",
      { 404: "La tienda no está configurada; el producto no existe, no está publicado o no tiene foto" },
      { description: "Responde la imagen con su tipo de contenido" },
    ),
    validateId(),
    async (c) => {
      const id = c.req.valid("param").id;
      const companyId = await showcaseCompanyId(c);
      if (companyId === null) throw notFound("Producto no encontrado");
      const [row] = await (await companyDbOf(c.env, companyId))
        .select({ imageKey: products.imageKey })
        .from(products)
        .where(and(eq(products.id, id), publishedCondition(companyId)))
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
      await subscribe(await companyDbOf(c.env, companyId), companyId, c.req.valid("json").email);
      return c.json({ message: "¡Gracias por suscribirte!" }, 201);
    },
  )
  .post(
    "/contact",
    doc("Deja un mensaje del formulario de contacto para la tienda de vitrina, opcionalmente para una de sus tiendas", {
      404: "La tienda de vitrina no está configurada",
      422: "La tienda elegida no es una de sus tiendas abiertas, o la Idempotency-Key ya se usó con otros datos",
      429: "El correo o la conexión enviaron demasiados mensajes en la última hora (Retry-After dice cuánto esperar)",
    }),
    publicIdempotencyKey(),
    validate("json", ContactBody),
    async (c) => {
      const body = c.req.valid("json");
      const { companyId, db, send } = await showcaseSend(c, body);
      const outcome = await leaveContactMessage(db, companyId, body, send);
      if (outcome === "replayed") c.header("Idempotent-Replayed", "true");
      return c.json({ message: CONTACT_THANKS }, 201);
    },
  )
  .get(
    "/stock",
    doc(
      "Pares libres por tienda y talla de los productos publicados que se piden (los de un carrito): qué tiendas tienen cada talla",
    ),
    validate("query", StockQuery),
    async (c) => {
      const companyId = await showcaseCompanyId(c);
      const ids = c.req.valid("query").ids;
      const stock =
        companyId === null ? [] : await storefrontStock(await companyDbOf(c.env, companyId), companyId, ids);
      return c.json({ stock });
    },
  )
  .post(
    "/reservations",
    doc(
      `Reserva los pares de un carrito en una tienda durante ${HOLD_HOURS} horas a nombre de quien compra; responde el código de la reserva, dónde y hasta cuándo`,
      {
        404: "La tienda de vitrina no está configurada",
        409: "La tienda ya no tiene libres los pares de alguna línea (dice cuáles)",
        422: "La tienda o un producto no se ofrece, o la Idempotency-Key ya se usó con otros datos",
        429: "El teléfono o la conexión hicieron demasiadas reservas en la última hora (Retry-After dice cuánto esperar)",
      },
    ),
    publicIdempotencyKey(),
    validate("json", ReservationBody),
    async (c) => {
      const body = c.req.valid("json");
      const { companyId, db, send } = await showcaseSend(c, body);
      const { outcome, reservation } = await createWebReservation(db, companyId, body, send);
      if (outcome === "replayed") c.header("Idempotent-Replayed", "true");
      // the held pairs may have taken a store below an alert rule's minimum (issue 37)
      else drainOutboxesSoon(c, companyId);
      c.header("Cache-Control", "private, no-store");
      return c.json(
        {
          message: `Reservamos tus pares en ${reservation.store.name}. Tu código es ${reservation.code}.`,
          reservation,
        },
        201,
      );
    },
  )
  .get(
    "/stores",
    doc("Lista las tiendas abiertas de la tienda de vitrina: dirección, teléfono, horario y WhatsApp"),
    async (c) => {
      const companyId = await showcaseCompanyId(c);
      const stores = companyId === null ? [] : await publicStoresOf(await companyDbOf(c.env, companyId), companyId);
      return c.json({ stores });
    },
  );
