// Races of the storefront routes: the generated cases of this folder's race-routes.ts (ten requests at once,
// with one Idempotency-Key and without), and the conflicts written by hand. What the race suites check,
// and how: tests/api/support/race-cases.ts.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { transferRequests } from "../../../worker/db/schema";
import { db } from "../support/helpers";
import { describeRaces, invariantsHold } from "../support/race-cases";
import { companyId, keeper, P, post, raceData, statusOf, transferAt } from "../support/race-fixtures";
import { RACE_ROUTES } from "./race-routes";

// each case walks objects through several calls and checks every invariant after it
vi.setConfig({ testTimeout: 60_000 });

beforeAll(raceData);

describeRaces(RACE_ROUTES);

describe("conflicting transitions of one object, at the same moment", () => {
  it("the 45-minute reservation expires while the keeper hands over: one of them, stock and reservations agree", async () => {
    for (let round = 0; round < 3; round++) {
      // a request the seller collects (a courier's acceptance stops the clock, so only these expire)
      const id = await transferAt("accepted", "vendedor");
      await db()
        .update(transferRequests)
        .set({ reservedUntil: new Date(Date.now() - 1000).toISOString() })
        .where(eq(transferRequests.id, id));
      const hub = env.TRANSFER_HUB.get(env.TRANSFER_HUB.idFromName(`company:${companyId}`));
      const [handOver] = await Promise.all([
        post(`${P}/warehouse/deliver-to-vendor/${id}`, await keeper(), {}),
        runDurableObjectAlarm(hub),
      ]);
      const status = (await statusOf(id))?.status;
      if (handOver.status === 200) expect(status).toBe("delivered");
      else {
        expect(handOver.status).toBe(409);
        expect(status).toBe("pending");
      }
      await invariantsHold();
    }
  });
});
