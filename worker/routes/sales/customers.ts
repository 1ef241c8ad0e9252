import { Hono } from "hono";
import * as v from "valibot";
import { DOCUMENT_TYPES } from "../../../shared/constants";
import { EMAIL_NOT_VALID } from "../../../shared/messages";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import {
  CUSTOMER_NOT_FOUND,
  createCustomer,
  customerDetail,
  SELLER_EDITS_CONTACT_ONLY,
  searchCustomers,
  updateCustomer,
} from "../../domain/sales/customer-records";
import {
  CONSENT_REQUIRED,
  cleanName,
  normalisePhone,
  PHONE_NOT_VALID,
  parseDocument,
  searchKey,
  searchTerms,
} from "../../domain/sales/customers";
import type { AppEnv } from "../../env";
import { pageQuery } from "../../lib/paging";
import { booleanLike, queryValue, requiredText, validate, validateId, wholeNumber } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { IdempotencyKey } from "./sale-bodies";

const DOCUMENT_TYPE_TEXT = "El tipo de documento debe ser CC, NIT, CE o PASAPORTE";
const CHECK_DIGIT_TEXT = "El dígito de verificación debe ser un número de 0 a 9";

const nameText = requiredText("Escribe el nombre del cliente", 150);
const documentType = v.picklist(DOCUMENT_TYPES, DOCUMENT_TYPE_TEXT);
const documentNumber = requiredText("Escribe el número de documento del cliente", 30);
const checkDigit = v.nullable(
  wholeNumber({ number: CHECK_DIGIT_TEXT, whole: CHECK_DIGIT_TEXT }, [0, CHECK_DIGIT_TEXT], [9, CHECK_DIGIT_TEXT]),
);

/** A phone as typed; empty is none (null); stored as its digits without +57. */
const phoneText = v.pipe(
  v.string(PHONE_NOT_VALID),
  v.trim(),
  v.maxLength(30, PHONE_NOT_VALID),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    if (dataset.value === "") return null;
    const phone = normalisePhone(dataset.value);
    if (phone === null) {
      addIssue({ message: PHONE_NOT_VALID });
      return NEVER;
    }
    return phone;
  }),
);

const isEmail = v.pipe(v.string(), v.email());
/** An e-mail (where the electronic invoice would go); empty is none (null). */
const emailText = v.pipe(
  v.string(EMAIL_NOT_VALID),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(254, "El correo es demasiado largo"),
  v.check((x) => x === "" || v.is(isEmail, x), EMAIL_NOT_VALID),
  v.transform((x) => (x === "" ? null : x)),
);

/** The document of a body, checked for its type (NIT: its DIAN check digit), or the rule's Spanish text. */
function withDocument<T extends { document_type: (typeof DOCUMENT_TYPES)[number]; document_number: string }>(
  dataset: { value: T & { nit_check_digit?: number | null | undefined } },
  addIssue: (info: { message: string }) => void,
) {
  const parsed = parseDocument(
    dataset.value.document_type,
    dataset.value.document_number,
    dataset.value.nit_check_digit ?? null,
  );
  if (!parsed.ok) {
    addIssue({ message: parsed.message });
    return null;
  }
  return parsed.document;
}

/** POST /customers: who, their document, how to reach them, and their consent (Ley 1581 de 2012). */
export const CustomerBody = v.pipe(
  v.object({
    name: nameText,
    document_type: documentType,
    document_number: documentNumber,
    nit_check_digit: v.optional(checkDigit, null),
    phone: v.optional(v.nullable(phoneText), null),
    email: v.optional(v.nullable(emailText), null),
    data_consent: v.optional(booleanLike(CONSENT_REQUIRED), false),
    idempotency_key: IdempotencyKey,
  }),
  v.check((b) => b.data_consent === true, CONSENT_REQUIRED),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const document = withDocument(dataset, addIssue);
    if (!document) return NEVER;
    const name = cleanName(dataset.value.name);
    return { name, nameKey: searchKey(name), document, phone: dataset.value.phone, email: dataset.value.email };
  }),
);

