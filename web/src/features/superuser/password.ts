// The boss and superadmin password rule (spec 2 §5, design §5): the same rules as the Worker's
// worker/domain/passwords.ts, so the checklist and the server agree.

export const PASSWORD_RULES = [
  { test: (p: string) => /[A-ZÁÉÍÓÚÑ]/.test(p), label: "Al menos una letra mayúscula" },
  { test: (p: string) => /\d/.test(p), label: "Al menos un número" },
  { test: (p: string) => /[^A-Za-z0-9ÁÉÍÓÚÑáéíóúñ\s]/.test(p), label: "Al menos un carácter especial" },
  { test: (p: string) => p.length >= 8, label: "Mínimo 8 caracteres" },
] as const;

export const PASSWORD_MESSAGE =
  "La contraseña debe tener al menos 8 caracteres, una letra mayúscula, un número y un carácter especial";

export function passwordChecks(password: string): { label: string; ok: boolean }[] {
  return PASSWORD_RULES.map((rule) => ({ label: rule.label, ok: rule.test(password) }));
}

export function isStrongPassword(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}
