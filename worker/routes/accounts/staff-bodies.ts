// Request bodies shared by the routes that create staff and set passwords (admin, boss, superadmin, auth).
import * as v from "valibot";
import {
  CURRENT_PASSWORD_REQUIRED,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  FIRST_NAME_REQUIRED,
  LAST_NAME_REQUIRED,
  PASSWORD_MIN_6,
  PASSWORD_REQUIRED,
} from "../../../shared/messages";
import { booleanLike, idLike, requiredText } from "../../lib/validation";

export const LocationIdField = v.optional(
  v.nullable(v.union([v.literal(""), idLike("La ubicación no es válida")], "La ubicación no es válida")),
);
export const toLocation = (value: number | "" | null | undefined) =>
  value === "" || value === undefined ? null : value;

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

/** A new administrador (issue 15): the staff user fields without the role. */
export const AdministradorBody = v.object({
  email: EmailField,
  password: StaffPasswordField,
  first_name: requiredText(FIRST_NAME_REQUIRED, 100),
  last_name: requiredText(LAST_NAME_REQUIRED, 100),
  location_id: LocationIdField,
});

/** A new administrador's body as createAdministrador takes it (the boss's and the superuser's routes). */
export const administradorInput = (b: v.InferOutput<typeof AdministradorBody>) => ({
  email: b.email,
  password: b.password,
  firstName: b.first_name,
  lastName: b.last_name,
  locationId: toLocation(b.location_id),
});

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
export const AdministradorActiveBody = v.object({
  is_active: booleanLike("Indica si el administrador queda activo (is_active)"),
  // deactivating the last active administrador of the company needs it
  confirm_last: v.optional(booleanLike("confirm_last debe ser verdadero o falso"), false),
});

export const activeMessage = (active: boolean) =>
  active ? "Administrador reactivado exitosamente" : "Administrador desactivado: sus sesiones se cerraron";
