import { Hono } from "hono";
import * as v from "valibot";
import { createDb } from "../db/client";
import { isStrongPassword, STRONG_PASSWORD_MESSAGE } from "../domain/passwords";
import { createFirstSuperadmin } from "../domain/setup";
import type { AppEnv } from "../env";
import { emailField, trimmed, validate } from "../lib/validation";

const FirstSuperadminBody = v.object({
  email: emailField,
  password: v.pipe(v.string("La contraseña es requerida"), v.check(isStrongPassword, STRONG_PASSWORD_MESSAGE)),
  first_name: v.pipe(trimmed("El nombre es requerido"), v.maxLength(100, "El nombre es demasiado largo")),
  last_name: v.pipe(trimmed("El apellido es requerido"), v.maxLength(100, "El apellido es demasiado largo")),
  secret_key: v.pipe(
    v.string("La clave de instalación es requerida"),
    v.nonEmpty("La clave de instalación es requerida"),
  ),
});

/** /api/v1/superadmin — the console's calls arrive with issue 8; setup is the one call without a token. */
export const superadminRoutes = new Hono<AppEnv>().post(
  "/setup/first-superadmin",
  validate("json", FirstSuperadminBody),
  async (c) => {
    const body = c.req.valid("json");
    const user = await createFirstSuperadmin(createDb(c.env.DB), c.env.SETUP_SECRET, {
      email: body.email,
      password: body.password,
      firstName: body.first_name,
      lastName: body.last_name,
      secretKey: body.secret_key,
    });
    return c.json({ message: "Primer superadmin creado exitosamente", user }, 201);
  },
);
