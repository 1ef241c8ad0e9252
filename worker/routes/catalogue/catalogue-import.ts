import { Hono } from "hono";
import * as v from "valibot";
import { plural } from "../../../shared/plural";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import { applyImport, dryRun, readCatalogue } from "../../domain/catalogue/csv/apply";
import { MAX_ROWS } from "../../domain/catalogue/csv/columns";
import { catalogueCsv, exportFileName } from "../../domain/catalogue/csv/export";
import { parseCsv } from "../../domain/catalogue/csv/parse";
import type { Plan } from "../../domain/catalogue/csv/plan";
import { bogotaDate } from "../../domain/shared/time";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { validate } from "../../lib/validation";
import { doc } from "../../openapi/describe";

/** The file's text in a JSON body (the API's 1 MB body limit bounds it: 413). */
export const CsvBody = v.object({
  csv: v.pipe(v.string("Envía el contenido del archivo CSV en el campo csv"), v.nonEmpty("El archivo está vacío")),
});

const TOO_MANY_ROWS = `El archivo tiene más de ${MAX_ROWS} filas; divídelo en varios archivos`;

/** The file's rows, or its errors as the dry run answers them; too many rows is 413. */
function rowsOf(csv: string) {
  const parsed = parseCsv(csv);
  if (!parsed.ok && parsed.tooMany) throw new ApiError(413, parsed.errors[0]?.message ?? TOO_MANY_ROWS);
  return parsed;
}

/** The dry run's answer: the rows that change or fail (unchanged rows are only counted), and the errors. */
function planAnswer(plan: Pick<Plan, "rows" | "errors" | "summary">) {
  return {
    summary: plan.summary,
    can_apply: plan.errors.length === 0,
    rows: plan.rows.filter((r) => r.action !== "unchanged"),
    errors: plan.errors.map((e) => ({ row: e.row, column: e.column, message: e.message })),
  };
}

/**
 * /api/v1/admin/admin/catalogue — the catalogue as a CSV file (issue 37): export, and an import that
 * first says what it would do (dry run) and then applies it once. Mounted in the administrador's panel
 * (administrador and superuser; the boss reads the catalogue but does not edit it).
 */
export const catalogueImportRoutes = new Hono<AppEnv>()
  .get(
    "/catalogue/export",
    doc(
      "Descarga el catálogo en CSV (una fila por producto y talla; precios en pesos enteros; separador ; y BOM UTF-8 para Excel)",
    ),
    async (c) => {
      const text = catalogueCsv(await readCatalogue(companyDb(c), tenantId(c)));
      return c.body(text, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFileName(bogotaDate())}"`,
        "Cache-Control": "no-store",
      });
    },
  )
  .post(
    "/catalogue/import/dry-run",
    doc(
      "Revisa un CSV del catálogo sin cambiar nada: qué filas crearían o actualizarían productos y tallas (con el valor anterior y el nuevo) y los errores por fila",
      { 413: TOO_MANY_ROWS },
    ),
    validate("json", CsvBody),
    async (c) => {
      const parsed = rowsOf(c.req.valid("json").csv);
      if (!parsed.ok) {
        return c.json(
          planAnswer({
            rows: [],
            errors: parsed.errors,
            summary: {
              rows: 0,
              products_created: 0,
              products_updated: 0,
              products_unchanged: 0,
              sizes_created: 0,
              sizes_updated: 0,
              errors: parsed.errors.length,
            },
          }),
        );
      }
      return c.json(planAnswer(await dryRun(companyDb(c), tenantId(c), parsed.rows)));
    },
  )
  .post(
    "/catalogue/import/apply",
    doc(
      "Aplica un CSV del catálogo: crea y actualiza productos y tallas solo si el archivo no tiene errores; el mismo archivo otra vez no cambia nada (con Idempotency-Key, un reintento responde lo mismo)",
      {
        413: TOO_MANY_ROWS,
        409: "El catálogo cambió muchas veces mientras se importaba",
        422: "El archivo tiene errores (la vista previa los muestra por fila)",
      },
    ),
    validate("json", CsvBody),
    async (c) => {
      const parsed = rowsOf(c.req.valid("json").csv);
      if (!parsed.ok) {
        const n = parsed.errors.length;
        throw new ApiError(
          422,
          `El archivo tiene ${plural(n, "error", "errores")}: ${parsed.errors[0]?.message ?? ""}. Nada cambió.`,
        );
      }
      const actor = { id: c.get("user").id, companyId: tenantId(c) };
      const { summary } = await applyImport(companyDb(c), actor, parsed.rows);
      return c.json({ success: true, message: "Importación aplicada", summary });
    },
  );
