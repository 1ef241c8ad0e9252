import { Hono } from "hono";
import * as v from "valibot";
import { TAX_CLASSES } from "../../../shared/constants";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import { receiptSettings, updateReceiptSettings } from "../../domain/company/settings";
import type { AppEnv } from "../../env";
import { companyNit } from "../../lib/nit";
import { booleanLike, clearableText, numberLike, validate, wholeNumber } from "../../lib/validation";
import { doc } from "../../openapi/describe";

export const ReceiptSettingsBody = v.pipe(
  v.object({
    legal_name: clearableText(200, "razón social"),
    tax_id: v.optional(v.nullable(companyNit)),
    phone: clearableText(40, "teléfono"),
    return_policy: clearableText(1000, "política de devoluciones"),
    return_window_days: v.optional(
      wholeNumber(
        {
          number: "El plazo de devolución debe ser un número de días",
          whole: "El plazo de devolución debe ser un número entero de días",
        },
        [0, "El plazo de devolución no puede ser negativo"],
        [365, "El plazo de devolución es de máximo 365 días"],
      ),
    ),
    require_open_till: v.optional(booleanLike("Indica si las ventas necesitan la caja abierta")),
    require_fiscal_numbering: v.optional(booleanLike("Indica si las ventas necesitan numeración DIAN vigente")),
    default_tax_class: v.optional(v.picklist(TAX_CLASSES, "La clase de IVA debe ser iva_19, iva_5, exento o excluido")),
    till_alert_threshold: v.optional(
      v.pipe(
        numberLike("El umbral de alerta debe ser un número"),
        v.minValue(0, "El umbral de alerta no puede ser negativo"),
        v.maxValue(100_000_000, "El umbral de alerta es demasiado alto"),
      ),
    ),
  }),
  v.check((b) => Object.values(b).some((x) => x !== undefined), "Indica al menos un campo"),
);

/**
 * /api/v1/admin/admin/settings — the company's receipt data (legal name, NIT, phone, return policy) and
 * its till and return rules (open till to sell, alert threshold, return window).
 */
export const adminSettingsRoutes = new Hono<AppEnv>()
  .get("/settings", doc("Datos de la empresa que se imprimen en los recibos"), async (c) =>
    c.json({ settings: await receiptSettings(companyDb(c), tenantId(c)) }),
  )
  .put(
    "/settings",
    doc(
      "Cambia los datos de los recibos (razón social, NIT, teléfono, política de devoluciones) y las reglas de caja y devoluciones",
    ),
    validate("json", ReceiptSettingsBody),
    async (c) => {
      const settings = await updateReceiptSettings(companyDb(c), tenantId(c), c.req.valid("json"));
      return c.json({ success: true, message: "Configuración guardada", settings });
    },
  );
