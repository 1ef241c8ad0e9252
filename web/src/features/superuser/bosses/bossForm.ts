import * as v from "valibot";
import { EMAIL_INVALID, EMAIL_REQUIRED, FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED } from "../../../../../shared/messages";
import type { NewBoss } from "../../../api/superadmin";
import type { Checked } from "../consoleForm";
import { isStrongPassword, PASSWORD_MESSAGE } from "../password";

export type BossFormValues = { email: string; password: string; first_name: string; last_name: string };

export const EMPTY_BOSS: BossFormValues = { email: "", password: "", first_name: "", last_name: "" };

const BossSchema = v.object({
  email: v.pipe(v.string(), v.trim(), v.nonEmpty(EMAIL_REQUIRED), v.email(EMAIL_INVALID)),
  password: v.pipe(v.string(), v.check(isStrongPassword, PASSWORD_MESSAGE)),
  first_name: v.pipe(v.string(), v.trim(), v.nonEmpty(FIRST_NAME_REQUIRED)),
  last_name: v.pipe(v.string(), v.trim(), v.nonEmpty(LAST_NAME_REQUIRED)),
});

/** Email, first and last name required; the password meets the rule (spec 2 §5). */
export function toNewBoss(values: BossFormValues): Checked<NewBoss> {
  const parsed = v.safeParse(BossSchema, values);
  if (!parsed.success) return { ok: false, message: parsed.issues[0]?.message ?? "Revisa el formulario" };
  return { ok: true, value: { ...parsed.output, email: parsed.output.email.toLowerCase() } };
}
