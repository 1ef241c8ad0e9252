import { eq } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { users } from "../../../worker/db/schema";
import {
  accountRow,
  api,
  byId,
  DEMO,
  expectDenied,
  expectError,
  lockOut,
  login,
  loginStatus,
  ok,
  platform,
} from "../support/helpers";

import { BASE, companyOf, newCompany, sa, su } from "./superadmin-helpers";

describe("boss", () => {
  it("creates the single boss, who logs in; replacing it deactivates the old one", async () => {
    const token = await su();
    const company = await newCompany("jefes");
    await expectError(await api(`${BASE}/companies/${company.id}/boss`, { token }), 404);
    await expectError(
      await api(`${BASE}/companies/${company.id}/boss`, {
        method: "POST",
        token,
        json: { email: "jefe@jefes.co", password: "debil", first_name: "J", last_name: "F" },
      }),
      422,
      "La contraseña debe tener al menos 8 caracteres, una letra mayúscula, un número y un carácter especial",
    );
    const res = await api(`${BASE}/companies/${company.id}/boss`, {
      method: "POST",
      token,
      json: { email: "jefe@jefes.co", password: "Jefe#2026", first_name: "Juana", last_name: "Fierro" },
    });
    expect(await res.json()).toMatchObject({
      message: "Usuario Boss creado exitosamente",
      replaced: false,
      boss: { email: "jefe@jefes.co" },
    });
    const bossLogin = await api("/api/v1/auth/auth/login-json", {
      method: "POST",
      json: { email: "jefe@jefes.co", password: "Jefe#2026" },
    });
    expect(await bossLogin.json()).toMatchObject({ user: { role: "boss" } });
    const replace = await api(`${BASE}/companies/${company.id}/boss`, {
      method: "POST",
      token,
      json: { email: "nuevo@jefes.co", password: "Nuevo#2026", first_name: "Nico", last_name: "Vo" },
    });
    expect(await replace.json()).toMatchObject({ replaced: true, boss: { email: "nuevo@jefes.co" } });
    await expectError(
      await api("/api/v1/auth/auth/login-json", {
        method: "POST",
        json: { email: "jefe@jefes.co", password: "Jefe#2026" },
      }),
      403,
    );
    const withBoss = await ok((await sa()).companies[":id"]["with-boss"].$get({ param: byId(company.id) }));
    expect(withBoss.boss?.email).toBe("nuevo@jefes.co");
  });
});

describe("a company's administradores", () => {
  const admins = (id: number | string) => `${BASE}/companies/${id}/administradores`;
  const listAdmins = async (id: number) => ok((await sa()).companies[":id"].administradores.$get({ param: byId(id) }));

  it("gives a new company its first administrador, who logs in", async () => {
    const token = await su();
    const company = await newCompany("primeradmin", { max_employees: 2 });
    const empty = await listAdmins(company.id);
    expect(empty).toMatchObject({ administradores: [], total: 0, employees: { count: 0, limit: 2 }, locations: [] });
    const res = await api(admins(company.id), {
      method: "POST",
      token,
      json: { email: "admin@primeradmin.co", password: "primera1", first_name: "Pía", last_name: "Ramos" },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      message: "Administrador creado exitosamente",
      user: { email: "admin@primeradmin.co", role: "administrador", location_id: null },
    });
    const login2 = await api("/api/v1/auth/auth/login-json", {
      method: "POST",
      json: { email: "admin@primeradmin.co", password: "primera1" },
    });
    expect(await login2.json()).toMatchObject({ user: { role: "administrador", company_id: company.id } });
    const listed = await listAdmins(company.id);
    expect(listed.administradores.map((a) => a.email)).toEqual(["admin@primeradmin.co"]);
    expect(listed.employees.count).toBe(1);
  });

  it("validates the body (422), the company (404) and the plan's limit (409)", async () => {
    const token = await su();
    const company = await newCompany("adminlimite", { max_employees: 1 });
    const post = (id: number | string, json: unknown) => api(admins(id), { method: "POST", token, json });
    const body = { email: "a@adminlimite.co", password: "clave1", first_name: "A", last_name: "B" };
    await expectError(await post(company.id, { ...body, password: "123" }), 422, /al menos 6 caracteres/);
    await expectError(await post(company.id, { ...body, email: "no-es-correo" }), 422, "El email no es válido");
    await expectError(await post(999999, body), 404, "Empresa no encontrada");
    await expectError(await api(admins(999999), { token }), 404, "Empresa no encontrada");
    expect((await post(company.id, body)).status).toBe(201);
    await expectError(await post(company.id, { ...body, email: "b@adminlimite.co" }), 409, /límite de empleados/);
  });

  it("refuses company roles", async () => {
    await expectDenied(["boss", "administrador", "seller"], (token) => api(admins(1), { token }));
    await expectDenied(["boss", "administrador"], (token) =>
      api(admins(1), {
        method: "POST",
        token,
        json: { email: "x@x.co", password: "clave1", first_name: "A", last_name: "B" },
      }),
    );
  });
});

