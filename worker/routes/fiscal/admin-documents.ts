import { Hono } from "hono";
import * as v from "valibot";
import { tenantId } from "../../auth/tenant";
import { FISCAL_DOCUMENT_STATES } from "../../db/schema";
import { companyDb } from "../../db/shards";
import {
  type FiscalSettingsInput,
  fiscalSettingsOf,
  listDocuments,
  resendDocument,
  saveFiscalSettings,
} from "../../domain/fiscal/documents";
import type { AppEnv } from "../../env";
import { pageQuery } from "../../lib/paging";
import { queryValue, validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { issueDocumentsNow } from "../logistics/hub";

const text = (label: string, max: number) =>
  v.pipe(
    v.string(`El campo '${label}' es requerido`),
    v.trim(),
    v.nonEmpty(`El campo '${label}' es requerido`),
    v.maxLength(max, `El campo '${label}' es demasiado largo`),
  );
const digits = (label: string, pattern: RegExp, message: string) =>
  v.pipe(v.string(`El campo '${label}' es requerido`), v.trim(), v.regex(pattern, message));

/** How the company issues electronic documents: the software DIAN registered, its address, its provider. */
const SettingsBody = v.pipe(
  v.object({
    environment: v.picklist(["1", "2"], "El ambiente es 1 (producción) o 2 (habilitación)"),
    software_id: text("identificador del software", 80),
    software_pin: digits("PIN del software", /^\d{4,20}$/, "El PIN del software son de 4 a 20 dígitos"),
    software_maker: v.optional(text("fabricante del software", 120), "Horma"),
    person_type: v.optional(
      v.picklist(["juridica", "natural"], "El tipo de persona es juridica o natural"),
      "juridica",
    ),
    tax_regime: v.optional(v.picklist(["48", "49"], "El régimen es 48 (responsable de IVA) o 49"), "48"),
    responsibilities: v.optional(text("responsabilidades fiscales", 120), "R-99-PN"),
    address: text("dirección", 200),
    city_code: digits("código DANE del municipio", /^\d{5}$/, "El código DANE del municipio son 5 dígitos"),
    city_name: text("municipio", 80),
    department_code: digits("código DANE del departamento", /^\d{2}$/, "El código DANE del departamento son 2 dígitos"),
    department_name: text("departamento", 80),
    provider: v.picklist(["prueba", "http"], "El proveedor es prueba o http"),
    provider_url: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(300))), null),
    provider_secret: v.optional(
      v.nullable(
        v.pipe(
          v.string(),
          v.trim(),
          v.regex(/^[A-Z][A-Z0-9_]{2,60}$/, "El secreto se nombra en mayúsculas (p. ej. PROVEEDOR_FE_TOKEN)"),
        ),
      ),
      null,
    ),
  }),
  v.transform(
    (b): FiscalSettingsInput => ({
      environment: b.environment,
      softwareId: b.software_id,
      softwarePin: b.software_pin,
      softwareMaker: b.software_maker,
      personType: b.person_type,
      taxRegime: b.tax_regime,
      responsibilities: b.responsibilities,
      address: b.address,
      cityCode: b.city_code,
      cityName: b.city_name,
      departmentCode: b.department_code,
      departmentName: b.department_name,
      provider: b.provider,
      providerUrl: b.provider_url,
      providerSecret: b.provider_secret,
    }),
  ),
);

const DocumentsQuery = v.object({
  status: v.optional(v.pipe(queryValue, v.picklist(FISCAL_DOCUMENT_STATES, "El estado no es válido"))),
  /** "1": only the documents that need the administrador (rejected, or the provider silent too long). */
  attention: v.optional(v.pipe(queryValue, v.picklist(["1"], "El filtro de atención no es válido"))),
  ...pageQuery(50, 200),
});

/** /api/v1/admin/admin: electronic documents (issue 36, docs/fiscal.md): settings, list, re-send. */
export const adminDocumentsRoutes = new Hono<AppEnv>()
  .get("/fiscal-settings", doc("La configuración de facturación electrónica de la empresa (sin el PIN)"), async (c) =>
    c.json({ settings: await fiscalSettingsOf(companyDb(c), tenantId(c)) }),
  )
  .put(
    "/fiscal-settings",
    doc("Guarda la configuración de facturación electrónica: software DIAN, dirección con códigos DANE y proveedor", {
      422: "Faltan datos o no son válidos",
    }),
    validate("json", SettingsBody),
    async (c) => {
      const settings = await saveFiscalSettings(companyDb(c), tenantId(c), c.req.valid("json"));
      // documents that waited for the settings go now
      issueDocumentsNow(c, tenantId(c));
      return c.json({ success: true, message: "Configuración de facturación electrónica guardada", settings });
    },
  )
  .get(
    "/electronic-documents",
    doc(
      "Los documentos electrónicos (POS y notas de ajuste) con su estado en la DIAN, los más recientes primero, y cuántos requieren atención (rechazados, o sin respuesta del proveedor)",
    ),
    validate("query", DocumentsQuery),
    async (c) => {
      const { status, attention, limit, offset } = c.req.valid("query");
      const filter = { status: status ?? null, attention: attention === "1" };
      return c.json(await listDocuments(companyDb(c), tenantId(c), filter, { limit, offset }));
    },
  )
  .post(
    "/electronic-documents/:id/resend",
    doc("Reenvía un documento que la DIAN rechazó, después de corregir sus datos (se arma de nuevo)", {
      404: "El documento no existe o es de otra empresa",
      409: "Solo se reenvía un documento rechazado",
    }),
    validateId(),
    async (c) => {
      const document = await resendDocument(companyDb(c), tenantId(c), c.req.valid("param").id);
      issueDocumentsNow(c, tenantId(c));
      return c.json({ success: true, message: "Documento enviado de nuevo", document });
    },
  );
