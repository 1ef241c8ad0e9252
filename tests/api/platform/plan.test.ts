import { describe, expect, it } from "vitest";
import { api, client, DEMO, expectError, login, ok } from "../support/helpers";

describe("GET /api/v1/plan/modules", () => {
  it("tells each company's staff what its own plan includes", async () => {
    for (const email of [DEMO.seller, DEMO.otherAdmin]) {
      const body = await ok(client(await login(email)).plan.modules.$get());
      expect(body.plan).toBe("professional");
      expect(body.modules).toMatchObject({ mayoreo: true, reportes_avanzados: true });
    }
  });

  it("does not limit the superuser, who has no company", async () => {
    const res = await client(await login(DEMO.superuser)).plan.modules.$get();
    expect((await res.json()).plan).toBeNull();
  });

  it("needs a session (401)", async () => {
    await expectError(await api("/api/v1/plan/modules"), 401);
  });
});
