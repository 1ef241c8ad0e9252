import * as v from "valibot";
import {
  BOX_PRICE_INVALID,
  BRAND_REQUIRED,
  COST_PRICE_INVALID,
  LOCATION_REQUIRED,
  MODEL_REQUIRED,
  SIZE_REQUIRED,
  UNIT_PRICE_INVALID,
} from "../../../shared/messages";
import { toCentavos } from "../../domain/shared/money";
import type { NewAlert } from "../../domain/stock/inventory-alerts";
import type { EntryInput as NewEntry, SizeDistribution } from "../../domain/stock/inventory-entry";
import {
  booleanLike,
  fileField,
  idLike,
  jsonText,
  NOT_AN_OBJECT,
  numberLike,
  optionalText,
} from "../../lib/validation";

/** Inputs of the administrador's inventory routes (routes/stock/admin-inventory.ts). */

export const VIDEO_WRONG_TYPE = "El video debe ser WebM o MP4";

/** One location's share of a size; an empty location ("" from a form) is no location. */
export const LocationQuantity = v.pipe(
  v.object({
    location_id: v.optional(v.nullable(v.union([v.literal(""), numberLike("La ubicación no es válida")]))),
    quantity: v.pipe(
      numberLike("La cantidad debe ser un número"),
      v.integer("La cantidad debe ser un número entero"),
      v.minValue(0, "La cantidad no puede ser negativa"),
      v.maxValue(100_000, "La cantidad es demasiado alta"),
    ),
  }),
  v.transform((e) => ({ location_id: e.location_id === "" ? null : e.location_id, quantity: e.quantity })),
);
export const Distribution = v.pipe(
  v.array(
    v.object({
      size: v.pipe(
        v.union([v.string(), v.pipe(v.number(), v.transform(String))], SIZE_REQUIRED),
        v.maxLength(10, "La talla no es válida"),
      ),
      pairs: v.optional(v.array(LocationQuantity), []),
      left_feet: v.optional(v.array(LocationQuantity), []),
      right_feet: v.optional(v.array(LocationQuantity), []),
    }),
    "La distribución por tallas debe ser una lista",
  ),
  v.maxLength(60, "Demasiadas tallas"),
);
// a value that is not an object answers as the route always did (the embeddings were parsed on their own)
export const Embeddings = v.object(
  {
    model_id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(80)),
    vectors: v.pipe(v.array(v.pipe(v.array(v.number()), v.minLength(64), v.maxLength(2048))), v.maxLength(32)),
  },
  NOT_AN_OBJECT,
);

export const EntryFields = v.object({
  product_brand: v.pipe(v.string(BRAND_REQUIRED), v.trim(), v.nonEmpty(BRAND_REQUIRED), v.maxLength(80)),
  product_model: v.pipe(v.string(MODEL_REQUIRED), v.trim(), v.nonEmpty(MODEL_REQUIRED), v.maxLength(120)),
  unit_price: v.pipe(
    numberLike(UNIT_PRICE_INVALID),
    v.gtValue(0, UNIT_PRICE_INVALID),
    v.maxValue(1_000_000_000, "El precio es demasiado alto"),
  ),
  box_price: v.optional(
    v.nullable(v.union([v.literal(""), v.pipe(numberLike(BOX_PRICE_INVALID), v.minValue(0, BOX_PRICE_INVALID))])),
  ),
  // what each pair cost the company (the cost of goods of its sales); empty keeps the product's
  cost_price: v.optional(
    v.nullable(
      v.union(
        [
          v.literal(""),
          v.pipe(
            numberLike(COST_PRICE_INVALID),
            v.minValue(0, COST_PRICE_INVALID),
            v.maxValue(1_000_000_000, "El costo es demasiado alto"),
          ),
        ],
        COST_PRICE_INVALID,
      ),
    ),
  ),
  reference_code: v.optional(
    v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(60, "El código de referencia es demasiado largo"))),
  ),
  color: optionalText(60, "color"),
  notes: optionalText(1000, "notas"),
  video_key: v.optional(v.pipe(v.string(), v.maxLength(300))),
  // the entry from a purchase order: its pairs of this product are received on the order (docs/purchasing.md)
  purchase_order_id: v.optional(v.union([v.literal(""), idLike("La orden de compra no es válida")])),
  product_id: v.optional(v.union([v.literal(""), idLike("El producto de la orden no es válido")])),
});

type EntryFieldsSent = v.InferInput<typeof EntryFields> & {
  sizes_distribution_json?: string | v.InferInput<typeof Distribution> | null;
  /** Older clients name the distribution without `_json`. */
  sizes_distribution?: string | v.InferInput<typeof Distribution> | null;
  embeddings_json?: string | v.InferInput<typeof Embeddings>;
  video_file?: File | string;
  reference_image?: File | string;
};

/**
 * POST /inventory/video-entry-distributed, as multipart (the video `video_file` of up to 40 MB, or the
 * `video_key` of a video uploaded by parts; a `reference_image`; the distribution and the visual
 * fingerprints as JSON text) or JSON. The distribution is also read as `sizes_distribution`; none is `[]`.
 */
