// The boss and superadmin password rule (spec 2 §5, design §5): the same rules as the Worker's
// worker/domain/accounts/passwords.ts, so the checklist and the server agree.
import {
  PASSWORD_RULE_LENGTH,
  PASSWORD_RULE_NUMBER,
  PASSWORD_RULE_SPECIAL,
  PASSWORD_RULE_UPPERCASE,
  STRONG_PASSWORD,
} from "../../../../shared/messages";

export const PASSWORD_RULES = [
  { test: (p: string) => /[A-ZÁÉÍÓÚÑ]/.test(p), label: PASSWORD_RULE_UPPERCASE },
  { test: (p: string) => /\d/.test(p), label: PASSWORD_RULE_NUMBER },
  { test: (p: string) => /[^A-Za-z0-9ÁÉÍÓÚÑáéíóúñ\s]/.test(p), label: PASSWORD_RULE_SPECIAL },
  { test: (p: string) => p.length >= 8, label: PASSWORD_RULE_LENGTH },
] as const;

export const PASSWORD_MESSAGE = STRONG_PASSWORD;

export function passwordChecks(password: string): { label: string; ok: boolean }[] {
  return PASSWORD_RULES.map((rule) => ({ label: rule.label, ok: rule.test(password) }));
}

export function isStrongPassword(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}