/** PATCH /customers/:id: the fields to change; the document's type and number go together. */
export const CustomerChangesBody = v.pipe(
  v.object({
    name: v.optional(nameText),
    document_type: v.optional(documentType),
    document_number: v.optional(documentNumber),
    nit_check_digit: v.optional(checkDigit),
    phone: v.optional(v.nullable(phoneText)),
    email: v.optional(v.nullable(emailText)),
  }),
  v.check((b) => Object.values(b).some((x) => x !== undefined), "Indica al menos un campo para cambiar"),
  v.check(
    (b) => (b.document_type === undefined) === (b.document_number === undefined),
    "Para cambiar el documento indica su tipo y su número",
  ),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const { name, document_type, document_number, nit_check_digit, phone, email } = dataset.value;
    let document: NonNullable<ReturnType<typeof withDocument>> | undefined;
    if (document_type !== undefined && document_number !== undefined) {
      const parsed = withDocument({ value: { document_type, document_number, nit_check_digit } }, addIssue);
      if (!parsed) return NEVER;
      document = parsed;
    }
    const cleaned = name === undefined ? undefined : cleanName(name);
    return {
      name: cleaned === undefined ? undefined : { name: cleaned, nameKey: searchKey(cleaned) },
      document,
      phone,
      email,
    };
  }),
);

export const CustomerSearchQuery = v.object({
  q: v.optional(v.pipe(queryValue, v.trim(), v.maxLength(80, "La búsqueda es demasiado larga"))),
  ...pageQuery(30, 100),
});

const actorOf = (user: { id: number; role: string }, companyId: number) => ({
  id: user.id,
  companyId,
  role: user.role,
});

/**
 * /api/v1/customers — a store's customers (optional on a sale): sellers find and register them at the
 * till; the administrador and the boss read a customer's purchases. Stored only with their consent.
 */
export const customersRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/",
    doc(
      "Busca clientes por documento, teléfono o nombre (sin q: los registrados más recientemente), por páginas y con cuántos hay",
    ),
    requireRole(...AREA_ROLES.seller, "boss"),
    validate("query", CustomerSearchQuery),
    async (c) => {
      const { q = "", limit, offset } = c.req.valid("query");
      const found = await searchCustomers(companyDb(c), tenantId(c), q === "" ? null : searchTerms(q), {
        limit,
        offset,
      });
      // count: the rows of this page; total: every customer that matches
      return c.json({ ...found, count: found.customers.length });
    },
  )
  .post(
    "/",
    doc("Registra un cliente con su documento, contacto y autorización de tratamiento de datos (Ley 1581 de 2012)", {
      409: "Ya existe un cliente con ese documento (se indica cuál)",
      422: `${CONSENT_REQUIRED}; el documento no es válido para su tipo (dígito de verificación del NIT); el teléfono o el correo no son válidos`,
    }),
    requireRole(...AREA_ROLES.seller),
    validate("json", CustomerBody),
    async (c) => {
      const customer = await createCustomer(companyDb(c), actorOf(c.get("user"), tenantId(c)), c.req.valid("json"));
      return c.json({ success: true, message: `Cliente ${customer.name} registrado`, customer }, 201);
    },
  )
  .get(
    "/:id",
    doc("Muestra un cliente con su historial de compras (ventas con fecha, número, local, total y productos)", {
      404: `${CUSTOMER_NOT_FOUND}: no existe o es de otra empresa`,
    }),
    requireRole("administrador", "boss", "superuser"),
    validateId(),
    async (c) => c.json(await customerDetail(companyDb(c), tenantId(c), c.req.valid("param").id)),
  )
  .patch(
    "/:id",
    doc("Corrige los datos de un cliente (un vendedor solo el teléfono y el correo)", {
      403: SELLER_EDITS_CONTACT_ONLY,
      404: `${CUSTOMER_NOT_FOUND}: no existe o es de otra empresa`,
      409: "Otro cliente ya tiene ese documento (se indica cuál)",
      422: "El documento no es válido para su tipo; el teléfono o el correo no son válidos",
    }),
    requireRole(...AREA_ROLES.seller),
    validateId(),
    validate("json", CustomerChangesBody),
    async (c) => {
      const customer = await updateCustomer(
        companyDb(c),
        actorOf(c.get("user"), tenantId(c)),
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json({ success: true, message: "Cliente actualizado", customer });
    },
  );
