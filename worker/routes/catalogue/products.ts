import { Hono } from "hono";
import * as v from "valibot";
import { CATEGORIES } from "../../../shared/constants";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import { productDetail } from "../../domain/catalogue/detail";
import { replaceProductPhoto, updateProduct } from "../../domain/catalogue/edit";
import { labelSheet } from "../../domain/catalogue/labels";
import { listCatalogue, SORTS } from "../../domain/catalogue/list";
import { productMovements, productMovementsCount } from "../../domain/catalogue/movements";
import {
  barcodeText,
  category,
  clearable,
  gender,
  LIMITS,
  pricePesos,
  requiredName,
  sizeName,
  skuText,
  taxClass,
  unitPricePesos,
} from "../../domain/catalogue/product-fields";
import { CODE_NOT_FOUND, listVariants, lookupCode, saveVariants } from "../../domain/catalogue/variants";
import { productOf } from "../../domain/catalogue/view";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { pageInfo, pageQuery } from "../../lib/paging";
import { newObjectKey, readImageUpload } from "../../lib/uploads";
import {
  fileField,
  numberLike,
  queryCount,
  queryValue,
  validate,
  validateBody,
  validateId,
} from "../../lib/validation";
import { doc } from "../../openapi/describe";

const EDITORS = ["administrador", "superuser"] as const;

const PHOTO_MISSING = "Adjunta la foto del producto (campo image)";
export const ProductPhoto = v.object({ image: fileField });

const positiveInt = (message: string, max: number) => v.optional(queryCount(6, max, message));

export const CatalogueQuery = v.object({
  q: v.optional(v.pipe(queryValue, v.trim(), v.maxLength(80, "La búsqueda es demasiado larga"))),
  category: v.optional(v.pipe(queryValue, v.picklist(CATEGORIES, "La categoría no es válida"))),
  brand: v.optional(v.pipe(queryValue, v.trim(), v.maxLength(80, "La marca es demasiado larga"))),
  active: v.optional(
    v.pipe(queryValue, v.picklist(["true", "false", "all"], "activo debe ser true, false o all")),
    "all",
  ),
  stock: v.optional(v.pipe(queryValue, v.picklist(["with", "without"], "stock debe ser with o without"))),
  scan: v.optional(v.pipe(queryValue, v.picklist(["with", "without"], "scan debe ser with o without"))),
  sort: v.optional(v.pipe(queryValue, v.picklist(SORTS, "El orden no es válido")), "brand"),
  order: v.optional(v.pipe(queryValue, v.picklist(["asc", "desc"], "La dirección debe ser asc o desc")), "asc"),
  page: v.optional(positiveInt("La página no es válida", 100_000), "1"),
  page_size: v.optional(positiveInt("El tamaño de página debe estar entre 1 y 200", 200), "50"),
});

export const LookupQuery = v.object({
  code: v.pipe(
    queryValue,
    v.trim(),
    v.nonEmpty("Escribe o escanea un código"),
    v.maxLength(60, "El código es demasiado largo"),
  ),
});

/** A page of a product's ledger: 100 rows unless told (at most 500), from `offset`. */
export const MovementsQuery = v.object(pageQuery(100, 500));

const price = (label: string) => v.pipe(numberLike(`El ${label} debe ser un número`), pricePesos(label));

export const ProductChanges = v.pipe(
  v.object({
    brand: v.optional(requiredName("marca", LIMITS.brand)),
    model: v.optional(requiredName("modelo", LIMITS.model)),
    color: v.optional(clearable("color", LIMITS.color)),
    description: v.optional(clearable("descripción", LIMITS.description)),
    category: v.optional(v.nullable(category)),
    gender: v.optional(v.nullable(gender)),
    unit_price: v.optional(v.pipe(numberLike("El precio unitario debe ser un número"), unitPricePesos)),
    box_price: v.optional(v.nullable(price("precio por caja"))),
    cost_price: v.optional(v.nullable(price("costo"))),
    tax_class: v.optional(taxClass),
    is_active: v.optional(v.boolean("is_active debe ser verdadero o falso")),
    /** "Publicar en la tienda": only a product with a photo (409 otherwise) */
    published: v.optional(v.boolean("published debe ser verdadero o falso")),
  }),
  v.check((b) => Object.values(b).some((x) => x !== undefined), "Indica al menos un campo para cambiar"),
);

