import * as v from "valibot";

/** The secret `.dev.vars.example` ships with: public, so only for local development. */
export const EXAMPLE_JWT_SECRET = "dev-only-secret-change-me-in-production-0123456789";

const ConfigSchema = v.object({
  JWT_SECRET: v.pipe(
    v.string("JWT_SECRET no está configurado"),
    v.minLength(32, "JWT_SECRET debe tener al menos 32 caracteres"),
  ),
  SETUP_SECRET: v.pipe(v.string("SETUP_SECRET no está configurado"), v.minLength(8, "SETUP_SECRET es demasiado corto")),
  TOKEN_TTL_SECONDS: v.pipe(v.string(), v.regex(/^\d+$/, "TOKEN_TTL_SECONDS debe ser un entero")),
  ENVIRONMENT: v.optional(v.string()),
});

/** The checked environment; secrets are read from here, never from `env` directly. */
export interface AppConfig {
  jwtSecret: string;
  setupSecret: string;
  tokenTtlSeconds: number;
}

export type ConfigCheck = { ok: true; config: AppConfig } | { ok: false; problems: string[] };

/** What is wrong with an environment; pure, so each rule is unit-tested. */
export function inspectConfig(env: Record<string, unknown>): ConfigCheck {
  const result = v.safeParse(ConfigSchema, env);
  if (!result.success) return { ok: false, problems: result.issues.map((issue) => issue.message) };
  if (result.output.ENVIRONMENT !== "development" && result.output.JWT_SECRET === EXAMPLE_JWT_SECRET) {
    return {
      ok: false,
      problems: ["JWT_SECRET es el de .dev.vars.example (público); configura un secreto propio fuera de desarrollo"],
    };
  }
  return {
    ok: true,
    config: {
      jwtSecret: result.output.JWT_SECRET,
      setupSecret: result.output.SETUP_SECRET,
      tokenTtlSeconds: Number(result.output.TOKEN_TTL_SECONDS),
    },
  };
}

let checked: ConfigCheck | null = null;

/**
 * Workers have no start-up hook, so the environment is validated once per isolate on the
 * first request; a bad setup answers 503 on every call and logs why, instead of failing later.
 */
export function checkConfig(env: Env): ConfigCheck {
  if (checked) return checked;
  checked = inspectConfig(env as unknown as Record<string, unknown>);
  if (!checked.ok)
    console.error(JSON.stringify({ level: "fatal", msg: "invalid configuration", problems: checked.problems }));
  return checked;
}

/** The checked configuration; index.ts answers 503 before any route when it is invalid. */
export function appConfig(env: Env): AppConfig {
  const check = checkConfig(env);
  if (!check.ok) throw new Error(`invalid configuration: ${check.problems.join("; ")}`);
  return check.config;
}
