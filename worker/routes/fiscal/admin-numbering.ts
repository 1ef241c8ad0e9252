import { type Context, Hono } from "hono";
import * as v from "valibot";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import {
  correctDocumentText,
  createNumberingRange,
  fiscalNumber,
  type ListedRange,
  listNumberingRanges,
  type NewNumberingRange,
  rangeUsage,
  setRangeActive,
} from "../../domain/fiscal/numbering";
import { bogotaDate } from "../../domain/shared/time";
import type { AppEnv } from "../../env";
import { booleanLike, calendarDate, idLike, validate, validateId, wholeNumber } from "../../lib/validation";
import { doc } from "../../openapi/describe";

const consecutive = (label: string) =>
  wholeNumber(
    { number: `El número ${label} debe ser un número`, whole: `El número ${label} debe ser un número entero` },
    [1, `El número ${label} debe ser al menos 1`],
    [9_999_999_999, `El número ${label} es demasiado grande`],
  );

/** What the documents print about their resolution. */
const documentText = v.pipe(
  v.string("El texto de la resolución es requerido"),
  v.trim(),
  v.nonEmpty("El texto de la resolución es requerido"),
  v.maxLength(500, "El texto de la resolución es demasiado largo (máximo 500 caracteres)"),
);

const TextCorrection = v.object({ document_text: documentText });

/** A DIAN numbering resolution as the administrador types it from the resolution's PDF. */
export const NewRangeBody = v.pipe(
  v.object({
    location_id: idLike("Indica el local de la numeración"),
    resolution_number: v.pipe(
      v.string("El número de resolución es requerido"),
      v.trim(),
      v.regex(/^\d{6,20}$/, "El número de resolución son de 6 a 20 dígitos"),
    ),
    resolution_date: calendarDate("La fecha de la resolución debe ser una fecha AAAA-MM-DD"),
    prefix: v.optional(
      v.pipe(
        v.string("El prefijo debe ser texto"),
        v.trim(),
        v.toUpperCase(),
        v.regex(/^[A-Z0-9]{0,4}$/, "El prefijo son hasta 4 letras o dígitos"),
      ),
      "",
    ),
    range_from: consecutive("inicial"),
    range_to: consecutive("final"),
    valid_from: calendarDate("El inicio de la vigencia debe ser una fecha AAAA-MM-DD"),
    valid_until: calendarDate("El fin de la vigencia debe ser una fecha AAAA-MM-DD"),
    document_text: documentText,
    activate: v.optional(booleanLike("Indica si el rango queda activo"), true),
  }),
  v.transform(
    (b): NewNumberingRange => ({
      locationId: b.location_id,
      resolutionNumber: b.resolution_number,
      resolutionDate: b.resolution_date,
      prefix: b.prefix,
      rangeFrom: b.range_from,
      rangeTo: b.range_to,
      validFrom: b.valid_from,
      validUntil: b.valid_until,
      documentText: b.document_text,
      activate: b.activate,
    }),
  ),
);

const ListQuery = v.object({ location_id: v.optional(idLike("location_id debe ser un número")) });

/** A range as the API shows it: the resolution, its state on this Bogotá day and what it has used and left. */
function toRangeDto({ range, locationName }: ListedRange, today: string) {
  const usage = rangeUsage(range, today);
  return {
    id: range.id,
    location_id: range.locationId,
    location_name: locationName,
    resolution_number: range.resolutionNumber,
    resolution_date: range.resolutionDate,
    prefix: range.prefix,
    range_from: range.rangeFrom,
    range_to: range.rangeTo,
    valid_from: range.validFrom,
    valid_until: range.validUntil,
    document_text: range.documentText,
    active: range.active,
    /** the number the next document takes, as printed; null when the range is used up */
    next_number: usage.remaining > 0 ? fiscalNumber(range.prefix, range.nextNumber) : null,
    used: usage.used,
    remaining: usage.remaining,
    used_percent: usage.usedPercent,
    days_left: usage.daysLeft,
    state: usage.state,
    alerts: usage.alerts,
    created_at: range.createdAt,
  };
}

/** Switches a range on or off and answers it as the list shows it. */
async function switched(c: Context<AppEnv>, id: number, active: boolean) {
  const today = bogotaDate();
  const range = await setRangeActive(companyDb(c), tenantId(c), id, active, today);
  const message = active ? "Rango activado" : "Rango desactivado";
  return c.json({ success: true, message, range: toRangeDto(range, today) });
}

/** /api/v1/admin/admin/numbering-ranges — the stores' DIAN numbering resolutions (issue 36, docs/fiscal.md). */
export const adminNumberingRoutes = new Hono<AppEnv>()
  .get(
    "/numbering-ranges",
    doc("Lista las resoluciones de numeración DIAN de los locales, con lo usado, lo que queda y sus alertas"),
    validate("query", ListQuery),
    async (c) => {
      const today = bogotaDate();
      const rows = await listNumberingRanges(companyDb(c), tenantId(c), c.req.valid("query").location_id ?? null);
      return c.json({ ranges: rows.map((r) => toRangeDto(r, today)), total: rows.length });
    },
  )
  .post(
    "/numbering-ranges",
    doc("Registra una resolución de numeración DIAN de un local (activa por defecto: la anterior queda inactiva)", {
      404: "El local no existe o es de otra empresa",
      409: "El rango se cruza con otro del mismo prefijo",
      422: "Los datos de la resolución no son válidos, está vencida o la ubicación es una bodega",
    }),
    validate("json", NewRangeBody),
    async (c) => {
      const today = bogotaDate();
      const created = await createNumberingRange(
        companyDb(c),
        tenantId(c),
        c.get("user").id,
        c.req.valid("json"),
        today,
      );
      return c.json(
        { success: true, message: "Resolución de numeración registrada", range: toRangeDto(created, today) },
        201,
      );
    },
  )
  .patch(
    "/numbering-ranges/:id",
    doc("Corrige el texto que imprimen los documentos del rango (sus números, prefijo y fechas no cambian)", {
      404: "El rango no existe o es de otra empresa",
    }),
    validateId(),
    validate("json", TextCorrection),
    async (c) => {
      const { id } = c.req.valid("param");
      const text = c.req.valid("json").document_text;
      const range = await correctDocumentText(companyDb(c), tenantId(c), id, text);
      return c.json({
        success: true,
        message: "Texto de la resolución corregido",
        range: toRangeDto(range, bogotaDate()),
      });
    },
  )
  .post(
    "/numbering-ranges/:id/activate",
    doc("Hace de un rango el activo de su local (el anterior queda inactivo)", {
      404: "El rango no existe o es de otra empresa",
      409: "El rango ya es el activo, está agotado o su resolución venció",
    }),
    validateId(),
    async (c) => switched(c, c.req.valid("param").id, true),
  )
  .post(
    "/numbering-ranges/:id/deactivate",
    doc("Deja un rango inactivo: su local no emite documentos POS con él", {
      404: "El rango no existe o es de otra empresa",
      409: "El rango ya está inactivo",
    }),
    validateId(),
    async (c) => switched(c, c.req.valid("param").id, false),
  );
