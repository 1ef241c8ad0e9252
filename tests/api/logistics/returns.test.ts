import { describe, expect, it } from "vitest";
import { completedTransfer } from "../support/flows";
import { api, client, DEMO, expectDenied, expectError, login, ok } from "../support/helpers";

const URL = "/api/v1/returns/request";

describe("POST /api/v1/returns/request", () => {
  it("opens a return of a completed transfer", async () => {
    const id = await completedTransfer("ADIDASBA-01", "43");
    const answer = await ok(
      client(await login(DEMO.seller)).returns.request.$post({
        json: { original_transfer_id: id, quantity_to_return: 1, pickup_type: "corredor", reason: "no_sale" },
      }),
      201,
    );
    expect(answer.return_id).toBeGreaterThan(id);
  });

  it("needs the transfer to return (422)", async () => {
    await expectError(
      await api(URL, { method: "POST", token: await login(DEMO.seller), json: { pickup_type: "corredor" } }),
      422,
    );
  });

  it("is refused to the boss, the bodeguero and the corredor", async () => {
    await expectDenied(["boss", "bodeguero", "corredor"], (token) =>
      api(URL, { method: "POST", token, json: { original_transfer_id: 1, pickup_type: "corredor" } }),
    );
  });

  it("does not let another company's seller return a demo transfer (404)", async () => {
    const id = await completedTransfer("ADIDASBA-01", "44");
    const res = await api(URL, {
      method: "POST",
      token: await login(DEMO.otherSeller),
      json: { original_transfer_id: id, quantity_to_return: 1, pickup_type: "corredor", reason: "no_sale" },
    });
    expect(res.status).toBe(404);
  });
});
