// Request bodies of the accounts context: staff created and edited (admin), administradores (boss,
// superadmin) and passwords (admin, boss, superadmin, auth).
import * as v from "valibot";
import {
  CURRENT_PASSWORD_REQUIRED,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  FIRST_NAME_REQUIRED,
  LAST_NAME_REQUIRED,
  PASSWORD_MIN_6,
  PASSWORD_REQUIRED,
  ROLE_REQUIRED,
} from "../../../shared/messages";
import {
  type AdministradorActiveChange,
  type LockedStaffFields,
  type NewUser,
  type StaffChanges,
  staffRoleOf,
} from "../../domain/accounts/staff";
import { booleanLike, idLike, requiredText } from "../../lib/validation";

export const LocationIdField = v.optional(
  v.nullable(v.union([v.literal(""), idLike("La ubicación no es válida")], "La ubicación no es válida")),
);
const toLocation = (value: number | "" | null | undefined) => (value === "" || value === undefined ? null : value);

/** A staff password (min 6, spec 3 §9); the role-specific rules are the domain's (credentials.ts). */
export const StaffPasswordField = v.optional(
  v.pipe(
    v.string(PASSWORD_REQUIRED),
    v.nonEmpty(PASSWORD_REQUIRED),
    v.minLength(6, PASSWORD_MIN_6),
    v.maxLength(200, "La contraseña es demasiado larga"),
  ),
  "",
);

/** A new password for someone else; the domain checks it against the target's role. */
export const NewPasswordField = v.optional(
  v.pipe(
    v.string(PASSWORD_REQUIRED),
    v.nonEmpty(PASSWORD_REQUIRED),
    v.maxLength(200, "La contraseña es demasiado larga"),
  ),
  "",
);

export const EmailField = v.pipe(requiredText(EMAIL_REQUIRED, 254), v.toLowerCase(), v.email(EMAIL_INVALID));

/** A new staff user (POST /admin/admin/users): vendedor, bodeguero or corredor, at a location. */
export const CreateUser = v.pipe(
  v.object({
    email: EmailField,
    password: StaffPasswordField,
    first_name: requiredText(FIRST_NAME_REQUIRED, 100),
    last_name: requiredText(LAST_NAME_REQUIRED, 100),
    role: v.pipe(
      requiredText(ROLE_REQUIRED, 20),
      v.check((r) => staffRoleOf(r) !== null, "El rol debe ser vendedor, bodeguero o corredor"),
    ),
    location_id: LocationIdField,
  }),
  // createCompanyUser's input
  v.transform(
    (b): NewUser => ({
      email: b.email,
      password: b.password,
      firstName: b.first_name,
      lastName: b.last_name,
      role: staffRoleOf(b.role) ?? "seller",
      locationId: toLocation(b.location_id),
    }),
  ),
);

/** An edit of a staff user (PUT /admin/admin/users/:id): only the fields sent; e-mail and role cannot change. */
export const UpdateUser = v.pipe(
  v.object({
    first_name: v.optional(
      v.pipe(v.string(FIRST_NAME_REQUIRED), v.trim(), v.nonEmpty(FIRST_NAME_REQUIRED), v.maxLength(100)),
    ),
    last_name: v.optional(
      v.pipe(v.string(LAST_NAME_REQUIRED), v.trim(), v.nonEmpty(LAST_NAME_REQUIRED), v.maxLength(100)),
    ),
    is_active: v.optional(v.boolean("is_active debe ser verdadero o falso")),
    location_id: LocationIdField,
    email: v.optional(v.string()),
    role: v.optional(v.string()),
  }),
  // updateStaff's changes (only the fields sent) and the fields it refuses to change
  v.transform((b): { changes: StaffChanges; locked: LockedStaffFields } => ({
    changes: {
      ...(b.first_name !== undefined ? { firstName: b.first_name } : {}),
      ...(b.last_name !== undefined ? { lastName: b.last_name } : {}),
      ...(b.is_active !== undefined ? { isActive: b.is_active } : {}),
      ...(b.location_id !== undefined ? { locationId: toLocation(b.location_id) } : {}),
    },
    locked: { email: b.email, role: b.role },
  })),
);

/** A new administrador (issue 15): the staff user fields without the role. */
export const AdministradorBody = v.pipe(
  v.object({
    email: EmailField,
    password: StaffPasswordField,
    first_name: requiredText(FIRST_NAME_REQUIRED, 100),
    last_name: requiredText(LAST_NAME_REQUIRED, 100),
    location_id: LocationIdField,
  }),
  // createAdministrador's input (the boss's and the superuser's routes)
  v.transform(
    (b): Omit<NewUser, "role"> => ({
      email: b.email,
      password: b.password,
      firstName: b.first_name,
      lastName: b.last_name,
      locationId: toLocation(b.location_id),
    }),
  ),
);

export const SetPasswordBody = v.object({ password: NewPasswordField });

export const ChangeOwnPasswordBody = v.object({
  current_password: v.optional(
    v.pipe(
      v.string(CURRENT_PASSWORD_REQUIRED),
      v.nonEmpty(CURRENT_PASSWORD_REQUIRED),
      v.maxLength(200, "La contraseña actual es demasiado larga"),
    ),
    "",
  ),
  new_password: v.optional(
    v.pipe(
      v.string("La nueva contraseña es requerida"),
      v.nonEmpty("La nueva contraseña es requerida"),
      v.maxLength(200, "La nueva contraseña es demasiado larga"),
    ),
    "",
  ),
});
/** PUT …/administradores/:id/active (boss) and /superadmin/users/:id/active. */
export const AdministradorActiveBody = v.pipe(
  v.object({
    is_active: booleanLike("Indica si el administrador queda activo (is_active)"),
    // deactivating the last active administrador of the company needs it
    confirm_last: v.optional(booleanLike("confirm_last debe ser verdadero o falso"), false),
  }),
  // setAdministradorActive's change
  v.transform((b): AdministradorActiveChange => ({ active: b.is_active, confirmLast: b.confirm_last })),
);

export const activeMessage = (active: boolean) =>
  active ? "Administrador reactivado exitosamente" : "Administrador desactivado: sus sesiones se cerraron";
