import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { sign } from "hono/jwt";
import { describe, expect, it } from "vitest";
import { forgetAccount, forgetCompanyAccounts } from "../../../worker/auth/accounts";
import { hashPassword } from "../../../worker/auth/password";
import { loginAttempts, users } from "../../../worker/db/schema";
import {
  accountRow,
  api,
  client,
  companyNamed,
  DEMO,
  db,
  expectDenied,
  expectError,
  forgetTokens,
  homeOf,
  insertUser,
  login,
  loginStatus,
  ok,
  PASSWORD,
  updateCompanyRow,
} from "../support/helpers";

const LOGIN = "/api/v1/auth/auth/login-json";
const ME = "/api/v1/auth/auth/me";

describe("POST /auth/auth/login-json", () => {
  it.each([
    [DEMO.superuser, "superuser"],
    [DEMO.boss, "boss"],
    [DEMO.administrador, "administrador"],
    [DEMO.bodeguero, "bodeguero"],
    [DEMO.seller, "seller"],
    [DEMO.corredor, "corredor"],
  ])("logs in %s as %s", async (email, role) => {
    const body = await ok(client().auth.auth["login-json"].$post({ json: { email, password: PASSWORD } }));
    expect(body.token_type).toBe("bearer");
    expect(body.access_token.split(".")).toHaveLength(3);
    expect(body.user).toMatchObject({ email, role });
    expect(body.user).not.toHaveProperty("password_hash");
    expect(body.user).not.toHaveProperty("passwordHash");
  });

  it("accepts the e-mail with other case and spaces", async () => {
    const res = await api(LOGIN, { method: "POST", json: { email: "  VENDEDOR@Demo.Horma.co ", password: PASSWORD } });
    expect(res.status).toBe(200);
  });

  it("answers 401 with the spec text for a wrong password and for an unknown e-mail", async () => {
    await expectError(
      await api(LOGIN, { method: "POST", json: { email: DEMO.boss, password: "nope-nope" } }),
      401,
      "Correo o contraseña incorrectos.",
    );
    await expectError(
      await api(LOGIN, { method: "POST", json: { email: "nadie@demo.horma.co", password: "x" } }),
      401,
      "Correo o contraseña incorrectos.",
    );
  });

  it("answers 422 in Spanish for missing or malformed fields", async () => {
    await expectError(await api(LOGIN, { method: "POST", json: {} }), 422, "El campo 'correo' es requerido");
    await expectError(
      await api(LOGIN, { method: "POST", json: { email: "no-es-correo", password: "x" } }),
      422,
      "El correo no es válido",
    );
    await expectError(
      await api(LOGIN, { method: "POST", json: { email: DEMO.boss } }),
      422,
      "El campo 'contraseña' es requerido",
    );
    await expectError(
      await api(LOGIN, { method: "POST", json: { email: DEMO.boss, password: "" } }),
      422,
      "La contraseña es requerida",
    );
    await expectError(await api(LOGIN, { method: "POST", json: { email: 42, password: [] } }), 422);
    await expectError(await api(LOGIN, { method: "POST", json: [1, 2] }), 422);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const res = await api(LOGIN, { method: "POST", body: "{email:", headers: { "Content-Type": "application/json" } });
    await expectError(res, 400, "El cuerpo de la solicitud no es JSON válido");
  });

  it("answers 413 for an oversized body", async () => {
    const big = JSON.stringify({ email: DEMO.boss, password: "x".repeat(2 * 1024 * 1024) });
    await expectError(
      await api(LOGIN, { method: "POST", body: big, headers: { "Content-Type": "application/json" } }),
      413,
    );
  });

  it("refuses an inactive user with 403 and the spec text, even with the right password", async () => {
    await db().update(users).set({ isActive: false }).where(eq(users.email, DEMO.corredor));
    await expectError(
      await api(LOGIN, { method: "POST", json: { email: DEMO.corredor, password: PASSWORD } }),
      403,
      "Tu cuenta está desactivada. Contacta al administrador.",
    );
    await db().update(users).set({ isActive: true }).where(eq(users.email, DEMO.corredor));
  });

  it("refuses users of a suspended company with 403", async () => {
    await updateCompanyRow("otra", { subscriptionStatus: "suspended" });
    await expectError(
      await api(LOGIN, { method: "POST", json: { email: DEMO.otherSeller, password: PASSWORD } }),
      403,
      /suspendida/,
    );
    await updateCompanyRow("otra", { subscriptionStatus: "active" });
  });

  it("answers 429 after five failures for one e-mail, and the lock holds for the right password", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await api(LOGIN, { method: "POST", json: { email: DEMO.otherAdmin, password: `wrong-${i}` } });
      expect(res.status).toBe(401);
    }
    const locked = await api(LOGIN, { method: "POST", json: { email: DEMO.otherAdmin, password: PASSWORD } });
    await expectError(locked, 429, /Demasiados intentos fallidos/);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Other e-mails are not affected.
    expect((await api(LOGIN, { method: "POST", json: { email: DEMO.seller, password: PASSWORD } })).status).toBe(200);
  });

  it("counts again from one once the lock and the window lapsed, and a right password clears the count", async () => {
    const email = DEMO.otherAdmin;
    const past = new Date(Date.now() - 16 * 60_000).toISOString();
    const home = await homeOf(email);
    await home
      .update(loginAttempts)
      .set({ lockedUntil: past, windowStart: past })
      .where(eq(loginAttempts.email, email));
    for (let i = 0; i < 4; i++) {
      expect((await api(LOGIN, { method: "POST", json: { email, password: `wrong-${i}` } })).status).toBe(401);
    }
    expect((await api(LOGIN, { method: "POST", json: { email, password: PASSWORD } })).status).toBe(200);
    const [record] = await home.select().from(loginAttempts).where(eq(loginAttempts.email, email));
    expect(record).toMatchObject({ failures: 0, inflight: 0, lockedUntil: null });
  });

  it("lets a burst of right passwords for one e-mail all in: they wait for a free check, none is locked out", async () => {
    const email = DEMO.boss;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => api(LOGIN, { method: "POST", json: { email, password: PASSWORD } })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
  });

  it("refuses the sixth of 40 concurrent wrong passwords for one e-mail (each attempt is counted atomically)", async () => {
    const email = DEMO.bodeguero;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => api(LOGIN, { method: "POST", json: { email, password: `burst-${i}` } })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    await db().delete(loginAttempts).where(eq(loginAttempts.email, email));
  });
});

