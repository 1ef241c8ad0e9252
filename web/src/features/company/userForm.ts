import { type LocationType, locationTypeFor } from "../../../../shared/constants";
import {
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  FIRST_NAME_REQUIRED,
  KEEPER_NEEDS_WAREHOUSE,
  LAST_NAME_REQUIRED,
  PASSWORD_MIN_6,
  PASSWORD_REQUIRED,
  ROLE_REQUIRED,
  SELLER_NEEDS_STORE,
} from "../../../../shared/messages";
import type { NewStaffUser } from "../../api/admin";

/** Roles an administrador creates (spec §5); vendedor is sent to the API as seller (spec §1). */
export const STAFF_ROLE_OPTIONS = [
  { value: "vendedor", label: "Vendedor", api: "seller" },
  { value: "bodeguero", label: "Bodeguero", api: "bodeguero" },
  { value: "corredor", label: "Corredor", api: "corredor" },
] as const;
export type StaffRoleOption = (typeof STAFF_ROLE_OPTIONS)[number]["value"];

/**
 * The kind of location a role works at (a role option or the API's role): a vendedor a store, a
 * bodeguero a warehouse; null for the roles that may stay without one (corredor, administrador).
 */
export function locationKindOf(role: string | undefined): LocationType | null {
  if (!role) return null;
  return locationTypeFor(STAFF_ROLE_OPTIONS.find((r) => r.value === role)?.api ?? role);
}

/** What the form says when such a role has no location of its kind (the API's 422, said first). */
export const LOCATION_NEEDED: Record<LocationType, string> = {
  local: SELLER_NEEDS_STORE,
  bodega: KEEPER_NEEDS_WAREHOUSE,
};

export const USER_MESSAGES = {
  emailRequired: EMAIL_REQUIRED,
  emailInvalid: EMAIL_INVALID,
  passwordRequired: PASSWORD_REQUIRED,
  passwordShort: PASSWORD_MIN_6,
  firstNameRequired: FIRST_NAME_REQUIRED,
  lastNameRequired: LAST_NAME_REQUIRED,
  roleRequired: ROLE_REQUIRED,
} as const;

/** A new account's fields (staff user, administrador); location required for a vendedor or a bodeguero. */
export type AccountValues = {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  location_id: string;
  role?: StaffRoleOption | "";
};

export type NewUserValues = AccountValues & { role: StaffRoleOption | "" };

export type UserErrors = Partial<Record<keyof NewUserValues, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The create form's rules and texts (spec §5 'New staff user'); the role is checked when asked for, and
 * the location is required for a vendedor (a store) or a bodeguero (a warehouse), optional otherwise.
 */
export function validateAccount(values: AccountValues): UserErrors {
  const errors: UserErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = USER_MESSAGES.emailRequired;
  else if (!EMAIL.test(email)) errors.email = USER_MESSAGES.emailInvalid;
  if (!values.password) errors.password = USER_MESSAGES.passwordRequired;
  else if (values.password.length < 6) errors.password = USER_MESSAGES.passwordShort;
  if (!values.first_name.trim()) errors.first_name = USER_MESSAGES.firstNameRequired;
  if (!values.last_name.trim()) errors.last_name = USER_MESSAGES.lastNameRequired;
  if (values.role !== undefined && !values.role) errors.role = USER_MESSAGES.roleRequired;
  const kind = locationKindOf(values.role);
  if (kind !== null && !values.location_id) errors.location_id = LOCATION_NEEDED[kind];
  return errors;
}

export const validateNewUser: (values: NewUserValues) => UserErrors = validateAccount;

/**
 * The edit form: e-mail and role are locked, so the names are checked, and the location of an active
 * vendedor or bodeguero (`kind`: the one their role needs; an inactive user may keep none).
 */
export function validateUserEdit(
  values: { first_name: string; last_name: string; location_id?: string; is_active?: boolean },
  kind: LocationType | null = null,
): UserErrors {
  const errors: UserErrors = {};
  if (!values.first_name.trim()) errors.first_name = USER_MESSAGES.firstNameRequired;
  if (!values.last_name.trim()) errors.last_name = USER_MESSAGES.lastNameRequired;
  if (kind !== null && values.is_active !== false && !values.location_id) errors.location_id = LOCATION_NEEDED[kind];
  return errors;
}

/** The trimmed account as the API takes it (e-mail in lower case). */
export function toAccount(values: AccountValues) {
  return {
    email: values.email.trim().toLowerCase(),
    password: values.password,
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    location_id: values.location_id ? Number(values.location_id) : null,
  };
}

export function toNewStaffUser(values: NewUserValues): NewStaffUser {
  const { location_id, ...account } = toAccount(values);
  const role = STAFF_ROLE_OPTIONS.find((r) => r.value === values.role)?.api ?? "seller";
  return { ...account, role, location_id };
}
