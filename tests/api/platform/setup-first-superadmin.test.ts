import { eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { userDirectory, users } from "../../../worker/db/schema";
import { api, expectError, platform } from "../support/helpers";

const SETUP = "/api/v1/superadmin/setup/first-superadmin";
const body = {
  email: "root@horma.co",
  password: "Instal4r!2026",
  first_name: "Rita",
  last_name: "Root",
  secret_key: "test-setup-secret",
};

describe("POST /superadmin/setup/first-superadmin", () => {
  beforeAll(async () => {
    // This file's runtime is its own: remove the seeded superuser to get a fresh installation.
    // (on the platform database, with their directory rows)
    await platform().delete(users).where(eq(users.role, "superuser"));
    await platform().delete(userDirectory).where(isNull(userDirectory.companyId));
  });

  it("refuses a wrong installation secret with 403", async () => {
    await expectError(
      await api(SETUP, { method: "POST", json: { ...body, secret_key: "nope" } }),
      403,
      "Clave de instalación inválida.",
    );
  });

  it("answers 422 for a weak password or missing fields", async () => {
    await expectError(
      await api(SETUP, { method: "POST", json: { ...body, password: "abcdefgh" } }),
      422,
      "La contraseña debe tener al menos 8 caracteres, una letra mayúscula, un número y un carácter especial",
    );
    await expectError(await api(SETUP, { method: "POST", json: { email: body.email } }), 422);
  });

  it("works once, then refuses with 409", async () => {
    const first = await api(SETUP, { method: "POST", json: body });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      message: "Primer superadmin creado exitosamente",
      user: { role: "superuser" },
    });
    const login = await api("/api/v1/auth/auth/login-json", {
      method: "POST",
      json: { email: body.email, password: body.password },
    });
    expect(login.status).toBe(200);
    await expectError(
      await api(SETUP, { method: "POST", json: { ...body, email: "otro@horma.co" } }),
      409,
      "La instalación ya fue realizada: el superadmin inicial ya existe.",
    );
    expect(await platform().select().from(users).where(eq(users.role, "superuser"))).toHaveLength(1);
  });
});