describe("GET /auth/auth/me", () => {
  it("returns the current user with location and company names", async () => {
    const token = await login(DEMO.seller);
    const res = await api(ME, { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      email: DEMO.seller,
      role: "seller",
      first_name: "Valentina",
      location_name: "Local Centro",
      company_name: "Calzado Horma Demo",
    });
  });

  it("answers 401 without a token, with a forged signature and with an expired token", async () => {
    await expectError(await api(ME), 401);
    await expectError(await api(ME, { headers: { Authorization: "Basic abc" } }), 401);
    const user = await accountRow(DEMO.seller);
    const now = Math.floor(Date.now() / 1000);
    const forged = await sign(
      { sub: user?.id, role: "superuser", cid: null, iat: now, exp: now + 60 },
      "not-the-secret",
      "HS256",
    );
    await expectError(await api(ME, { token: forged }), 401);
    const expired = await sign(
      { sub: user?.id, role: "seller", cid: 1, iat: now - 120, exp: now - 60 },
      env.JWT_SECRET,
      "HS256",
    );
    await expectError(await api(ME, { token: expired }), 401);
    await expectError(await api(ME, { token: "garbage" }), 401);
  });

  it("ends a valid token as soon as its user is deactivated (401), and the login says why (403)", async () => {
    const token = await login(DEMO.bodeguero);
    expect((await api(ME, { token })).status).toBe(200);
    const [row] = await db().update(users).set({ isActive: false }).where(eq(users.email, DEMO.bodeguero)).returning();
    forgetAccount(row?.id ?? 0);
    await expectError(await api(ME, { token }), 401, /Sesión inválida/);
    await expectError(
      await api(LOGIN, { method: "POST", json: { email: DEMO.bodeguero, password: PASSWORD } }),
      403,
      "Tu cuenta está desactivada. Contacta al administrador.",
    );
    await db().update(users).set({ isActive: true }).where(eq(users.email, DEMO.bodeguero));
    forgetAccount(row?.id ?? 0);
    // reactivated, the account signs in again; the session it had stays over
    await expectError(await api(ME, { token }), 401, /Sesión inválida/);
    forgetTokens();
    expect((await api(ME, { token: await login(DEMO.bodeguero) })).status).toBe(200);
  });

  it("blocks every user of a company as soon as it is suspended", async () => {
    const token = await login(DEMO.otherSeller);
    expect((await api(ME, { token })).status).toBe(200);
    const otra = await updateCompanyRow("otra", { subscriptionStatus: "suspended" });
    forgetCompanyAccounts(otra?.id ?? 0);
    await expectError(await api(ME, { token }), 403, /suspendida/);
    await updateCompanyRow("otra", { subscriptionStatus: "active" });
    forgetCompanyAccounts(otra?.id ?? 0);
  });
});

