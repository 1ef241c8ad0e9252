// Company data on D1 shards (issue 34, docs/sharding.md): the directory, placement, the account
// directory, the bookmark of each shard, the company's own row on its shard, and that every row sits on
// its side (the platform's tables on the platform, each company's on its shard).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseBookmark } from "../../../shared/bookmark";
import { SHARD_ID_SPAN } from "../../../worker/db/id-spaces";
import { companies, companyDirectory, locations, userDirectory, users } from "../../../worker/db/schema";
import {
  api,
  client,
  companyNamed,
  DEMO,
  db,
  dbOf,
  expectError,
  login,
  misplacedRows,
  ok,
  PASSWORD,
  platform,
} from "../support/helpers";

const placementOf = async (companyId: number) => {
  const [row] = await platform().select().from(companyDirectory).where(eq(companyDirectory.companyId, companyId));
  return row;
};

describe("the directory", () => {
  it("places the demo companies on two shards, each company's rows on its own", async () => {
    const [demo, otra] = [await companyNamed("demo"), await companyNamed("otra")];
    expect((await placementOf(demo.id))?.shard).toBe("SHARD_1");
    expect((await placementOf(otra.id))?.shard).toBe("SHARD_2");
    // otra's users are on SHARD_2 only, the demo's on SHARD_1 only
    const onShard2 = await (await dbOf(otra.id)).select().from(users).where(eq(users.companyId, demo.id));
    const onShard1 = await (await dbOf(demo.id)).select().from(users).where(eq(users.companyId, otra.id));
    expect([onShard1.length, onShard2.length]).toEqual([0, 0]);
    expect(await misplacedRows()).toEqual([]);
  });

  it("hands out ids of each shard's own range, so an id names one row on the whole platform", async () => {
    const otra = await companyNamed("otra");
    const theirs = await (await dbOf(otra.id)).select({ id: locations.id }).from(locations);
    const ours = await db().select({ id: locations.id }).from(locations);
    // SHARD_2 starts at 10^10 (worker/db/id-spaces.ts), SHARD_1 at 1
    expect(theirs.every((l) => l.id > SHARD_ID_SPAN && l.id < 2 * SHARD_ID_SPAN)).toBe(true);
    expect(ours.every((l) => l.id < SHARD_ID_SPAN)).toBe(true);
    // a location id of otra asked by the demo company: 404, not a row of its own
    const token = await login(DEMO.administrador);
    await expectError(await api(`/api/v1/locations/${theirs[0]?.id}`, { token }), 404);
  });

  it("gives every account an id and an e-mail that are unique on the whole platform", async () => {
    // an e-mail of a company on another shard is refused, as one on the same shard is
    const token = await login(DEMO.administrador);
    const taken = await client(token).admin.admin.users.$post({
      json: { email: DEMO.otherSeller, password: "123456", first_name: "Otro", last_name: "Correo", role: "corredor" },
    });
    await expectError(taken, 409, "Ya existe un usuario con ese correo");
    const made = await ok(
      client(token).admin.admin.users.$post({
        json: {
          email: "nuevo.directorio@demo.horma.co",
          password: "123456",
          first_name: "N",
          last_name: "D",
          role: "corredor",
        },
      }),
      201,
    );
    const [entry] = await platform()
      .select()
      .from(userDirectory)
      .where(eq(userDirectory.email, "nuevo.directorio@demo.horma.co"));
    expect(entry).toMatchObject({ id: made.user.id, companyId: (await companyNamed("demo")).id });
    expect(
      (
        await api("/api/v1/auth/auth/login-json", {
          method: "POST",
          json: { email: "nuevo.directorio@demo.horma.co", password: "123456" },
        })
      ).status,
    ).toBe(200);
  });

  it("answers each company's bookmark named by its shard, and ignores one of another shard", async () => {
    const demoAnswer = await api("/api/v1/sales/today", { token: await login(DEMO.seller) });
    const otraAnswer = await api("/api/v1/sales/today", { token: await login(DEMO.otherSeller) });
    const demoBookmark = parseBookmark(demoAnswer.headers.get("X-D1-Bookmark"));
    const otraBookmark = parseBookmark(otraAnswer.headers.get("X-D1-Bookmark"));
    expect([demoBookmark?.database, otraBookmark?.database]).toEqual(["SHARD_1", "SHARD_2"]);
    const crossed = await api("/api/v1/sales/today", {
      token: await login(DEMO.otherSeller),
      headers: { "X-D1-Bookmark": demoAnswer.headers.get("X-D1-Bookmark") ?? "" },
    });
    expect(crossed.status).toBe(200);
    expect(parseBookmark(crossed.headers.get("X-D1-Bookmark"))?.database).toBe("SHARD_2");
  });
});

