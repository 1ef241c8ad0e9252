// Password rules: staff accounts need 6+ characters (spec 3 §9); the boss and the
// superadmin need 8+ with an uppercase letter, a digit and a special character (spec 2 §5).
export const STAFF_MIN_LENGTH = 6;

export const STRONG_RULES = [
  { test: (p: string) => /[A-ZÁÉÍÓÚÑ]/.test(p), label: "Al menos una letra mayúscula" },
  { test: (p: string) => /\d/.test(p), label: "Al menos un número" },
  { test: (p: string) => /[^A-Za-z0-9ÁÉÍÓÚÑáéíóúñ\s]/.test(p), label: "Al menos un carácter especial" },
  { test: (p: string) => p.length >= 8, label: "Mínimo 8 caracteres" },
] as const;

export const STRONG_PASSWORD_MESSAGE =
  "La contraseña debe tener al menos 8 caracteres, una letra mayúscula, un número y un carácter especial";

export function isStrongPassword(password: string): boolean {
  return STRONG_RULES.every((rule) => rule.test(password));
}
