import { Hono } from "hono";
import * as v from "valibot";
import { NIT_AS_PRINTED, NIT_AS_PRINTED_TEXT } from "../../../shared/constants";
import { tenantId } from "../../auth/tenant";
import { createDb } from "../../db/client";
import { receiptSettings, updateReceiptSettings } from "../../domain/company-settings";
import type { AppEnv } from "../../env";
import { clearableText, validate } from "../../lib/validation";
import { doc } from "../../openapi/describe";

export const ReceiptSettingsBody = v.pipe(
  v.object({
    legal_name: clearableText(200, "razón social"),
    tax_id: v.optional(
      v.nullable(
        v.pipe(
          v.string("El NIT debe ser texto"),
          v.trim(),
          v.check((x) => x === "" || NIT_AS_PRINTED.test(x), NIT_AS_PRINTED_TEXT),
          v.transform((x) => (x === "" ? null : x)),
        ),
      ),
    ),
    phone: clearableText(40, "teléfono"),
    return_policy: clearableText(1000, "política de devoluciones"),
  }),
  v.check((b) => Object.values(b).some((x) => x !== undefined), "Indica al menos un campo"),
);

/** /api/v1/admin/admin/settings — the company's receipt data (legal name, NIT, phone, return policy). */
export const adminSettingsRoutes = new Hono<AppEnv>()
  .get("/settings", doc("Datos de la empresa que se imprimen en los recibos"), async (c) =>
    c.json({ settings: await receiptSettings(createDb(c.env.DB), tenantId(c)) }),
  )
  .put(
    "/settings",
    doc("Cambia los datos de los recibos: razón social, NIT, teléfono y política de devoluciones"),
    validate("json", ReceiptSettingsBody),
    async (c) => {
      const settings = await updateReceiptSettings(createDb(c.env.DB), tenantId(c), c.req.valid("json"));
      return c.json({ success: true, message: "Datos de los recibos guardados", settings });
    },
  );
