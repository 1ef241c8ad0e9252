import {
  CURRENT_PASSWORD_REQUIRED,
  NEW_PASSWORD_SAME,
  PASSWORD_MIN_6,
  PASSWORD_REQUIRED,
} from "../../../../shared/messages";
import { isStrongPassword, PASSWORD_MESSAGE } from "../superuser/password";

/** Staff passwords (spec 3 §9): 6 or more characters. Boss and superuser: the strong rules (design §5). */
export const STAFF_MIN = 6;
export const PASSWORD_MESSAGES = {
  required: PASSWORD_REQUIRED,
  short: PASSWORD_MIN_6,
  strong: PASSWORD_MESSAGE,
  mismatch: "Las contraseñas no coinciden",
  currentRequired: CURRENT_PASSWORD_REQUIRED,
  same: NEW_PASSWORD_SAME,
} as const;

export type PasswordRule = "staff" | "strong";

/** The rule of a role: the boss and the superuser need the strong one. */
export const ruleOf = (role: string): PasswordRule => (role === "boss" || role === "superuser" ? "strong" : "staff");

/** The message for a new password that breaks its rule, or null. */
export function newPasswordProblem(password: string, rule: PasswordRule): string | null {
  if (!password) return PASSWORD_MESSAGES.required;
  if (rule === "strong") return isStrongPassword(password) ? null : PASSWORD_MESSAGES.strong;
  return password.length >= STAFF_MIN ? null : PASSWORD_MESSAGES.short;
}

/** "hasta las 3:45 p. m." for a lock's end. */
export function lockedUntilText(iso: string): string {
  const time = new Date(iso).toLocaleTimeString("es-CO", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "America/Bogota",
  });
  return `Bloqueada hasta las ${time}`;
}