export const VideoEntryBody = v.pipe(
  v.custom<EntryFieldsSent>((x) => typeof x === "object" && x !== null && !Array.isArray(x), NOT_AN_OBJECT),
  v.transform(({ sizes_distribution, ...rest }: EntryFieldsSent) => ({
    ...rest,
    sizes_distribution_json: rest.sizes_distribution_json ?? sizes_distribution,
  })),
  v.object({
    ...EntryFields.entries,
    sizes_distribution_json: jsonText(
      v.pipe(
        v.custom<v.InferInput<typeof Distribution> | null | undefined>(() => true),
        v.transform((x) => x ?? []),
        Distribution,
      ),
      "sizes_distribution_json",
    ),
    // "" (the JSON text `""`) means none; JSON null does not
    embeddings_json: v.optional(
      jsonText(
        v.pipe(
          v.custom<v.InferInput<typeof Embeddings> | "">(() => true),
          v.transform((x) => (x === "" ? undefined : x)),
          v.optional(Embeddings),
        ),
        "embeddings_json",
      ),
    ),
    video_file: fileField,
    reference_image: fileField,
  }),
  v.check((b) => !b.purchase_order_id || Boolean(b.product_id), "Indica el producto de la orden de compra que ingresa"),
  // registerEntry's input (prices in centavos) but what the route adds: who, the keys of the stored video
  // and photo, and the cells of the distribution (planDistribution, before any file is read)
  v.transform(
    (b): EntryFromBody => ({
      brand: b.product_brand,
      model: b.product_model,
      color: b.color,
      description: b.notes,
      referenceCode: b.reference_code?.trim() ? b.reference_code.trim() : null,
      unitPriceCentavos: toCentavos(b.unit_price),
      boxPriceCentavos: centavosOrNull(b.box_price),
      costPriceCentavos: centavosOrNull(b.cost_price),
      embeddings: b.embeddings_json
        ? { modelId: b.embeddings_json.model_id, vectors: b.embeddings_json.vectors }
        : null,
      sizes: b.sizes_distribution_json,
      videoFile: b.video_file,
      videoKey: b.video_key,
      referenceImage: b.reference_image,
      fromOrder: b.purchase_order_id && b.product_id ? { orderId: b.purchase_order_id, productId: b.product_id } : null,
    }),
  ),
);

/** An optional price of the form: absent, null or "" is none. */
const centavosOrNull = (pesos: number | "" | null | undefined) =>
  pesos === undefined || pesos === null || pesos === "" ? null : toCentavos(pesos);

type EntryFromBody = Omit<NewEntry, "companyId" | "userId" | "videoKey" | "imageKey" | "cells"> & {
  sizes: SizeDistribution[];
  videoFile: File | null | undefined;
  /** a video already uploaded by parts */
  videoKey: string | undefined;
  referenceImage: File | null | undefined;
  /** the purchase order whose pending pairs of the product this entry receives */
  fromOrder: { orderId: number; productId: number } | null;
};

export const StartUpload = v.object({
  content_type: v.picklist(["video/webm", "video/mp4"], VIDEO_WRONG_TYPE),
  size: v.pipe(numberLike("El tamaño del video es requerido"), v.integer(), v.minValue(1, "El video está vacío")),
});
export const UploadRef = v.object({
  key: v.pipe(v.string("Falta la clave del video"), v.maxLength(300)),
  upload_id: v.pipe(v.string("Falta el identificador de la carga"), v.nonEmpty(), v.maxLength(1000)),
});
export const PartQuery = v.object({
  ...UploadRef.entries,
  part_number: v.pipe(
    v.string(),
    v.regex(/^\d{1,5}$/, "Número de parte no válido"),
    v.transform(Number),
    v.minValue(1),
    v.maxValue(10_000),
  ),
});
export const CompleteUpload = v.object({
  ...UploadRef.entries,
  parts: v.pipe(
    v.array(
      v.object({ part_number: v.pipe(v.number(), v.integer(), v.minValue(1)), etag: v.pipe(v.string(), v.nonEmpty()) }),
    ),
    v.minLength(1, "No se recibió ninguna parte del video"),
  ),
});

export const CreateAlert = v.pipe(
  v.object({
    location_id: v.pipe(numberLike(LOCATION_REQUIRED), v.integer(), v.minValue(1, LOCATION_REQUIRED)),
    alert_type: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(40)), "inventario_minimo"),
    threshold_value: v.pipe(
      numberLike("El umbral debe ser un número"),
      v.integer("El umbral debe ser un número entero"),
      v.minValue(0, "El umbral no puede ser negativo"),
      v.maxValue(1_000_000),
    ),
    product_reference: optionalText(60, "referencia"),
    notification_emails: v.optional(
      v.union([
        v.pipe(v.array(v.pipe(v.string(), v.trim(), v.email("Correo de notificación no válido"))), v.maxLength(20)),
        v.pipe(
          v.string(),
          v.transform((s) => s.split(/[,;\s]+/).filter(Boolean)),
          v.array(v.pipe(v.string(), v.email("Correo de notificación no válido"))),
        ),
      ]),
      [],
    ),
    is_active: v.optional(booleanLike("is_active debe ser verdadero o falso"), true),
  }),
  // createAlert's input
  v.transform(
    (b): NewAlert => ({
      locationId: b.location_id,
      alertType: b.alert_type,
      thresholdValue: b.threshold_value,
      productReference: b.product_reference,
      notificationEmails: b.notification_emails,
      isActive: b.is_active,
    }),
  ),
);
