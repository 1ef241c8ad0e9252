import { describe, expect, it } from "vitest";
import { api, DEMO, expectError, login } from "./helpers";

type Modules = { plan: string | null; modules: Record<string, boolean> };

describe("GET /api/v1/plan/modules", () => {
  it("tells each company's staff what its own plan includes", async () => {
    for (const email of [DEMO.seller, DEMO.otherAdmin]) {
      const res = await api("/api/v1/plan/modules", { token: await login(email) });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Modules;
      expect(body.plan).toBe("professional");
      expect(body.modules).toMatchObject({ mayoreo: true, reportes_avanzados: true });
    }
  });

  it("does not limit the superuser, who has no company", async () => {
    const res = await api("/api/v1/plan/modules", { token: await login(DEMO.superuser) });
    expect(((await res.json()) as Modules).plan).toBeNull();
  });

  it("needs a session (401)", async () => {
    await expectError(await api("/api/v1/plan/modules"), 401);
  });
});