export const Variants = v.object({
  variants: v.pipe(
    v.array(
      v.object({
        size: v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))], "La talla es requerida"), sizeName),
        barcode: v.optional(v.nullable(barcodeText)),
        sku: v.optional(v.nullable(skuText)),
      }),
      "variants debe ser una lista",
    ),
    v.maxLength(100, "Demasiadas tallas"),
  ),
});

const copiesMessage = "Las copias deben ser un número entero entre 1 y 200";
export const LabelSheet = v.object({
  items: v.pipe(
    v.array(
      v.object({
        product_id: v.pipe(
          v.number("product_id debe ser un número"),
          v.integer("product_id debe ser un número entero"),
          v.minValue(1, "product_id no es válido"),
        ),
        size: v.pipe(
          v.union([v.string(), v.pipe(v.number(), v.transform(String))], "La talla es requerida"),
          v.transform((s) => s.trim()),
          v.nonEmpty("La talla es requerida"),
          v.maxLength(10, "La talla no es válida"),
        ),
        copies: v.optional(
          v.pipe(
            v.number(copiesMessage),
            v.integer(copiesMessage),
            v.minValue(1, copiesMessage),
            v.maxValue(200, copiesMessage),
          ),
          1,
        ),
      }),
      "items debe ser una lista",
    ),
    v.minLength(1, "Indica al menos una talla para imprimir"),
    v.maxLength(500, "Demasiadas etiquetas en una hoja (máximo 500 tallas)"),
  ),
});

/**
 * /api/v1/products — the catalogue: administrador edits, boss reads (cost included, never to sellers);
 * `lookup` finds a product by reference code, barcode or SKU for every company role.
 */