describe("passwords of bosses and administradores", () => {
  async function bossOf(subdomain: string) {
    const company = await newCompany(subdomain);
    const json = { email: `jefe@${subdomain}.co`, password: "Jefe#2026", first_name: "J", last_name: "F" };
    const { boss } = await ok((await sa()).companies[":id"].boss.$post({ param: byId(company.id), json }), 201);
    assert(boss, "the new boss");
    return boss;
  }

  it("sets a boss's password with the strong rules, and unlocks a locked boss", async () => {
    const token = await su();
    const boss = await bossOf("clavejefe");
    const put = (json: unknown) => api(`${BASE}/users/${boss.id}/password`, { method: "PUT", token, json });
    await expectError(
      await put({ password: "debil12" }),
      422,
      "La contraseña debe tener al menos 8 caracteres, una letra mayúscula, un número y un carácter especial",
    );
    await expectError(await put({}), 422, "La contraseña es requerida");
    const res = await put({ password: "Nueva#2027" });
    expect(await res.json()).toMatchObject({ message: "Contraseña actualizada exitosamente" });
    expect(await loginStatus(boss.email, "Nueva#2027")).toBe(200);

    await lockOut(boss.email);
    const shown = await ok(
      (await sa()).companies[":id"]["with-boss"].$get({ param: byId((await companyOf(boss.email)) ?? 0) }),
    );
    expect(shown.boss?.locked_until).toBeTruthy();
    const unlock = await api(`${BASE}/users/${boss.id}/unlock`, { method: "POST", token });
    expect(await unlock.json()).toMatchObject({ was_locked: true });
    expect(await loginStatus(boss.email, "Nueva#2027")).toBe(200);
  });

  it("sets an administrador's password with the staff rule; other users are 404", async () => {
    const token = await su();
    const company = await newCompany("claveadmin");
    const json = { email: "admin@claveadmin.co", password: "inicial1", first_name: "A", last_name: "B" };
    const { user: admin } = await ok(
      (await sa()).companies[":id"].administradores.$post({ param: byId(company.id), json }),
      201,
    );
    const seller = await accountRow(DEMO.seller);
    const [superuser] = await platform().select().from(users).where(eq(users.email, DEMO.superuser));
    const put = (id: number | undefined, password: string) =>
      api(`${BASE}/users/${id}/password`, { method: "PUT", token, json: { password } });
    await expectError(await put(admin.id, "corta"), 422, "La contraseña debe tener al menos 6 caracteres");
    expect((await put(admin.id, "otra123")).status).toBe(200);
    expect(await loginStatus("admin@claveadmin.co", "otra123")).toBe(200);
    await expectError(await put(seller?.id, "Robada#2026"), 404, "Usuario no encontrado");
    await expectError(await put(superuser?.id, "Robada#2026"), 404);
    await expectError(await put(999999, "Robada#2026"), 404);
    await expectError(await api(`${BASE}/users/999999/unlock`, { method: "POST", token }), 404);
  });

  it("refuses company roles", async () => {
    const boss = await accountRow(DEMO.boss);
    await expectDenied(["boss", "administrador", "seller"], (token) =>
      api(`${BASE}/users/${boss?.id}/password`, { method: "PUT", token, json: { password: "Robada#2026" } }),
    );
    await expectDenied(["boss", "administrador"], (token) =>
      api(`${BASE}/users/${boss?.id}/unlock`, { method: "POST", token }),
    );
  });
});

describe("PUT /superadmin/users/:id/active (an administrador of any company)", () => {
  const active = async (id: number | string, json: unknown, email: string = DEMO.superuser) =>
    api(`/api/v1/superadmin/users/${id}/active`, { method: "PUT", token: await login(email), json });

  it("deactivates and reactivates; the last active administrador goes only with confirmation; its sessions end", async () => {
    const token = await login(DEMO.superuser);
    const made = await api(`${BASE}/companies`, {
      method: "POST",
      token,
      json: { name: "Una Admin SAS", subdomain: "unaadmin", email: "una@horma.co", plan_code: "basic" },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const companyId = ((await made.json()) as { company: { id: number } }).company.id;
    const first = await api(`${BASE}/companies/${companyId}/administradores`, {
      method: "POST",
      token,
      json: { email: "unica.admin@horma.co", password: "Clave123", first_name: "Única", last_name: "Admin" },
    });
    expect(first.status, await first.clone().text()).toBe(201);
    const id = ((await first.json()) as { user: { id: number } }).user.id;
    const session = await login("unica.admin@horma.co", "Clave123");
    await expectError(await active(id, { is_active: false }), 409, /último administrador activo/);
    const off = await active(id, { is_active: false, confirm_last: true });
    expect(off.status, await off.clone().text()).toBe(200);
    expect(await off.json()).toMatchObject({ user: { is_active: false } });
    await expectError(await api("/api/v1/auth/auth/me", { token: session }), 401);
    const on = await active(id, { is_active: true });
    expect(on.status, await on.clone().text()).toBe(200);
    expect(await on.json()).toMatchObject({ user: { is_active: true } });
    expect((await api("/api/v1/auth/auth/me", { token: await login("unica.admin@horma.co", "Clave123") })).status).toBe(
      200,
    );
  });

  it("422 for a body without is_active, 404 for a user who is not an administrador, 403 for other roles", async () => {
    const admin = await accountRow(DEMO.administrador);
    const seller = await accountRow(DEMO.seller);
    await expectError(await active(admin?.id ?? 0, {}), 422);
    await expectError(await active(admin?.id ?? 0, { is_active: "quizás" }), 422);
    await expectError(await active(seller?.id ?? 0, { is_active: false }), 404);
    await expectError(await active(999_999, { is_active: false }), 404);
    for (const email of [DEMO.administrador, DEMO.boss, DEMO.seller]) {
      await expectError(await active(admin?.id ?? 0, { is_active: false }, email), 403);
    }
  });
});
