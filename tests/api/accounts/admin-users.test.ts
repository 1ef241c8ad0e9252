import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, users } from "../../../worker/db/schema";
import {
  accountRow,
  api,
  client,
  companyNamed,
  DEMO,
  db,
  dbOf,
  expectDenied,
  expectError,
  forgetTokens,
  locationNamed,
  lockOut,
  login,
  loginStatus,
  ok,
  PASSWORD,
  updateCompanyRow,
} from "../support/helpers";

const BASE = "/api/v1/admin/admin";
/** The staff routes as typed calls. */
const staff = (token: string) => client(token).admin.admin.users;

describe("admin users", () => {
  it("creates a vendedor as seller at a location, who can then log in", async () => {
    const token = await login(DEMO.administrador);
    const centro = await locationNamed("Local Centro");
    const body = await ok(
      staff(token).$post({
        json: {
          email: "Nueva.Vendedora@demo.horma.co",
          password: "secreto1",
          first_name: "Nora",
          last_name: "Vélez",
          role: "vendedor",
          location_id: centro.id,
        },
      }),
      201,
    );
    expect(body.message).toBe("Usuario creado exitosamente");
    expect(body.user).toMatchObject({
      email: "nueva.vendedora@demo.horma.co",
      role: "seller",
      location_name: "Local Centro",
      is_active: true,
    });
    const loginRes = await api("/api/v1/auth/auth/login-json", {
      method: "POST",
      json: { email: "nueva.vendedora@demo.horma.co", password: "secreto1" },
    });
    expect(loginRes.status).toBe(200);
  });

  it.each([
    [{ password: "secreto1", first_name: "A", last_name: "B", role: "corredor" }, "El email es requerido"],
    [{ email: "x@demo.horma.co", first_name: "A", last_name: "B", role: "corredor" }, "La contraseña es requerida"],
    [{ email: "x@demo.horma.co", password: "123456", first_name: "A", last_name: "B" }, "El rol es requerido"],
    [
      { email: "x@demo.horma.co", password: "12345", first_name: "A", last_name: "B", role: "corredor" },
      "La contraseña debe tener al menos 6 caracteres",
    ],
    [
      { email: "no-valido", password: "123456", first_name: "A", last_name: "B", role: "corredor" },
      "El email no es válido",
    ],
    [
      { email: "x@demo.horma.co", password: "123456", first_name: " ", last_name: "B", role: "corredor" },
      "El nombre es requerido",
    ],
    [
      { email: "x@demo.horma.co", password: "123456", first_name: "A", last_name: "B", role: "boss" },
      /vendedor, bodeguero o corredor/,
    ],
  ])("refuses %j with 422", async (json, message) => {
    await expectError(
      await api(`${BASE}/users`, { method: "POST", token: await login(DEMO.administrador), json }),
      422,
      message,
    );
  });

  it("refuses a duplicate e-mail (409) and a location of another company (404)", async () => {
    const token = await login(DEMO.administrador);
    await expectError(
      await api(`${BASE}/users`, {
        method: "POST",
        token,
        json: {
          email: DEMO.seller,
          password: "123456",
          first_name: "A",
          last_name: "B",
          role: "vendedor",
          location_id: (await locationNamed("Local Centro")).id,
        },
      }),
      409,
    );
    const theirs = await locationNamed("Otra Tienda Medellín");
    await expectError(
      await api(`${BASE}/users`, {
        method: "POST",
        token,
        json: {
          email: "z@demo.horma.co",
          password: "123456",
          first_name: "A",
          last_name: "B",
          role: "vendedor",
          location_id: theirs.id,
        },
      }),
      404,
    );
  });

  it("a bodeguero needs a warehouse and a vendedor a store (422); a corredor may stay without one", async () => {
    const token = await login(DEMO.administrador);
    const centro = await locationNamed("Local Centro");
    const bodega = await locationNamed("Bodega Principal");
    const create = (email: string, role: string, location_id?: number | null) =>
      api(`${BASE}/users`, {
        method: "POST",
        token,
        json: { email, password: "secreto1", first_name: "Sin", last_name: "Lugar", role, location_id },
      });
    await expectError(await create("bod.sin@demo.horma.co", "bodeguero"), 422, "Un bodeguero necesita una bodega");
    await expectError(
      await create("bod.sin@demo.horma.co", "bodeguero", null),
      422,
      "Un bodeguero necesita una bodega",
    );
    await expectError(
      await create("bod.local@demo.horma.co", "bodeguero", centro.id),
      422,
      "Un bodeguero necesita una bodega: Local Centro no es una bodega",
    );
    await expectError(await create("ven.sin@demo.horma.co", "vendedor"), 422, "Un vendedor necesita un local");
    await expectError(
      await create("ven.bodega@demo.horma.co", "vendedor", bodega.id),
      422,
      "Un vendedor necesita un local: Bodega Principal no es un local",
    );
    // nothing was created
    const refused = await db().select().from(users).where(eq(users.lastName, "Lugar"));
    expect(refused).toEqual([]);
    expect((await create("cor.sin@demo.horma.co", "corredor")).status).toBe(201);
    expect((await create("bod.bien@demo.horma.co", "bodeguero", bodega.id)).status).toBe(201);
  });

  it("keeps an active vendedor at a store when edited or reactivated (422); an inactive one may keep none", async () => {
    const token = await login(DEMO.administrador);
    const centro = await locationNamed("Local Centro");
    const bodega = await locationNamed("Bodega Principal");
    const { user } = await ok(
      staff(token).$post({
        json: {
          email: "ven.editado@demo.horma.co",
          password: "secreto1",
          first_name: "Vera",
          last_name: "Editada",
          role: "vendedor",
          location_id: centro.id,
        },
      }),
      201,
    );
    const put = (json: unknown) => api(`${BASE}/users/${user.id}`, { method: "PUT", token, json });
    await expectError(
      await put({ location_id: bodega.id }),
      422,
      "Un vendedor necesita un local: Bodega Principal no es un local",
    );
    await expectError(await put({ location_id: null }), 422, "Un vendedor necesita un local");
    await expectError(await put({ location_id: "" }), 422, "Un vendedor necesita un local");
    // the name alone changes as before
    expect((await put({ first_name: "Vera Lucía" })).status).toBe(200);
    // deactivated, the location may go; coming back needs a store again
    const edit = (json: { is_active: boolean; location_id: number | null }) =>
      staff(token)[":id"].$put({ param: { id: String(user.id) }, json });
    expect((await ok(edit({ is_active: false, location_id: null }))).user).toMatchObject({ location_id: null });
    await expectError(await put({ is_active: true }), 422, "Un vendedor necesita un local");
    expect((await ok(edit({ is_active: true, location_id: centro.id }))).user).toMatchObject({
      is_active: true,
      location_name: "Local Centro",
    });
  });

  it("enforces the plan's employee limit, also when reactivating", async () => {
    const token = await login(DEMO.otherAdmin);
    const otra = await companyNamed("otra");
    const active = await (await dbOf(otra.id)).select().from(users).where(eq(users.companyId, otra.id));
    await updateCompanyRow(otra.id, { maxEmployees: active.length + 1 });
    const make = (email: string) =>
      staff(token).$post({ json: { email, password: "123456", first_name: "L", last_name: "M", role: "corredor" } });
    const { user: created } = await ok(make("limite1@otra.horma.co"), 201);
    await expectError(await make("limite2@otra.horma.co"), 409, /límite de empleados del plan \(\d+\)/);
    expect(
      (await api(`${BASE}/users/${created.id}`, { method: "PUT", token, json: { is_active: false } })).status,
    ).toBe(200);
    expect((await make("limite2@otra.horma.co")).status).toBe(201);
    await expectError(
      await api(`${BASE}/users/${created.id}`, { method: "PUT", token, json: { is_active: true } }),
      409,
      /límite/,
    );
  });

  it("lists staff with filters", async () => {
    const token = await login(DEMO.administrador);
    const all = await ok(staff(token).$get({ query: {} }));
    expect(all.users.every((u) => ["seller", "bodeguero", "corredor"].includes(u.role))).toBe(true);
    const sellers = await ok(staff(token).$get({ query: { role: "vendedor" } }));
    expect(sellers.users.length).toBeGreaterThan(0);
    expect(sellers.users.every((u) => u.role === "seller")).toBe(true);
    const centro = await locationNamed("Local Centro");
    const atCentro = await ok(staff(token).$get({ query: { location_id: String(centro.id) } }));
    expect(atCentro.users.every((u) => u.location_id === centro.id)).toBe(true);
    await expectError(await api(`${BASE}/users?role=jefe`, { token }), 422);
    await expectError(await api(`${BASE}/users?is_active=quizas`, { token }), 422);
  });

  it("updates name, location and active state; e-mail and role are locked; an inactive user is refused at once", async () => {
    const token = await login(DEMO.administrador);
    const courier = await accountRow(DEMO.corredor);
    const courierToken = await login(DEMO.corredor);
    const sur = await locationNamed("Bodega Sur");
    const res = await staff(token)[":id"].$put({
      param: { id: String(courier?.id) },
      json: { first_name: "Carlos Andrés", location_id: sur.id, is_active: false },
    });
    expect((await ok(res)).user).toMatchObject({
      location_name: "Bodega Sur",
      is_active: false,
    });
    // every session of the account ends at once (401); the login says why (403)
    await expectError(
      await api("/api/v1/auth/auth/me", { token: courierToken }),
      401,
      "Sesión inválida o expirada. Inicia sesión nuevamente.",
    );
    await expectError(
      await api("/api/v1/auth/auth/login-json", { method: "POST", json: { email: DEMO.corredor, password: PASSWORD } }),
      403,
    );
    await api(`${BASE}/users/${courier?.id}`, { method: "PUT", token, json: { is_active: true } });
    // reactivated: a new login works, the old session stays over
    expect((await api("/api/v1/auth/auth/me", { token: courierToken })).status).toBe(401);
    forgetTokens();
    expect((await api("/api/v1/auth/auth/me", { token: await login(DEMO.corredor) })).status).toBe(200);
    await expectError(
      await api(`${BASE}/users/${courier?.id}`, { method: "PUT", token, json: { email: "otro@demo.horma.co" } }),
      422,
      "El correo no se puede cambiar",
    );
    await expectError(
      await api(`${BASE}/users/${courier?.id}`, { method: "PUT", token, json: { role: "bodeguero" } }),
      422,
      "El rol no se puede cambiar",
    );
    await expectError(
      await api(`${BASE}/users/${courier?.id}`, { method: "PUT", token, json: { first_name: "" } }),
      422,
    );
  });

  it("answers 404 for another company's user, and for the boss or another administrador", async () => {
    const token = await login(DEMO.administrador);
    const theirs = await accountRow(DEMO.otherSeller);
    await expectError(
      await api(`${BASE}/users/${theirs?.id}`, { method: "PUT", token, json: { is_active: false } }),
      404,
    );
    const boss = await accountRow(DEMO.boss);
    await expectError(
      await api(`${BASE}/users/${boss?.id}`, { method: "PUT", token, json: { is_active: false } }),
      404,
    );
    const still = await accountRow(DEMO.otherSeller);
    expect(still?.isActive).toBe(true);
  });

  it("is refused to every role but administrador and superuser", async () => {
    await expectDenied(["seller", "boss", "bodeguero", "corredor"], (token) => api(`${BASE}/users`, { token }));
    await expectDenied(["seller", "boss"], (token) => api(`${BASE}/users`, { method: "POST", token, json: {} }));
  });
});