export const productsRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/lookup",
    doc(
      "Busca un producto por código de referencia, código de barras o SKU (sin distinguir mayúsculas), con su precio y stock en todas las ubicaciones",
      {
        404: CODE_NOT_FOUND,
      },
    ),
    requireRole(...AREA_ROLES.companyStaff),
    validate("query", LookupQuery),
    async (c) => {
      const user = c.get("user");
      return c.json(await lookupCode(companyDb(c), tenantId(c), user.locationId, c.req.valid("query").code));
    },
  )
  .post(
    "/labels",
    doc(
      "Etiquetas de caja por talla con su código de barras; a las tallas sin código les asigna un EAN-13 interno (prefijo 29) único en la empresa",
      {
        404: "Uno de los productos no existe o es de otra empresa",
        409: "No se pudieron asignar los códigos internos",
      },
    ),
    requireRole(...AREA_ROLES.warehouse),
    validate("json", LabelSheet),
    async (c) => c.json(await labelSheet(companyDb(c), tenantId(c), c.req.valid("json").items)),
  )
  .get(
    "/",
    doc(
      "Lista el catálogo con búsqueda (referencia, código de barras, marca, modelo, color), filtros, orden y páginas",
    ),
    requireRole("administrador", "boss", "superuser"),
    validate("query", CatalogueQuery),
    async (c) => {
      const q = c.req.valid("query");
      return c.json(
        await listCatalogue(companyDb(c), tenantId(c), {
          ...q,
          page: Number(q.page),
          page_size: Number(q.page_size),
        }),
      );
    },
  )
  .get(
    "/:id",
    doc(
      "Muestra un producto: tallas con códigos y stock por ubicación, historial de precios, huellas de escaneo y movimientos",
      {
        404: "El producto no existe o es de otra empresa",
      },
    ),
    requireRole("administrador", "boss", "superuser"),
    validateId(),
    async (c) => c.json(await productDetail(companyDb(c), tenantId(c), c.req.valid("param").id)),
  )
  .get(
    "/:id/movements",
    doc(
      "Lista por páginas los movimientos de stock de un producto (libro de movimientos), del más reciente al más antiguo, y cuántos hay",
      {
        404: "El producto no existe o es de otra empresa",
      },
    ),
    requireRole("administrador", "boss", "superuser"),
    validateId(),
    validate("query", MovementsQuery),
    async (c) => {
      const db = companyDb(c);
      const companyId = tenantId(c);
      const id = c.req.valid("param").id;
      await productOf(db, companyId, id);
      const page = c.req.valid("query");
      const [movements, total] = await Promise.all([
        productMovements(db, companyId, id, page),
        productMovementsCount(db, companyId, id),
      ]);
      return c.json({ movements, ...pageInfo(page, total) });
    },
  )
  .patch(
    "/:id",
    doc(
      "Edita un producto (datos, precios y costo; activar o desactivar; publicar en la tienda en línea); cada cambio de precio queda en su historial",
      {
        404: "El producto no existe o es de otra empresa",
        409: "El producto cambió mientras se guardaba, o se quiere publicar sin foto",
      },
    ),
    requireRole(...EDITORS),
    validateId(),
    validate("json", ProductChanges),
    async (c) => {
      const companyId = tenantId(c);
      const product = await updateProduct(
        companyDb(c),
        { id: c.get("user").id, companyId },
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json({ success: true, message: "Producto actualizado", product });
    },
  )
  .put(
    "/:id/photo",
    doc(
      "Cambia la foto del producto (JPG, PNG, GIF o WebP hasta 5 MB); el navegador vuelve a calcular sus huellas de escaneo",
      {
        404: "El producto no existe o es de otra empresa",
        503: "No se pudo guardar la foto (el producto no cambió)",
      },
    ),
    requireRole(...EDITORS),
    validateId(),
    validateBody(ProductPhoto),
    async (c) => {
      const db = companyDb(c);
      const companyId = tenantId(c);
      const id = c.req.valid("param").id;
      const { image } = c.req.valid("form");
      if (!image) throw new ApiError(422, PHOTO_MISSING);
      await productOf(db, companyId, id);
      const upload = await readImageUpload(image);
      const key = newObjectKey(companyId, `products/${id}`, upload.type.ext);
      try {
        await c.env.FILES.put(key, upload.bytes, { httpMetadata: { contentType: upload.type.mime } });
      } catch {
        throw new ApiError(503, "No se pudo guardar la foto. El producto no cambió; intenta nuevamente.");
      }
      const product = await replaceProductPhoto(db, companyId, id, key);
      return c.json({ success: true, message: "Foto actualizada", product });
    },
  )
  .put(
    "/:id/variants",
    doc(
      "Asigna los códigos de barras y SKU de las tallas de un producto (referencias, códigos de barras y SKU de la empresa son un solo espacio de códigos, sin distinguir mayúsculas)",
      {
        404: "El producto no existe o es de otra empresa",
        409: "El código ya es la referencia, el código de barras o el SKU de otro producto o talla",
      },
    ),
    requireRole(...EDITORS),
    validateId(),
    validate("json", Variants),
    async (c) => {
      const db = companyDb(c);
      const companyId = tenantId(c);
      const id = c.req.valid("param").id;
      const variants = await saveVariants(db, companyId, id, c.req.valid("json").variants);
      return c.json({ success: true, variants });
    },
  )
  .get(
    "/:id/variants",
    doc("Lista los códigos de barras y SKU de las tallas de un producto", {
      404: "El producto no existe o es de otra empresa",
    }),
    requireRole("administrador", "boss", "superuser"),
    validateId(),
    async (c) => {
      const db = companyDb(c);
      const companyId = tenantId(c);
      const id = c.req.valid("param").id;
      await productOf(db, companyId, id);
      return c.json({ variants: await listVariants(db, companyId, id) });
    },
  );
