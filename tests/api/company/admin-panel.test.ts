import { describe, expect, it } from "vitest";
import { api, DEMO, expectDenied, expectError, login } from "../support/helpers";

// The administrator panel's gate (routes/company/admin-panel.ts): one guard over every sub-router.
const PANEL = ["users", "costs", "inventory-alerts", "health"].map((p) => `/api/v1/admin/admin/${p}`);

describe("the administrator panel's gate", () => {
  it("needs a session on every sub-router (401)", async () => {
    for (const url of PANEL) await expectError(await api(url), 401);
  });

  it("refuses every role but the administrador and the superuser", async () => {
    for (const url of PANEL)
      await expectDenied(["seller", "boss", "bodeguero", "corredor"], (token) => api(url, { token }));
  });

  it("lets the administrador in", async () => {
    const token = await login(DEMO.administrador);
    for (const url of PANEL) expect((await api(url, { token })).status).not.toBe(403);
  });
});