describe("PUT /auth/auth/password (own password)", () => {
  const PASSWORD_PATH = "/api/v1/auth/auth/password";
  async function userWith(email: string, role: "corredor" | "boss", password: string) {
    const demo = await companyNamed("demo");
    await insertUser({
      companyId: demo.id,
      email,
      passwordHash: await hashPassword(password),
      firstName: "Propia",
      lastName: "Clave",
      role,
    });
    return login(email, password);
  }
  const change = (token: string, json: unknown) => api(PASSWORD_PATH, { method: "PUT", token, json });

  it("changes it when the current one is right: the new one logs in, the old one does not", async () => {
    const token = await userWith("propia1@demo.horma.co", "corredor", "vieja123");
    const otherDevice = await login("propia1@demo.horma.co", "vieja123");
    const res = await change(token, { current_password: "vieja123", new_password: "nueva456" });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { access_token: string };
    expect(answer).toMatchObject({
      success: true,
      message: "Contraseña actualizada exitosamente",
      token_type: "bearer",
    });
    expect(await loginStatus("propia1@demo.horma.co", "nueva456")).toBe(200);
    expect(await loginStatus("propia1@demo.horma.co", "vieja123")).toBe(401);
    // every session of the old password ends at once; this device goes on with the token it was answered
    await expectError(await api(ME, { token: otherDevice }), 401, /Sesión inválida/);
    await expectError(await api(ME, { token }), 401, /Sesión inválida/);
    expect((await api(ME, { token: answer.access_token })).status).toBe(200);
  });

  it("answers 400 in Spanish for a wrong current password, and counts it as a failed login", async () => {
    const token = await userWith("propia2@demo.horma.co", "corredor", "vieja123");
    await expectError(
      await change(token, { current_password: "equivocada", new_password: "nueva456" }),
      400,
      "La contraseña actual no es correcta",
    );
    const [attempts] = await db().select().from(loginAttempts).where(eq(loginAttempts.email, "propia2@demo.horma.co"));
    expect(attempts?.failures).toBe(1);
    expect(await loginStatus("propia2@demo.horma.co", "vieja123")).toBe(200);
  });

  it("validates the new password by role (422): 6+ for staff, the strong rules for a boss", async () => {
    const staff = await userWith("propia3@demo.horma.co", "corredor", "vieja123");
    await expectError(
      await change(staff, { current_password: "vieja123", new_password: "12345" }),
      422,
      "La contraseña debe tener al menos 6 caracteres",
    );
    await expectError(await change(staff, { new_password: "nueva456" }), 422, "La contraseña actual es requerida");
    await expectError(await change(staff, { current_password: "vieja123" }), 422, "La nueva contraseña es requerida");
    await expectError(
      await change(staff, { current_password: "vieja123", new_password: "vieja123" }),
      422,
      "La nueva contraseña debe ser distinta de la actual",
    );
    await expectError(await change(staff, "texto"), 422);
    const boss = await userWith("propia4@demo.horma.co", "boss", "Vieja#2026");
    await expectError(
      await change(boss, { current_password: "Vieja#2026", new_password: "sencilla1" }),
      422,
      "La contraseña debe tener al menos 8 caracteres, una letra mayúscula, un número y un carácter especial",
    );
    expect((await change(boss, { current_password: "Vieja#2026", new_password: "Nueva#2027" })).status).toBe(200);
    expect(await loginStatus("propia1@demo.horma.co", "vieja123")).toBe(401);
  });

  it("needs a session (401); every role may use it, only on its own account", async () => {
    await expectError(
      await api(PASSWORD_PATH, { method: "PUT", json: { current_password: "a", new_password: "b" } }),
      401,
    );
    // no id in the path: a user of company B cannot reach anyone else's password
    const token = await login(DEMO.seller);
    await expectError(await change(token, { current_password: "incorrecta", new_password: "nueva456" }), 400);
    expect(await loginStatus(DEMO.seller, PASSWORD)).toBe(200);
  });
});

