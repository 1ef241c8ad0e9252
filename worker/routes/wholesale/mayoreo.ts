import type { Context } from "hono";
import { Hono } from "hono";
import * as v from "valibot";
import { requireModule } from "../../auth/features";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import { MAX_BOXES, MAX_PAIRS_PER_BOX, MAX_PRICE_PESOS, MSG } from "../../domain/wholesale/limits";
import { createProduct, listProducts, removeProduct, updateProduct } from "../../domain/wholesale/products";
import { omitBlank } from "../../domain/wholesale/rules";
import { listSales, type NewWholesaleSale, productSales, registerSale } from "../../domain/wholesale/sales";
import { statistics } from "../../domain/wholesale/stats";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { newObjectKey, readImageUpload } from "../../lib/uploads";
import {
  booleanLike,
  fileField,
  numberLike,
  optionalText,
  validate,
  validateBody,
  validateId,
} from "../../lib/validation";
import { doc } from "../../openapi/describe";

export const Modelo = v.pipe(
  v.string(MSG.modeloRequired),
  v.trim(),
  v.nonEmpty(MSG.modeloRequired),
  v.maxLength(200, "El modelo es demasiado largo (máximo 200 caracteres)"),
);
export const Boxes = v.pipe(
  numberLike(MSG.boxesMin),
  v.integer("La cantidad de cajas debe ser un número entero"),
  v.minValue(0, MSG.boxesMin),
  v.maxValue(MAX_BOXES, `La cantidad de cajas no puede superar ${MAX_BOXES}`),
);
export const PairsPerBox = v.pipe(
  numberLike(MSG.pairsMin),
  v.integer("Los pares por caja deben ser un número entero"),
  v.minValue(1, MSG.pairsMin),
  v.maxValue(MAX_PAIRS_PER_BOX, `Los pares por caja no pueden superar ${MAX_PAIRS_PER_BOX}`),
);
export const Price = v.pipe(
  numberLike(MSG.priceMin),
  v.minValue(0.01, MSG.priceMin),
  v.maxValue(MAX_PRICE_PESOS, "El precio es demasiado alto"),
);
export const Tallas = v.pipe(
  v.string("Las tallas deben ser texto"),
  v.trim(),
  v.maxLength(500, "Las tallas son demasiado largas (máximo 500 caracteres)"),
  v.transform((x) => (x === "" ? null : x)),
);

/** An object schema that sees every one of its keys, so a missing field gets its own Spanish message. */
function everyKey<T extends v.ObjectEntries>(entries: T) {
  const blank = Object.fromEntries(Object.keys(entries).map((key) => [key, undefined]));
  return v.pipe(
    v.looseObject({}, "El cuerpo de la solicitud debe ser un objeto JSON"),
    v.transform((input) => ({ ...blank, ...input })),
    v.object(entries),
  );
}

/** POST /productos/crear, as multipart (with the photo `foto`) or JSON. */
export const CreateProduct = everyKey({
  modelo: Modelo,
  cantidad_cajas_disponibles: Boxes,
  pares_por_caja: PairsPerBox,
  precio: Price,
  tallas: v.optional(v.nullable(Tallas), null),
  foto: fileField,
});

/** Blank or null in these means "not changed" (spec 3 §5: an empty numeric input keeps the old value). */
const KEEP_WHEN_BLANK = ["cantidad_cajas_disponibles", "pares_por_caja", "precio", "is_active"] as const;

/**
 * PUT /productos/:id/actualizar, as multipart (new photo `foto`) or JSON with the changed fields; only the
 * fields sent change, absent means "keep" (tallas "" or null clears the sizes).
 */
export const EditProduct = v.pipe(
  v.looseObject({}, "El cuerpo de la solicitud debe ser un objeto JSON"),
  v.transform((input) => omitBlank(input, KEEP_WHEN_BLANK)),
  v.object({
    modelo: v.optional(Modelo),
    cantidad_cajas_disponibles: v.optional(Boxes),
    pares_por_caja: v.optional(PairsPerBox),
    precio: v.optional(Price),
    tallas: v.optional(v.nullable(Tallas)),
    is_active: v.optional(booleanLike("El estado (is_active) debe ser verdadero o falso")),
    foto: fileField,
  }),
);

export const RegisterSale = v.pipe(
  everyKey({
    mayoreo_id: v.pipe(
      numberLike("Indica el producto de mayoreo (mayoreo_id)"),
      v.integer("El producto de mayoreo no es válido"),
      v.minValue(1, "El producto de mayoreo no es válido"),
    ),
    cantidad_cajas_vendidas: v.pipe(
      numberLike("La cantidad de cajas vendidas debe ser un número"),
      v.integer("La cantidad de cajas vendidas debe ser un número entero"),
      v.minValue(1, MSG.saleBoxesMin),
      v.maxValue(MAX_BOXES, `La cantidad de cajas vendidas no puede superar ${MAX_BOXES}`),
    ),
    precio_unitario_venta: v.optional(v.nullable(Price), null),
    notas: optionalText(1000, "notas"),
  }),
  // registerSale's input
  v.transform(
    (b): NewWholesaleSale => ({
      mayoreoId: b.mayoreo_id,
      boxes: b.cantidad_cajas_vendidas,
      unitPricePesos: b.precio_unitario_venta,
      notas: b.notas,
    }),
  ),
);

export const Page = v.object({
  limit: v.optional(
    v.pipe(
      numberLike("El límite debe ser un número"),
      v.integer("El límite debe ser un número entero"),
      v.minValue(1, "El límite debe estar entre 1 y 1000"),
      v.maxValue(1000, "El límite debe estar entre 1 y 1000"),
    ),
    200,
  ),
  offset: v.optional(
    v.pipe(
      numberLike("El desplazamiento debe ser un número"),
      v.integer("El desplazamiento debe ser un número entero"),
      v.minValue(0, "El desplazamiento no puede ser negativo"),
    ),
    0,
  ),
});

