import { Hono } from "hono";
import * as v from "valibot";
import { tenantId } from "../../auth/tenant";
import { companyDb, platformDb } from "../../db/shards";
import { resetPassword, unlockAccount, unlockedMessage } from "../../domain/accounts/credentials";
import {
  createCompanyUser,
  getStaff,
  listStaff,
  STAFF_ROLES,
  staffRoleOf,
  updateStaff,
} from "../../domain/accounts/staff";
import type { AppEnv } from "../../env";
import { validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { CreateUser, SetPasswordBody, UpdateUser } from "./staff-bodies";

export const ListQuery = v.object({
  role: v.optional(
    v.pipe(
      v.string(),
      v.check((r) => r === "" || staffRoleOf(r) !== null, "El rol debe ser vendedor, bodeguero o corredor"),
    ),
  ),
  location_id: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/, "La ubicación no es válida"), v.transform(Number))),
  is_active: v.optional(v.picklist(["true", "false"], "is_active debe ser true o false")),
});

/** /api/v1/admin/admin/users — staff of the company (spec 3 §7.1). */
export const adminUsersRoutes = new Hono<AppEnv>()
  .post(
    "/users",
    doc("Crea un empleado de la empresa (vendedor, bodeguero o corredor) asignado a una ubicación", {
      404: "La ubicación indicada no existe o es de otra empresa",
      409: "Ya existe un usuario con ese correo; la empresa alcanzó el límite de empleados de su plan",
      422: "Un bodeguero sin una bodega activa o un vendedor sin un local activo (los corredores pueden quedar sin ubicación)",
    }),
    validate("json", CreateUser),
    async (c) => {
      const companyId = tenantId(c);
      const db = companyDb(c);
      const id = await createCompanyUser(db, platformDb(c.env), companyId, c.req.valid("json"));
      const user = await getStaff(db, companyId, id);
      return c.json({ success: true, message: "Usuario creado exitosamente", user, ...user }, 201);
    },
  )
  .get(
    "/users",
    doc("Consulta los empleados de la empresa, filtrables por rol, ubicación y estado"),
    validate("query", ListQuery),
    async (c) => {
      const q = c.req.valid("query");
      const list = await listStaff(companyDb(c), tenantId(c), {
        role: q.role ? (staffRoleOf(q.role) ?? undefined) : undefined,
        locationId: q.location_id,
        isActive: q.is_active === undefined ? undefined : q.is_active === "true",
      });
      return c.json({ users: list, total: list.length, roles: STAFF_ROLES });
    },
  )
  .put(
    "/users/:id",
    doc("Actualiza el nombre, la ubicación o el estado activo de un empleado", {
      404: "El usuario no existe, es de otra empresa o no es vendedor, bodeguero ni corredor; la ubicación indicada no es de la empresa",
      409: "Reactivarlo supera el límite de empleados del plan",
      422: "Se intentó cambiar el correo o el rol; un bodeguero activo quedaría sin una bodega activa o un vendedor activo sin un local activo",
    }),
    validate("json", UpdateUser),
    validateId(),
    async (c) => {
      const id = c.req.valid("param").id;
      const { changes, locked } = c.req.valid("json");
      const user = await updateStaff(companyDb(c), tenantId(c), id, changes, locked);
      return c.json({ success: true, message: "Usuario actualizado exitosamente", user, ...user });
    },
  )
  .put(
    "/users/:id/password",
    doc("Asigna una nueva contraseña a un empleado y lo desbloquea", {
      404: "El usuario no existe, es de otra empresa o no es vendedor, bodeguero ni corredor",
      422: "La contraseña no cumple las reglas del rol",
    }),
    validate("json", SetPasswordBody),
    validateId(),
    async (c) => {
      const target = { userId: c.req.valid("param").id, companyId: tenantId(c), roles: STAFF_ROLES };
      await resetPassword(companyDb(c), target, c.req.valid("json").password);
      return c.json({ success: true, message: "Contraseña actualizada exitosamente" });
    },
  )
  .post(
    "/users/:id/unlock",
    doc("Desbloquea el inicio de sesión de un empleado tras intentos fallidos", {
      404: "El usuario no existe, es de otra empresa o no es vendedor, bodeguero ni corredor",
    }),
    validateId(),
    async (c) => {
      const target = { userId: c.req.valid("param").id, companyId: tenantId(c), roles: STAFF_ROLES };
      const result = await unlockAccount(companyDb(c), target);
      return c.json({
        success: true,
        message: unlockedMessage(result.was_locked),
        was_locked: result.was_locked,
      });
    },
  );