describe("placement", () => {
  const create = async (json: Record<string, unknown>) =>
    client(await login(DEMO.superuser)).superadmin.companies.$post({ json: json as never });

  it("puts a company on a shard of the region the superuser picks, and refuses a region without shards", async () => {
    const body = await ok(
      create({ name: "Europa", subdomain: "europa", email: "info@europa.co", region: "weur" }),
      201,
    );
    expect(await placementOf(body.company.id)).toMatchObject({ shard: "SHARD_3", region: "weur" });
    // its own row on that shard, with what the platform granted it
    const [own] = await (await dbOf(body.company.id)).select().from(companies).where(eq(companies.id, body.company.id));
    expect(own).toMatchObject({ subdomain: "europa", maxLocations: body.company.max_locations });
    await expectError(
      await create({ name: "Asia", subdomain: "asia", email: "info@asia.co", region: "apac" }),
      422,
      /no tiene servidores en esa región/,
    );
  });

  it("by default, the first region's least used shard", async () => {
    const body = await ok(create({ name: "Américas", subdomain: "americas", email: "info@americas.co" }), 201);
    // SHARD_1 holds the demo company's data: SHARD_2 (otra) is smaller
    expect(await placementOf(body.company.id)).toMatchObject({ shard: "SHARD_2", region: "enam" });
    // its boss logs in through the directory and works on that shard
    const superuser = client(await login(DEMO.superuser)).superadmin;
    await ok(
      superuser.companies[":id"].boss.$post({
        param: { id: String(body.company.id) },
        json: { email: "jefe@americas.co", password: "Jefe#2026x", first_name: "J", last_name: "A" },
      }),
      201,
    );
    const boss = await login("jefe@americas.co", "Jefe#2026x");
    expect((await api("/api/v1/auth/auth/me", { token: boss })).status).toBe(200);
    expect(await misplacedRows()).toEqual([]);
  });
});

describe("what the platform grants, on the company's shard", () => {
  it("a suspension reaches the company's shard at once, and so does the reactivation", async () => {
    const otra = await companyNamed("otra");
    const superuser = await login(DEMO.superuser);
    const ownRow = async () =>
      (await (await dbOf(otra.id)).select().from(companies).where(eq(companies.id, otra.id)))[0];
    await ok(
      client(superuser).superadmin.companies[":id"].suspend.$post({
        param: { id: String(otra.id) },
        json: { reason: "Prueba de shards" },
      }),
    );
    expect((await ownRow())?.subscriptionStatus).toBe("suspended");
    await expectError(
      await api("/api/v1/auth/auth/login-json", {
        method: "POST",
        json: { email: DEMO.otherSeller, password: PASSWORD },
      }),
      403,
    );
    await ok(client(superuser).superadmin.companies[":id"].activate.$post({ param: { id: String(otra.id) } }));
    expect((await ownRow())?.subscriptionStatus).toBe("active");
  });

  it("a plan change takes the limits on the shard too, and a downgrade below what the company uses is refused there", async () => {
    const otra = await companyNamed("otra");
    const superuser = client(await login(DEMO.superuser)).superadmin;
    const change = (max_locations: number) =>
      superuser.subscriptions.change.$post({
        json: {
          company_id: otra.id,
          new_plan: otra.subscriptionPlan,
          new_max_locations: max_locations,
          new_max_employees: otra.maxEmployees,
          new_price_per_location: otra.pricePerLocation / 100,
        } as never,
      });
    // otra uses two locations: one is refused (its shard counts them)
    await expectError(await change(1), 409);
    await ok(change(otra.maxLocations + 2));
    const [own] = await (await dbOf(otra.id)).select().from(companies).where(eq(companies.id, otra.id));
    expect(own?.maxLocations).toBe(otra.maxLocations + 2);
    expect(env.SHARDS).toContain("SHARD_2");
  });
});
