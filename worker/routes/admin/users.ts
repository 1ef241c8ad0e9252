import { Hono } from "hono";
import * as v from "valibot";
import { tenantId } from "../../auth/tenant";
import { createDb } from "../../db/client";
import { createCompanyUser, getStaff, listStaff, STAFF_ROLES, staffRoleOf, updateStaff } from "../../domain/staff";
import type { AppEnv } from "../../env";
import { numberLike, parseId, requiredText, validate } from "../../lib/validation";

const locationId = v.optional(
  v.nullable(
    v.union(
      [
        v.literal(""),
        v.pipe(
          numberLike("La ubicación no es válida"),
          v.integer("La ubicación no es válida"),
          v.minValue(1, "La ubicación no es válida"),
        ),
      ],
      "La ubicación no es válida",
    ),
  ),
);
const toLocation = (value: number | "" | null | undefined) => (value === "" || value === undefined ? null : value);

const CreateUser = v.object({
  email: v.pipe(requiredText("El email es requerido", 254), v.toLowerCase(), v.email("El email no es válido")),
  password: v.optional(
    v.pipe(
      v.string("La contraseña es requerida"),
      v.nonEmpty("La contraseña es requerida"),
      v.minLength(6, "La contraseña debe tener al menos 6 caracteres"),
      v.maxLength(200, "La contraseña es demasiado larga"),
    ),
    "",
  ),
  first_name: requiredText("El nombre es requerido", 100),
  last_name: requiredText("El apellido es requerido", 100),
  role: v.pipe(
    requiredText("El rol es requerido", 20),
    v.check((r) => staffRoleOf(r) !== null, "El rol debe ser vendedor, bodeguero o corredor"),
  ),
  location_id: locationId,
});

const UpdateUser = v.object({
  first_name: v.optional(
    v.pipe(v.string("El nombre es requerido"), v.trim(), v.nonEmpty("El nombre es requerido"), v.maxLength(100)),
  ),
  last_name: v.optional(
    v.pipe(v.string("El apellido es requerido"), v.trim(), v.nonEmpty("El apellido es requerido"), v.maxLength(100)),
  ),
  is_active: v.optional(v.boolean("is_active debe ser verdadero o falso")),
  location_id: locationId,
  email: v.optional(v.string()),
  role: v.optional(v.string()),
});

const ListQuery = v.object({
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
  .post("/users", validate("json", CreateUser), async (c) => {
    const body = c.req.valid("json");
    const companyId = tenantId(c);
    const db = createDb(c.env.DB);
    const id = await createCompanyUser(db, companyId, {
      email: body.email,
      password: body.password,
      firstName: body.first_name,
      lastName: body.last_name,
      role: staffRoleOf(body.role) ?? "seller",
      locationId: toLocation(body.location_id),
    });
    const user = await getStaff(db, companyId, id);
    return c.json({ success: true, message: "Usuario creado exitosamente", user, ...user }, 201);
  })
  .get("/users", validate("query", ListQuery), async (c) => {
    const q = c.req.valid("query");
    const list = await listStaff(createDb(c.env.DB), tenantId(c), {
      role: q.role ? (staffRoleOf(q.role) ?? undefined) : undefined,
      locationId: q.location_id,
      isActive: q.is_active === undefined ? undefined : q.is_active === "true",
    });
    return c.json({ users: list, total: list.length, roles: STAFF_ROLES });
  })
  .put("/users/:id", validate("json", UpdateUser), async (c) => {
    const id = parseId(c.req.param("id"));
    const body = c.req.valid("json");
    const user = await updateStaff(
      createDb(c.env.DB),
      tenantId(c),
      id,
      {
        ...(body.first_name !== undefined ? { firstName: body.first_name } : {}),
        ...(body.last_name !== undefined ? { lastName: body.last_name } : {}),
        ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
        ...(body.location_id !== undefined ? { locationId: toLocation(body.location_id) } : {}),
      },
      { email: body.email, role: body.role },
    );
    return c.json({ success: true, message: "Usuario actualizado exitosamente", user, ...user });
  });
