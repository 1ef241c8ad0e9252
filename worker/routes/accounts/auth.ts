import { Hono } from "hono";
import * as v from "valibot";
import { PASSWORD_REQUIRED } from "../../../shared/messages";
import { requireAuth, requireRole } from "../../auth/middleware";
import { issueToken } from "../../auth/token";
import { appConfig } from "../../config";
import { accountDb, accountsDb, companyDb, platformDb } from "../../db/shards";
import { changeOwnPassword } from "../../domain/accounts/credentials";
import { authenticate, getPublicUser } from "../../domain/accounts/login";
import { PIN_FORMAT, setAdminPin } from "../../domain/sales/price-authority";
import type { AppEnv } from "../../env";
import { unauthenticated } from "../../lib/errors";
import { emailField, validate } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { ChangeOwnPasswordBody } from "./staff-bodies";

export const LoginBody = v.object({
  email: emailField,
  password: v.pipe(
    v.string(PASSWORD_REQUIRED),
    v.nonEmpty(PASSWORD_REQUIRED),
    v.maxLength(200, "La contraseña es demasiado larga"),
  ),
});

export const SetPinBody = v.object({
  current_password: v.pipe(v.string(PASSWORD_REQUIRED), v.nonEmpty(PASSWORD_REQUIRED), v.maxLength(200)),
  pin: v.pipe(v.string(PIN_FORMAT), v.trim(), v.regex(/^\d{4,6}$/, PIN_FORMAT)),
});

export const authRoutes = new Hono<AppEnv>()
  .post(
    "/login-json",
    doc("Inicia sesión con correo y contraseña y entrega el token de acceso", {
      401: "Correo o contraseña incorrectos",
      403: "La cuenta está desactivada; la empresa fue eliminada o está suspendida",
      429: "Demasiados intentos fallidos con ese correo; espera antes de reintentar",
    }),
    validate("json", LoginBody),
    async (c) => {
      const { email, password } = c.req.valid("json");
      // the login directory (e-mail → account) is the platform's; the account is on its company's shard
      const account = await authenticate(platformDb(c.env), (cid) => accountsDb(c.env, cid), email, password);
      const { jwtSecret, tokenTtlSeconds: ttl } = appConfig(c.env);
      const token = await issueToken(jwtSecret, account, ttl);
      const user = await getPublicUser(account.home, account.id);
      if (!user) throw unauthenticated();
      return c.json({ access_token: token, token_type: "bearer", expires_in: ttl, user });
    },
  )
  .get("/me", doc("Devuelve los datos del usuario que inició sesión"), requireAuth, async (c) => {
    const user = await getPublicUser(accountDb(c), c.get("user").id);
    if (!user) throw unauthenticated();
    return c.json(user);
  })
  // every signed-in user changes their own password (the current one is required)
  .put(
    "/password",
    doc("Cambia la contraseña del propio usuario, confirmando la actual", {
      400: "La contraseña actual no es correcta",
      404: "El usuario ya no existe",
      422: "La nueva contraseña no cumple las reglas o es igual a la actual",
      429: "Demasiados intentos fallidos; espera antes de reintentar",
    }),
    requireAuth,
    validate("json", ChangeOwnPasswordBody),
    async (c) => {
      const b = c.req.valid("json");
      const account = await changeOwnPassword(accountDb(c), c.get("user").id, b.current_password, b.new_password);
      // every other session of the account is over; this device goes on with a token of the new password
      const { jwtSecret, tokenTtlSeconds: ttl } = appConfig(c.env);
      const token = await issueToken(jwtSecret, account, ttl);
      return c.json({
        success: true,
        message: "Contraseña actualizada exitosamente",
        access_token: token,
        token_type: "bearer",
        expires_in: ttl,
      });
    },
  )
  // an administrador's PIN authorises sales off the catalogue price on a seller's phone
  .put(
    "/pin",
    doc("Configura o cambia el PIN de autorización del administrador, confirmando su contraseña", {
      400: "La contraseña actual no es correcta",
      403: "Solo un administrador puede tener PIN de autorización",
      429: "Demasiados intentos fallidos; espera antes de reintentar",
    }),
    requireAuth,
    requireRole("administrador"),
    validate("json", SetPinBody),
    async (c) => {
      const b = c.req.valid("json");
      await setAdminPin(companyDb(c), c.get("user").id, b.current_password, b.pin);
      return c.json({ success: true, message: "PIN de autorización guardado" });
    },
  );
