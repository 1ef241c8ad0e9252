import { describe, expect, it } from "vitest";
import { api, expectDenied, expectError } from "../support/helpers";

import { BASE, su } from "./superadmin-helpers";

describe("the console's gate", () => {
  it("answers 403 to every other role and 401 without a token; health answers", async () => {
    await expectDenied(["boss", "administrador", "seller", "bodeguero", "corredor"], (token) =>
      api(`${BASE}/companies`, { token }),
    );
    await expectDenied(["boss", "administrador"], (token) => api(`${BASE}/metrics/global`, { token }));
    await expectDenied(["administrador"], (token) =>
      api(`${BASE}/companies/1/suspend`, { method: "POST", token, json: { reason: "x" } }),
    );
    await expectError(await api(`${BASE}/companies`), 401);
    expect(await (await api(`${BASE}/health`, { token: await su() })).json()).toMatchObject({
      module: "superadmin",
      status: "ok",
    });
  });
});
