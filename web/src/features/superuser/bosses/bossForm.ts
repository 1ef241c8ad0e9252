import * as v from "valibot";
import type { NewBoss } from "../../../api/superadmin";
import { isStrongPassword, PASSWORD_MESSAGE } from "../password";

export type BossFormValues = { email: string; password: string; first_name: string; last_name: string };

export const EMPTY_BOSS: BossFormValues = { email: "", password: "", first_name: "", last_name: "" };

const BossSchema = v.object({
  email: v.pipe(v.string(), v.trim(), v.nonEmpty("El email es requerido"), v.email("El email no es válido")),
  password: v.pipe(v.string(), v.check(isStrongPassword, PASSWORD_MESSAGE)),
  first_name: v.pipe(v.string(), v.trim(), v.nonEmpty("El nombre es requerido")),
  last_name: v.pipe(v.string(), v.trim(), v.nonEmpty("El apellido es requerido")),
});

/** Email, first and last name required; the password meets the rule (spec 2 §5). */
export function toNewBoss(values: BossFormValues): { ok: true; value: NewBoss } | { ok: false; message: string } {
  const parsed = v.safeParse(BossSchema, values);
  if (!parsed.success) return { ok: false, message: parsed.issues[0]?.message ?? "Revisa el formulario" };
  return { ok: true, value: { ...parsed.output, email: parsed.output.email.toLowerCase() } };
}
