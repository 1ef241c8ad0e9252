import { describe, expect, it } from "vitest";
import { hashPassword } from "../../../worker/auth/password";
import { api, DEMO, expectError, insertUser, login, ok } from "../support/helpers";

import { BASE, changePlan, newCompany, sa, su } from "./superadmin-helpers";

describe("plans", () => {
  it("lists active plans and creates a plan with the spec's defaults", async () => {
    const token = await su();
    const list = await ok((await sa()).plans.$get({ query: {} }));
    expect(list.plans.map((p) => p.plan_code)).toEqual(["basic", "professional", "enterprise"]);
    const res = await api(`${BASE}/plans`, {
      method: "POST",
      token,
      json: { plan_code: "temporada", display_name: "Temporada" },
    });
    expect(await res.json()).toMatchObject({
      message: "Plan creado exitosamente",
      plan: { max_locations: 5, max_employees: 15, price_per_location: 60, sort_order: 0 },
    });
    await expectError(
      await api(`${BASE}/plans`, { method: "POST", token, json: { plan_code: "temporada", display_name: "Otra" } }),
      409,
    );
    await expectError(
      await api(`${BASE}/plans`, { method: "POST", token, json: { display_name: "Sin código" } }),
      422,
      "El código del plan es requerido",
    );
    await expectError(await api(`${BASE}/plans?active_only=quizas`, { token }), 422);
  });
});

describe("plan modules", () => {
  it("a plan without mayoreo or reportes_avanzados gets 403 on those modules' routes, and /plan/modules says so", async () => {
    const token = await su();
    const company = await newCompany("modulos", { subscription_plan: "professional" });
    const id = company.id;
    const created = await api(`${BASE}/companies/${id}/boss`, {
      method: "POST",
      token,
      json: { email: "boss@modulos.co", password: "Boss#2026", first_name: "B", last_name: "M" },
    });
    expect(created.status).toBe(201);
    await insertUser({
      companyId: id,
      email: "admin@modulos.co",
      passwordHash: await hashPassword("Admin#2026"),
      firstName: "A",
      lastName: "M",
      role: "administrador",
    });
    const admin = await login("admin@modulos.co", "Admin#2026");
    const boss = await login("boss@modulos.co", "Boss#2026");
    const modules = async (t: string) => (await api("/api/v1/plan/modules", { token: t })).json();
    expect(await modules(admin)).toMatchObject({
      plan: "professional",
      plan_name: "Profesional",
      modules: { mayoreo: true, reportes_avanzados: true },
    });
    expect((await api("/api/v1/mayoreo/productos/listar", { token: admin })).status).toBe(200);

    const down = await changePlan({
      company_id: id,
      new_plan: "basic",
      new_max_locations: 3,
      new_max_employees: 10,
      new_price_per_location: 120_000,
    });
    expect(down.status).toBe(200);
    expect(await modules(admin)).toMatchObject({
      plan: "basic",
      plan_name: "Básico",
      modules: { mayoreo: false, reportes_avanzados: false },
    });
    const NO_MAYOREO = "Tu plan no incluye el módulo de mayoreo";
    await expectError(await api("/api/v1/mayoreo/productos/listar", { token: admin }), 403, NO_MAYOREO);
    await expectError(await api("/api/v1/mayoreo/estadisticas", { token: admin }), 403, NO_MAYOREO);
    await expectError(
      await api("/api/v1/mayoreo/ventas/registrar", { method: "POST", token: admin, json: {} }),
      403,
      NO_MAYOREO,
    );
    await expectError(
      await api("/api/v1/mayoreo/productos/1/eliminar", { method: "DELETE", token: admin }),
      403,
      NO_MAYOREO,
    );
    const NO_REPORTS = "Tu plan no incluye el módulo de reportes avanzados";
    await expectError(await api("/api/v1/boss/boss/reports/sales/daily", { token: boss }), 403, NO_REPORTS);
    await expectError(await api("/api/v1/boss/boss/financial/analysis", { token: boss }), 403, NO_REPORTS);
    await expectError(
      await api("/api/v1/boss/boss/reports/sales/consolidated", { method: "POST", token: boss, json: {} }),
      403,
      NO_REPORTS,
    );
    // what the plan keeps still answers
    expect((await api("/api/v1/boss/boss/dashboard", { token: boss })).status).toBe(200);
    expect((await api("/api/v1/admin/admin/users", { token: admin })).status).toBe(200);

    // back on a plan with the modules, they answer again at once
    await changePlan({
      company_id: id,
      new_plan: "professional",
      new_max_locations: 10,
      new_max_employees: 40,
      new_price_per_location: 100_000,
    });
    expect((await api("/api/v1/mayoreo/productos/listar", { token: admin })).status).toBe(200);
    expect((await api("/api/v1/boss/boss/reports/sales/daily", { token: boss })).status).toBe(200);
  });

  it("/plan/modules: the demo plan includes everything, the superuser has no plan, no token is 401", async () => {
    expect(await (await api("/api/v1/plan/modules", { token: await login(DEMO.seller) })).json()).toEqual({
      plan: "professional",
      plan_name: "Profesional",
      modules: { mayoreo: true, reportes_avanzados: true },
    });
    expect(await (await api("/api/v1/plan/modules", { token: await su() })).json()).toMatchObject({
      plan: null,
      modules: { mayoreo: true, reportes_avanzados: true },
    });
    await expectError(await api("/api/v1/plan/modules"), 401);
    await expectError(await api("/api/v1/plan/modules", { token: "no-es-un-token" }), 401);
  });
});
