import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, products } from "../../../worker/db/schema";
import { api, client, DEMO, db, dbOf, expectError, login, ok, platform } from "../support/helpers";

const URL = "/api/v1/admin/create-test-data";

describe("POST /api/v1/admin/create-test-data", () => {
  it("fills the administrator's own company once and is idempotent", async () => {
    const [otra] = await platform().select().from(companies).where(eq(companies.subdomain, "otra"));
    const otraDb = await dbOf(otra?.id ?? 0);
    const before = await otraDb
      .select()
      .from(products)
      .where(eq(products.companyId, otra?.id ?? 0));
    const token = await login(DEMO.otherAdmin);
    const createTestData = client(token).admin["create-test-data"];
    const body = await ok(createTestData.$post());
    expect(body.products_created).toBe(24 - before.length);
    const again = await ok(createTestData.$post());
    expect(again.products_created).toBe(0);
    const after = await otraDb
      .select()
      .from(products)
      .where(eq(products.companyId, otra?.id ?? 0));
    expect(after).toHaveLength(24);
    // The demo company was not touched.
    const [demo] = await db().select().from(companies).where(eq(companies.subdomain, "demo"));
    expect(
      await db()
        .select()
        .from(products)
        .where(eq(products.companyId, demo?.id ?? 0)),
    ).toHaveLength(24);
  });

  it.each([DEMO.seller, DEMO.boss, DEMO.bodeguero, DEMO.corredor])("refuses %s with 403", async (email) => {
    await expectError(await api(URL, { method: "POST", token: await login(email) }), 403);
  });
});
