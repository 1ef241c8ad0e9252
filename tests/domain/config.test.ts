import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EXAMPLE_JWT_SECRET, inspectConfig } from "../../worker/config";

const good = {
  JWT_SECRET: "s".repeat(40),
  SETUP_SECRET: "setup-secret",
  TOKEN_TTL_SECONDS: "3600",
  ENVIRONMENT: "production",
};

describe("configuration check", () => {
  it("accepts a complete configuration", () => {
    expect(inspectConfig(good)).toEqual({
      ok: true,
      config: { jwtSecret: good.JWT_SECRET, setupSecret: good.SETUP_SECRET, tokenTtlSeconds: 3600 },
    });
  });

  it("refuses the example JWT secret outside development, and allows it in development", () => {
    const check = inspectConfig({ ...good, JWT_SECRET: EXAMPLE_JWT_SECRET });
    expect(check.ok).toBe(false);
    expect(!check.ok && check.problems[0]).toMatch(/\.dev\.vars\.example/);
    expect(inspectConfig({ ...good, JWT_SECRET: EXAMPLE_JWT_SECRET, ENVIRONMENT: "development" }).ok).toBe(true);
    expect(inspectConfig({ ...good, JWT_SECRET: EXAMPLE_JWT_SECRET, ENVIRONMENT: undefined }).ok).toBe(false);
  });

  it("knows the secret .dev.vars.example ships with", () => {
    expect(readFileSync(".dev.vars.example", "utf8")).toContain(`JWT_SECRET=${EXAMPLE_JWT_SECRET}\n`);
  });

  it("refuses a JWT secret shorter than 32 characters", () => {
    const check = inspectConfig({ ...good, JWT_SECRET: "corto" });
    expect(check.ok).toBe(false);
    expect(!check.ok && check.problems).toContain("JWT_SECRET debe tener al menos 32 caracteres");
  });
});
