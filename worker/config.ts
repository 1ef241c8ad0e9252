import * as v from "valibot";

const ConfigSchema = v.object({
  JWT_SECRET: v.pipe(
    v.string("JWT_SECRET no está configurado"),
    v.minLength(32, "JWT_SECRET debe tener al menos 32 caracteres"),
  ),
  SETUP_SECRET: v.pipe(v.string("SETUP_SECRET no está configurado"), v.minLength(8, "SETUP_SECRET es demasiado corto")),
  TOKEN_TTL_SECONDS: v.pipe(v.string(), v.regex(/^\d+$/, "TOKEN_TTL_SECONDS debe ser un entero")),
});

export interface AppConfig {
  tokenTtlSeconds: number;
}

let checked: { ok: true; config: AppConfig } | { ok: false; problems: string[] } | null = null;

/**
 * Workers have no start-up hook, so the environment is validated once per isolate on the
 * first request; a bad setup answers 503 on every call and logs why, instead of failing later.
 */
export function checkConfig(env: Env) {
  if (checked) return checked;
  const result = v.safeParse(ConfigSchema, env);
  if (result.success) {
    checked = { ok: true, config: { tokenTtlSeconds: Number(result.output.TOKEN_TTL_SECONDS) } };
  } else {
    const problems = result.issues.map((issue) => issue.message);
    console.error(JSON.stringify({ level: "fatal", msg: "invalid configuration", problems }));
    checked = { ok: false, problems };
  }
  return checked;
}
