import { Hono } from "hono";
import * as v from "valibot";
import { tenantId } from "../../auth/tenant";
import { ALERT_KINDS, ALERT_STATUSES } from "../../db/schema";
import { companyDb } from "../../db/shards";
import { listAlertMessages } from "../../domain/alerts/list";
import { alertSettingsOf, updateAlertSettings } from "../../domain/alerts/settings";
import type { AppEnv } from "../../env";
import { pageInfo, pageQuery } from "../../lib/paging";
import { queryValue, validate } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { drainOutboxesSoon } from "../logistics/hub";

const MessagesQuery = v.object({
  status: v.optional(v.pipe(queryValue, v.picklist(ALERT_STATUSES, "El estado no es válido"))),
  kind: v.optional(v.pipe(queryValue, v.picklist(ALERT_KINDS, "El tipo de alerta no es válido"))),
  ...pageQuery(50, 200),
});

const email = v.pipe(
  v.string("Cada dirección es un texto"),
  v.trim(),
  v.toLowerCase(),
  v.email("Una de las direcciones de notificación no es un correo válido"),
  v.maxLength(200, "Una de las direcciones de notificación es demasiado larga"),
);

const SettingsBody = v.pipe(
  v.object({
    daily_digest: v.optional(v.boolean("El resumen diario es verdadero o falso")),
    notification_emails: v.optional(
      v.pipe(
        v.array(email, "Las direcciones de notificación son una lista"),
        v.maxLength(10, "Hasta 10 direcciones de notificación"),
      ),
    ),
  }),
  v.check(
    (b) => b.daily_digest !== undefined || b.notification_emails !== undefined,
    "Indica el resumen diario o las direcciones de notificación",
  ),
);

/** /api/v1/admin/admin: alert e-mails (issue 37, docs/alerts.md): what was sent or waits, and their settings. */
export const adminAlertsRoutes = new Hono<AppEnv>()
  .get(
    "/alert-messages",
    doc(
      "Los correos de alerta de la empresa (poco stock, caja con diferencia, recepciones con diferencias, numeración DIAN y resúmenes diarios), los más recientes primero, con su estado, destinatarios, cuándo se enviaron y su id de mensaje",
    ),
    validate("query", MessagesQuery),
    async (c) => {
      const { status, kind, limit, offset } = c.req.valid("query");
      const { messages, total } = await listAlertMessages(
        companyDb(c),
        tenantId(c),
        { status: status ?? null, kind: kind ?? null },
        { limit, offset },
      );
      return c.json({ messages, ...pageInfo({ limit, offset }, total) });
    },
  )
  .get(
    "/alert-settings",
    doc("Las direcciones de notificación de la empresa y si las alertas llegan en un resumen diario"),
    async (c) => c.json({ settings: await alertSettingsOf(companyDb(c), tenantId(c)) }),
  )
  .put(
    "/alert-settings",
    doc(
      "Guarda las direcciones de notificación y el «Resumen diario por correo» (apagarlo envía ya, una por una, las alertas que esperaban el resumen)",
      { 422: "Una dirección no es un correo válido, son más de 10, o no se indicó nada" },
    ),
    validate("json", SettingsBody),
    async (c) => {
      const settings = await updateAlertSettings(companyDb(c), tenantId(c), c.req.valid("json"));
      if (!settings.daily_digest) drainOutboxesSoon(c, tenantId(c));
      return c.json({ success: true, message: "Configuración de alertas guardada", settings });
    },
  );
