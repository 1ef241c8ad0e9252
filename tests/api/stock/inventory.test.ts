import { describe, expect, it } from "vitest";
import { demoPlaces } from "../support/flows";
import { api, DEMO, expectDenied, expectError, login } from "../support/helpers";

const URL = "/api/v1/inventory/warehouse-keeper/inventory/all";

describe("GET /api/v1/inventory/warehouse-keeper/inventory/all", () => {
  it("answers the keeper and the boss with the company's stock", async () => {
    for (const email of [DEMO.bodeguero, DEMO.boss]) {
      const res = await api(URL, { token: await login(email) });
      expect(res.status).toBe(200);
    }
  });

  it("refuses a location that is not a number or 'all' (422)", async () => {
    await expectError(
      await api(`${URL}?location_id=centro`, { token: await login(DEMO.bodeguero) }),
      422,
      "La ubicación no es válida",
    );
  });

  it("is refused to the seller and the corredor", async () => {
    await expectDenied(["seller", "corredor"], (token) => api(URL, { token }));
  });

  it("answers another company's administrador that a demo location does not exist (404)", async () => {
    const { principal } = await demoPlaces();
    const res = await api(`${URL}?location_id=${principal}`, { token: await login(DEMO.otherAdmin) });
    await expectError(res, 404, "Ubicación no encontrada");
  });
});
