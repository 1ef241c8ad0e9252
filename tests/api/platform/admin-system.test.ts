import { describe, expect, it } from "vitest";
import { api, DEMO, expectDenied, login } from "../support/helpers";

const BASE = "/api/v1/admin/admin";

describe("admin system routes", () => {
  it("answers the module's health and checks D1, R2 and the Durable Object", async () => {
    const token = await login(DEMO.administrador);
    expect(await (await api(`${BASE}/health`, { token })).json()).toMatchObject({ module: "admin", status: "ok" });
    const res = await api(`${BASE}/diagnosis/microservice-connection`, { token });
    expect(res.status).toBe(200);
  });

  it("is refused to the seller, the boss, the bodeguero and the corredor", async () => {
    await expectDenied(["seller", "boss", "bodeguero", "corredor"], (token) => api(`${BASE}/health`, { token }));
  });
});
