// Password rules: staff accounts need 6+ characters (spec 3 §9); the boss and the
// superadmin need 8+ with an uppercase letter, a digit and a special character (spec 2 §5).
import {
  PASSWORD_RULE_LENGTH,
  PASSWORD_RULE_NUMBER,
  PASSWORD_RULE_SPECIAL,
  PASSWORD_RULE_UPPERCASE,
  STRONG_PASSWORD,
} from "../../../shared/messages";
export const STAFF_MIN_LENGTH = 6;

export const STRONG_RULES = [
  { test: (p: string) => /[A-ZÁÉÍÓÚÑ]/.test(p), label: PASSWORD_RULE_UPPERCASE },
  { test: (p: string) => /\d/.test(p), label: PASSWORD_RULE_NUMBER },
  { test: (p: string) => /[^A-Za-z0-9ÁÉÍÓÚÑáéíóúñ\s]/.test(p), label: PASSWORD_RULE_SPECIAL },
  { test: (p: string) => p.length >= 8, label: PASSWORD_RULE_LENGTH },
] as const;

export const STRONG_PASSWORD_MESSAGE = STRONG_PASSWORD;

export function isStrongPassword(password: string): boolean {
  return STRONG_RULES.every((rule) => rule.test(password));
}
