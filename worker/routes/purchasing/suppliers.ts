import { Hono } from "hono";
import * as v from "valibot";
import { EMAIL_NOT_VALID } from "../../../shared/messages";
import { parseNit } from "../../../shared/nit";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import {
  createSupplier,
  listSuppliers,
  type SupplierFields,
  supplierOf,
  supplierView,
  updateSupplier,
} from "../../domain/purchasing/suppliers";
import type { AppEnv } from "../../env";
import {
  booleanLike,
  optionalText,
  queryValue,
  requiredText,
  validate,
  validateId,
  wholeNumber,
} from "../../lib/validation";
import { doc } from "../../openapi/describe";

/** A supplier's NIT with its DIAN check digit (shared/nit.ts: the one rule and its Spanish texts). */
const supplierNit = v.pipe(
  v.string("El NIT del proveedor es requerido"),
  v.trim(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const parsed = parseNit(dataset.value);
    if (!parsed.ok) {
      addIssue({ message: parsed.message });
      return NEVER;
    }
    return { nit: parsed.number, nitCheckDigit: parsed.checkDigit };
  }),
);

/** An e-mail that may be left empty (null). */
const optionalEmail = v.nullable(
  v.pipe(
    v.string("El correo debe ser texto"),
    v.trim(),
    v.toLowerCase(),
    v.union(
      [v.literal(""), v.pipe(v.string(), v.email(EMAIL_NOT_VALID), v.maxLength(254, "El correo es demasiado largo"))],
      EMAIL_NOT_VALID,
    ),
    v.transform((x) => (x === "" ? null : x)),
  ),
);

const leadTime = wholeNumber(
  { number: "El plazo de entrega debe ser un número de días", whole: "El plazo de entrega son días enteros" },
  [0, "El plazo de entrega no puede ser negativo"],
  [365, "El plazo de entrega es de máximo 365 días"],
);

const SupplierBody = v.pipe(
  v.object({
    name: requiredText("El nombre del proveedor es requerido", 120),
    nit: supplierNit,
    contact_name: optionalText(120, "contacto"),
    phone: optionalText(40, "teléfono"),
    email: v.optional(optionalEmail, null),
    lead_time_days: v.optional(leadTime, 7),
  }),
  v.transform(
    (b): SupplierFields => ({
      name: b.name,
      nit: b.nit.nit,
      nitCheckDigit: b.nit.nitCheckDigit,
      contactName: b.contact_name,
      phone: b.phone,
      email: b.email,
      leadTimeDays: b.lead_time_days,
    }),
  ),
);

const SupplierChanges = v.pipe(
  v.object({
    name: v.optional(requiredText("El nombre del proveedor es requerido", 120)),
    nit: v.optional(supplierNit),
    contact_name: v.optional(optionalText(120, "contacto")),
    phone: v.optional(optionalText(40, "teléfono")),
    email: v.optional(optionalEmail),
    lead_time_days: v.optional(leadTime),
    is_active: v.optional(booleanLike("Indica si el proveedor está activo")),
  }),
  v.transform((b) => ({
    ...(b.name === undefined ? {} : { name: b.name }),
    ...(b.nit === undefined ? {} : { nit: b.nit.nit, nitCheckDigit: b.nit.nitCheckDigit }),
    ...(b.contact_name === undefined ? {} : { contactName: b.contact_name }),
    ...(b.phone === undefined ? {} : { phone: b.phone }),
    ...(b.email === undefined ? {} : { email: b.email }),
    ...(b.lead_time_days === undefined ? {} : { leadTimeDays: b.lead_time_days }),
    ...(b.is_active === undefined ? {} : { isActive: b.is_active }),
  })),
);

const ListQuery = v.object({
  include_inactive: v.optional(v.pipe(queryValue, v.picklist(["1"], "include_inactive solo admite 1"))),
});

/** /api/v1/admin/admin/suppliers — who the company buys from (issue 37, docs/purchasing.md). */
export const suppliersRoutes = new Hono<AppEnv>()
  .get(
    "/suppliers",
    doc("Lista los proveedores de la empresa (los inactivos con include_inactive=1)"),
    validate("query", ListQuery),
    async (c) => {
      const rows = await listSuppliers(companyDb(c), tenantId(c), c.req.valid("query").include_inactive === "1");
      return c.json({ suppliers: rows.map(supplierView), total: rows.length });
    },
  )
  .post(
    "/suppliers",
    doc("Registra un proveedor: nombre, NIT con dígito de verificación, contacto y plazo de entrega", {
      409: "Ya hay un proveedor con ese NIT",
      422: "Los datos del proveedor no son válidos",
    }),
    validate("json", SupplierBody),
    async (c) => {
      const supplier = await createSupplier(companyDb(c), tenantId(c), c.req.valid("json"));
      return c.json({ success: true, message: "Proveedor registrado", supplier: supplierView(supplier) }, 201);
    },
  )
  .get(
    "/suppliers/:id",
    doc("Un proveedor", { 404: "El proveedor no existe o es de otra empresa" }),
    validateId(),
    async (c) =>
      c.json({ supplier: supplierView(await supplierOf(companyDb(c), tenantId(c), c.req.valid("param").id)) }),
  )
  .patch(
    "/suppliers/:id",
    doc("Corrige los datos de un proveedor o lo activa/inactiva", {
      404: "El proveedor no existe o es de otra empresa",
      409: "Ya hay un proveedor con ese NIT",
    }),
    validateId(),
    validate("json", SupplierChanges),
    async (c) => {
      const supplier = await updateSupplier(companyDb(c), tenantId(c), c.req.valid("param").id, c.req.valid("json"));
      return c.json({ success: true, message: "Proveedor actualizado", supplier: supplierView(supplier) });
    },
  );