describe("admin users: passwords and login locks", () => {
  async function staffMember(email: string, token?: string) {
    const json = {
      email,
      password: "inicial1",
      first_name: "Clave",
      last_name: "Nueva",
      role: "bodeguero" as const,
      location_id: (await locationNamed("Bodega Principal")).id,
    };
    return (await ok(staff(token ?? (await login(DEMO.administrador))).$post({ json }), 201)).user;
  }

  it("sets a staff member's password: the new one logs in, the old one no longer does", async () => {
    const user = await staffMember("clave.nueva@demo.horma.co");
    const res = await api(`${BASE}/users/${user.id}/password`, {
      method: "PUT",
      token: await login(DEMO.administrador),
      json: { password: "otra12" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: "Contraseña actualizada exitosamente" });
    expect(await loginStatus(user.email, "otra12")).toBe(200);
    expect(await loginStatus(user.email, "inicial1")).toBe(401);
  });

  it("refuses a short or missing password with 422", async () => {
    const user = await staffMember("clave.corta@demo.horma.co");
    const token = await login(DEMO.administrador);
    const put = (json: unknown) => api(`${BASE}/users/${user.id}/password`, { method: "PUT", token, json });
    await expectError(await put({ password: "12345" }), 422, "La contraseña debe tener al menos 6 caracteres");
    await expectError(await put({}), 422, "La contraseña es requerida");
    await expectError(await put({ password: 123456 }), 422);
    expect(await loginStatus(user.email, "inicial1")).toBe(200);
  });

  it("unlocks an account locked by failed logins, and the lock shows in the list meanwhile", async () => {
    const user = await staffMember("clave.bloqueada@demo.horma.co");
    const token = await login(DEMO.administrador);
    await lockOut(user.email);
    const list = await ok(staff(token).$get({ query: {} }));
    expect(list.users.find((u) => u.id === user.id)?.locked_until).toBeTruthy();
    expect(list.users.find((u) => u.email === DEMO.seller)?.locked_until).toBeNull();

    const res = await api(`${BASE}/users/${user.id}/unlock`, { method: "POST", token });
    expect(await res.json()).toMatchObject({ message: "Cuenta desbloqueada exitosamente", was_locked: true });
    expect(await loginStatus(user.email, "inicial1")).toBe(200);
    const again = await api(`${BASE}/users/${user.id}/unlock`, { method: "POST", token });
    expect(await again.json()).toMatchObject({ message: "La cuenta no estaba bloqueada", was_locked: false });
  });

  it("a new password also lifts the lock", async () => {
    const user = await staffMember("clave.reset@demo.horma.co");
    await lockOut(user.email);
    const res = await api(`${BASE}/users/${user.id}/password`, {
      method: "PUT",
      token: await login(DEMO.administrador),
      json: { password: "nueva123" },
    });
    expect(res.status).toBe(200);
    expect(await loginStatus(user.email, "nueva123")).toBe(200);
  });

  it("refuses every role but the administrador and the superuser", async () => {
    const user = await staffMember("clave.roles@demo.horma.co");
    await expectDenied(["seller", "bodeguero", "corredor", "boss"], (token) =>
      api(`${BASE}/users/${user.id}/password`, { method: "PUT", token, json: { password: "robada1" } }),
    );
    await expectDenied(["seller", "bodeguero", "corredor", "boss"], (token) =>
      api(`${BASE}/users/${user.id}/unlock`, { method: "POST", token }),
    );
    const [demo] = await db().select().from(companies).where(eq(companies.subdomain, "demo"));
    const su = await api(`${BASE}/users/${user.id}/password?company_id=${demo?.id}`, {
      method: "PUT",
      token: await login(DEMO.superuser),
      json: { password: "delsuper1" },
    });
    expect(su.status).toBe(200);
    expect(await loginStatus(user.email, "delsuper1")).toBe(200);
  });

  it("answers 404 for another company's user, for an administrador or boss, and for unknown ids", async () => {
    const mine = await staffMember("clave.ajena@demo.horma.co");
    const other = await login(DEMO.otherAdmin);
    await expectError(
      await api(`${BASE}/users/${mine.id}/password`, { method: "PUT", token: other, json: { password: "robada1" } }),
      404,
      "Usuario no encontrado",
    );
    await expectError(await api(`${BASE}/users/${mine.id}/unlock`, { method: "POST", token: other }), 404);
    expect(await loginStatus(mine.email, "inicial1")).toBe(200);

    const token = await login(DEMO.administrador);
    const admin = await accountRow(DEMO.administrador);
    const boss = await accountRow(DEMO.boss);
    for (const id of [admin?.id, boss?.id, 999999]) {
      await expectError(
        await api(`${BASE}/users/${id}/password`, { method: "PUT", token, json: { password: "robada1" } }),
        404,
      );
    }
    await expectError(await api(`${BASE}/users/abc/unlock`, { method: "POST", token }), 404);
  });
});