describe("PUT /api/v1/auth/auth/pin", () => {
  const PIN = "/api/v1/auth/auth/pin";
  const pinRoute = (token: string) => client(token).auth.auth.pin;
  const setPin = async (email: string, json: InferRequestType<ReturnType<typeof pinRoute>["$put"]>["json"]) =>
    pinRoute(await login(email)).$put({ json });

  it("an administrador sets their authorisation PIN with their password, and it authorises prices", async () => {
    await ok(setPin(DEMO.administrador, { current_password: PASSWORD, pin: "975310" }));
    await ok(
      client(await login(DEMO.seller)).sales["price-overrides"].$post({
        json: { sneaker_reference_code: "CONVERSE-01", new_price: 1000, reason: "Prueba de PIN", admin_pin: "975310" },
      }),
      201,
    );
    // back to the demo PIN the README lists
    await ok(setPin(DEMO.administrador, { current_password: PASSWORD, pin: "2468" }));
  });

  it("answers 400 for a wrong password and 422 for a PIN that is not 4 to 6 digits", async () => {
    await expectError(
      await setPin(DEMO.administrador, { current_password: "otra-cosa", pin: "1357" }),
      400,
      /incorrecta/,
    );
    await expectError(
      await setPin(DEMO.administrador, { current_password: PASSWORD, pin: "12" }),
      422,
      /4 y 6 dígitos/,
    );
    await expectError(await setPin(DEMO.administrador, { current_password: PASSWORD, pin: "12ab" }), 422);
  });

  it("is only for administradores (403 for every other role)", async () => {
    await expectDenied(["boss", "seller", "bodeguero", "corredor", "superuser"], (token) =>
      pinRoute(token).$put({ json: { current_password: PASSWORD, pin: "1357" } }),
    );
    await expectError(await api(PIN, { method: "PUT", json: { current_password: PASSWORD, pin: "1357" } }), 401);
  });
});

describe("an account's sessions end when its password, active flag or role changes", () => {
  const USERS = "/api/v1/admin/admin/users";
  async function staff(email: string) {
    const demo = await companyNamed("demo");
    const row = await insertUser({
      companyId: demo.id,
      email,
      passwordHash: await hashPassword("clave123"),
      firstName: "Sesión",
      lastName: "Viva",
      role: "corredor",
    });
    return { id: row.id, token: await login(email, "clave123") };
  }

  it("a password set by the administrador: the next call of every old session is 401", async () => {
    const courier = await staff("sesion1@demo.horma.co");
    const admin = await login(DEMO.administrador);
    expect((await api(ME, { token: courier.token })).status).toBe(200);
    const set = await api(`${USERS}/${courier.id}/password`, {
      method: "PUT",
      token: admin,
      json: { password: "otra456" },
    });
    expect(set.status).toBe(200);
    await expectError(await api(ME, { token: courier.token }), 401, /Sesión inválida/);
    expect((await api(ME, { token: await login("sesion1@demo.horma.co", "otra456") })).status).toBe(200);
  });

  it("a deactivation ends them, and a reactivation does not bring them back", async () => {
    const courier = await staff("sesion2@demo.horma.co");
    const admin = await login(DEMO.administrador);
    const toggle = (is_active: boolean) =>
      api(`${USERS}/${courier.id}`, { method: "PUT", token: admin, json: { is_active } });
    expect((await toggle(false)).status).toBe(200);
    await expectError(await api(ME, { token: courier.token }), 401, /Sesión inválida/);
    expect((await toggle(true)).status).toBe(200);
    await expectError(await api(ME, { token: courier.token }), 401, /Sesión inválida/);
    expect((await api(ME, { token: await login("sesion2@demo.horma.co", "clave123") })).status).toBe(200);
  });

  it("a change of role by any path ends them (the database's trigger, not each route, raises the epoch)", async () => {
    const courier = await staff("sesion3@demo.horma.co");
    await db().update(users).set({ role: "bodeguero" }).where(eq(users.id, courier.id));
    forgetAccount(courier.id);
    await expectError(await api(ME, { token: courier.token }), 401, /Sesión inválida/);
    // other changes (a name, the last login) leave the sessions alone
    const fresh = await login("sesion3@demo.horma.co", "clave123");
    await db().update(users).set({ firstName: "Otro" }).where(eq(users.id, courier.id));
    forgetAccount(courier.id);
    expect((await api(ME, { token: fresh })).status).toBe(200);
  });
});
