// Transfers driven through the API to a given state, for the tests of the routers that act on them.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { locations, users } from "../../../worker/db/schema";
import { api, client, DEMO, db, login, ok, setPairs } from "./helpers";

export async function demoPlaces() {
  const id = async (name: string) => (await db().select().from(locations).where(eq(locations.name, name)))[0]?.id ?? 0;
  const companyId = (await db().select().from(users).where(eq(users.email, DEMO.seller)))[0]?.companyId ?? 0;
  return { principal: await id("Bodega Principal"), centro: await id("Local Centro"), companyId };
}

/** A seller's request for one pair from Bodega Principal, picked up by the courier; returns its id. */
export async function requestedTransfer(ref: string, size: string) {
  const { principal, companyId } = await demoPlaces();
  await setPairs(companyId, ref, principal, size, 2);
  const answer = await ok(
    client(await login(DEMO.seller)).transfers.request.$post({
      json: {
        source_location_id: principal,
        sneaker_reference_code: ref,
        size,
        quantity: 1,
        purpose: "cliente",
        pickup_type: "corredor",
      },
    }),
    201,
  );
  return answer.transfer_request_id;
}

const succeeds = async (res: Promise<Response>) => expect((await res).status).toBe(200);

/** The request accepted by the keeper and taken by the courier (courier_assigned). */
export async function assignedTransfer(ref: string, size: string) {
  const id = await requestedTransfer(ref, size);
  const keeper = await login(DEMO.bodeguero);
  await succeeds(
    api("/api/v1/warehouse/accept-request", {
      method: "POST",
      token: keeper,
      json: { transfer_request_id: id, accepted: true },
    }),
  );
  await succeeds(
    api(`/api/v1/courier/accept-request/${id}`, { method: "POST", token: await login(DEMO.corredor), json: {} }),
  );
  return id;
}

/** Handed by the keeper to the courier, who carries it (in_transit). */
export async function inTransitTransfer(ref: string, size: string) {
  const id = await assignedTransfer(ref, size);
  await succeeds(
    api("/api/v1/warehouse/deliver-to-courier", {
      method: "POST",
      token: await login(DEMO.bodeguero),
      json: { transfer_request_id: id },
    }),
  );
  return id;
}

/** Handed to the courier and delivered at Local Centro (delivered: the seller still has to confirm it). */
export async function deliveredTransfer(ref: string, size: string) {
  const id = await inTransitTransfer(ref, size);
  await succeeds(
    api(`/api/v1/courier/confirm-delivery/${id}?delivery_successful=true`, {
      method: "POST",
      token: await login(DEMO.corredor),
    }),
  );
  return id;
}

/** Received by the seller in good condition (completed): sellable, or returnable. */
export async function completedTransfer(ref: string, size: string) {
  const id = await deliveredTransfer(ref, size);
  await succeeds(
    api(`/api/v1/vendor/confirm-reception/${id}?received_quantity=1&condition_ok=true`, {
      method: "POST",
      token: await login(DEMO.seller),
    }),
  );
  return id;
}