/** Stores an optional product photo (413/415 by size and magic bytes) under company/<id>/mayoreo/. */
async function storePhoto(
  c: Context<AppEnv>,
  companyId: number,
  file: File | null | undefined,
): Promise<string | null> {
  if (!file) return null;
  const image = await readImageUpload(file);
  const key = newObjectKey(companyId, "mayoreo", image.type.ext);
  try {
    await c.env.FILES.put(key, image.bytes, { httpMetadata: { contentType: image.type.mime } });
  } catch {
    throw new ApiError(503, "No se pudo guardar la foto del producto. No se guardó nada; intenta nuevamente.");
  }
  return key;
}

async function dropPhoto(c: Context<AppEnv>, key: string | null) {
  if (key) await c.env.FILES.delete(key).catch(() => undefined);
}

/** /api/v1/mayoreo — wholesale products and sales (spec 3 §7.2); administrador, or superuser naming a company. */
export const mayoreoRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...AREA_ROLES.admin), requireModule("mayoreo"))
  .post(
    "/productos/crear",
    doc("Crea un producto de mayoreo (cajas, pares por caja, precio y tallas) con foto opcional", {
      413: "La foto pesa más de 5 MB",
      415: "La foto no es una imagen JPG, PNG, GIF o WebP",
      422: "El precio, redondeado a centavos, queda en cero",
      503: "No se pudo guardar la foto (el producto no se creó)",
    }),
    validateBody(CreateProduct),
    async (c) => {
      const { foto, ...body } = c.req.valid("form");
      const companyId = tenantId(c);
      const fotoKey = await storePhoto(c, companyId, foto);
      const product = await createProduct(companyDb(c), companyId, body, fotoKey).catch(async (err: unknown) => {
        await dropPhoto(c, fotoKey);
        throw err;
      });
      return c.json({ ...product, message: MSG.productCreated }, 201);
    },
  )
  .get("/productos/listar", doc("Consulta los productos de mayoreo de la empresa"), async (c) =>
    c.json(await listProducts(companyDb(c), tenantId(c))),
  )
  // an edit without Content-Type and without body changes nothing
  .put(
    "/productos/:id/actualizar",
    doc("Modifica solo los campos enviados de un producto de mayoreo, incluida su foto", {
      404: "El producto de mayoreo no existe o es de otra empresa",
      413: "La foto pesa más de 5 MB",
      415: "La foto no es una imagen JPG, PNG, GIF o WebP",
      422: "El precio, redondeado a centavos, queda en cero",
      503: "No se pudo guardar la foto nueva (el producto no cambió)",
    }),
    validateId(),
    validateBody(EditProduct, { emptyWithoutType: true }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { foto, ...edit } = c.req.valid("form");
      const companyId = tenantId(c);
      const fotoKey = await storePhoto(c, companyId, foto);
      const { product, previousFotoKey } = await updateProduct(
        companyDb(c),
        companyId,
        id,
        edit,
        fotoKey ?? undefined,
      ).catch(async (err: unknown) => {
        await dropPhoto(c, fotoKey);
        throw err;
      });
      if (fotoKey && previousFotoKey !== fotoKey) await dropPhoto(c, previousFotoKey);
      return c.json({ ...product, message: MSG.productUpdated });
    },
  )
  .delete(
    "/productos/:id/eliminar",
    doc("Elimina un producto de mayoreo sin ventas, o lo desactiva si ya tiene ventas", {
      404: "El producto de mayoreo no existe o es de otra empresa",
    }),
    validateId(),
    async (c) => {
      const { id } = c.req.valid("param");
      const result = await removeProduct(companyDb(c), tenantId(c), id);
      if (result.outcome === "deleted") await dropPhoto(c, result.fotoKey);
      const deleted = result.outcome === "deleted";
      return c.json({
        success: true,
        message: deleted ? MSG.productDeleted : MSG.productDeactivated,
        id,
        deleted,
        deactivated: !deleted,
        producto: result.product,
      });
    },
  )
  .get(
    "/productos/:id/ventas",
    doc("Lista por páginas las ventas de un producto de mayoreo", {
      404: "El producto de mayoreo no existe o es de otra empresa",
    }),
    validate("query", Page),
    validateId(),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await productSales(companyDb(c), tenantId(c), id, c.req.valid("query")));
    },
  )
  .post(
    "/ventas/registrar",
    doc("Registra una venta de cajas de un producto de mayoreo y las descuenta de su stock", {
      404: "El producto de mayoreo no existe o es de otra empresa",
      409: "El producto está inactivo o no tiene cajas suficientes; cambió mientras se registraba la venta",
      422: "El precio, redondeado a centavos, queda en cero; el total es demasiado alto",
    }),
    validate("json", RegisterSale),
    async (c) => {
      const sale = await registerSale(
        companyDb(c),
        { id: c.get("user").id, companyId: tenantId(c) },
        c.req.valid("json"),
      );
      return c.json({ ...sale, message: MSG.saleRegistered }, 201);
    },
  )
  .get(
    "/ventas/listar",
    doc("Lista por páginas las ventas de mayoreo de la empresa"),
    validate("query", Page),
    async (c) => c.json(await listSales(companyDb(c), tenantId(c), c.req.valid("query"))),
  )
  .get("/estadisticas", doc("Calcula las estadísticas de mayoreo: productos, cajas en stock y ventas"), async (c) =>
    c.json(await statistics(companyDb(c), tenantId(c))),
  );
