// Races of the accounts routes: the generated cases of this folder's race-routes.ts (ten requests at once,
// with one Idempotency-Key and without), and the conflicts written by hand. What the race suites check,
// and how: tests/api/support/race-cases.ts.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { api, DEMO, db, dbOf, login } from "../support/helpers";
import { describeRaces } from "../support/race-cases";
import { count, P, post, raceData, unique } from "../support/race-fixtures";
import { RACE_ROUTES } from "./race-routes";

// each case walks objects through several calls and checks every invariant after it
vi.setConfig({ testTimeout: 60_000 });

beforeAll(raceData);

describeRaces(RACE_ROUTES);

describe("conflicting transitions of one object, at the same moment", () => {
  it("40 wrong passwords at once for one e-mail: five are checked, the rest refused (429)", async () => {
    const email = DEMO.corredor;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api(`${P}/auth/auth/login-json`, { method: "POST", json: { email, password: `carrera-${i}` } }),
      ),
    );
    expect(answers.filter((r) => r.status === 429)).toHaveLength(35);
    await db().run(sql`DELETE FROM login_attempts WHERE email = ${email}`);
  });
});

describe("the last administrador of a company", () => {
  it("its last two active administradores deactivated at once without confirmation: one goes, one stays (409)", async () => {
    const token = await login(DEMO.superuser);
    const subdomain = unique("ultimo").replace(/[^a-z0-9]/g, "");
    const company = await post(`${P}/superadmin/companies`, token, {
      name: "Última Admin SAS",
      subdomain,
      email: "ultima@horma.co",
      plan_code: "basic",
    });
    const created = ((await company.json()) as { company: { id: number } }).company.id;
    const ids: number[] = [];
    for (const name of ["una", "otra"]) {
      const res = await post(`${P}/superadmin/companies/${created}/administradores`, token, {
        email: `${unique(name)}@horma.co`,
        password: "Clave123",
        first_name: "Ada",
        last_name: "Ríos",
      });
      expect(res.status, await res.clone().text()).toBe(201);
      ids.push(((await res.json()) as { user: { id: number } }).user.id);
    }
    const answers = await Promise.all(
      ids.map((id) => api(`${P}/superadmin/users/${id}/active`, { method: "PUT", token, json: { is_active: false } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const active = await count(
      sql`SELECT COUNT(*) AS n FROM users WHERE company_id = ${created} AND role = 'administrador' AND is_active = 1`,
      await dbOf(created),
    );
    expect(active).toBe(1);
  });
});
