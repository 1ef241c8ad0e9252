import { Hono } from "hono";
import * as v from "valibot";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import { contactMessagesOf, markContactMessage } from "../../domain/storefront/contact-messages";
import type { AppEnv } from "../../env";
import { pageQuery } from "../../lib/paging";
import { validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";

export const ReadBody = v.object({
  read: v.optional(v.boolean("Indica si el mensaje queda leído (true) o sin leer (false)"), true),
});

/** /api/v1/admin/admin/contact-messages — what visitors wrote in the storefront's contact form (issue 32 §6). */
export const adminContactMessagesRoutes = new Hono<AppEnv>()
  .get(
    "/contact-messages",
    doc(
      "Entrega por páginas los mensajes del formulario de contacto de la tienda, del más reciente, y cuántos hay y sin leer",
    ),
    // 50 a page unless told, at most 200
    validate("query", v.object(pageQuery(50, 200))),
    async (c) => c.json(await contactMessagesOf(companyDb(c), tenantId(c), c.req.valid("query"))),
  )
  .put(
    "/contact-messages/:id/read",
    doc("Marca un mensaje de la tienda como leído (o sin leer con read: false)", {
      404: "El mensaje no existe o es de otra empresa",
    }),
    validateId(),
    validate("json", ReadBody),
    async (c) => {
      const { read } = c.req.valid("json");
      const message = await markContactMessage(companyDb(c), tenantId(c), c.req.valid("param").id, read, new Date());
      return c.json({
        success: true,
        message: read ? "Mensaje marcado como leído" : "Mensaje marcado como no leído",
        contact_message: message,
      });
    },
  );
