import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { KEEPER_WITHOUT_WAREHOUSE } from "../../../shared/messages";
import { locations, transferRequests, users } from "../../../worker/db/schema";
import { brokenInvariants } from "../../../worker/domain/shared/invariants";
import {
  accountRow,
  api,
  byId,
  client,
  DEMO,
  db,
  expectDenied,
  expectError,
  inventoryCell,
  legacyUser,
  login,
  ok,
  setPairs,
} from "../support/helpers";

// The keeper's actions (worker/routes/logistics/keeper-actions.ts), mounted for warehouse keepers under
// /warehouse and for the staff of a store whose pairs were requested under /vendor.

const CHAPINERO_SELLER = "vendedor2@demo.horma.co";
const REF = "ASICSGEL-02";

let principal = 0;
let centro = 0;
let chapinero = 0;
let companyId = 0;

const cell = inventoryCell;
const stock = (ref: string, size: string, pairs: number, locationId: number) =>
  setPairs(companyId, ref, locationId, size, pairs);

async function post(path: string, email: string, json: unknown = {}) {
  return api(`/api/v1${path}`, { method: "POST", token: await login(email), json });
}

async function requestFrom(source: number, size: string, pickup: "corredor" | "vendedor" = "vendedor") {
  const json = {
    source_location_id: source,
    sneaker_reference_code: REF,
    size,
    quantity: 1,
    purpose: "restock" as const,
    pickup_type: pickup,
  };
  return (await ok(client(await login(DEMO.seller)).transfers.request.$post({ json }), 201)).transfer_request_id;
}

async function row(id: number) {
  const [t] = await db().select().from(transferRequests).where(eq(transferRequests.id, id));
  if (!t) throw new Error(`transfer ${id}`);
  return t;
}

beforeAll(async () => {
  const place = async (name: string) =>
    (await db().select().from(locations).where(eq(locations.name, name)))[0]?.id ?? 0;
  principal = await place("Bodega Principal");
  centro = await place("Local Centro");
  chapinero = await place("Local Chapinero");
  companyId = (await db().select().from(users).where(eq(users.email, DEMO.seller)))[0]?.companyId ?? 0;
});

describe("the keeper declines a request (accepted: false)", () => {
  it("ends it cancelled with who and why, reserves nothing, and the seller sees the reason", async () => {
    await stock(REF, "40", 3, principal);
    const id = await requestFrom(principal, "40");
    const body = await ok(
      client(await login(DEMO.bodeguero)).warehouse["accept-request"].$post({
        json: {
          transfer_request_id: id,
          accepted: false,
          reason: "Los pares de esa talla están apartados para un evento",
        },
      }),
    );
    expect(body.transfer).toMatchObject({
      status: "cancelled",
      declined: true,
      decline_reason: "Los pares de esa talla están apartados para un evento",
    });
    const t = await row(id);
    const keeper = await accountRow(DEMO.bodeguero);
    expect(t.cancelledBy).toBe(keeper?.id);
    expect(t.declinedAt).not.toBeNull();
    expect((await cell(REF, principal, "40")).reservedPairs).toBe(0);

    const seen = await ok(client(await login(DEMO.seller)).vendor["transfer-details"][":id"].$get({ param: byId(id) }));
    expect(seen.status_info.title).toBe("Rechazada");
    expect(seen.status_info.description).toContain("apartados para un evento");
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("asks for a reason (422) and refuses a request that is no longer pending (409)", async () => {
    await stock(REF, "41", 2, principal);
    const id = await requestFrom(principal, "41");
    await expectError(
      await post("/warehouse/accept-request", DEMO.bodeguero, { transfer_request_id: id, accepted: false }),
      422,
      "Indica el motivo del rechazo",
    );
    expect((await post("/warehouse/accept-request", DEMO.bodeguero, { transfer_request_id: id })).status).toBe(200);
    await expectError(
      await post("/warehouse/accept-request", DEMO.bodeguero, {
        transfer_request_id: id,
        accepted: false,
        reason: "tarde",
      }),
      409,
      /Solo se puede rechazar una solicitud pendiente/,
    );
    expect((await cell(REF, principal, "41")).reservedPairs).toBe(1);
  });

  it("is refused to the requester (403) and to another company (404)", async () => {
    await stock(REF, "42", 1, principal);
    const id = await requestFrom(principal, "42");
    await expectError(
      await post("/vendor/accept-request", DEMO.seller, { transfer_request_id: id, accepted: false, reason: "no" }),
      403,
    );
    await expectError(
      await post("/warehouse/accept-request", DEMO.otherAdmin, {
        transfer_request_id: id,
        accepted: false,
        reason: "x",
      }),
      404,
    );
    expect((await row(id)).status).toBe("pending");
  });
});

describe("requests whose source is a store", () => {
  it("the source store's seller lists, accepts and hands over; stock moves through the same ledger", async () => {
    await stock(REF, "39", 2, chapinero);
    const id = await requestFrom(chapinero, "39");

    // not the warehouse keeper's: it is another location's request
    await expectError(
      await post("/warehouse/accept-request", DEMO.bodeguero, { transfer_request_id: id }),
      403,
      "Esta solicitud es de otra bodega",
    );
    // and not the requesting store's either
    await expectError(await post("/vendor/accept-request", DEMO.seller, { transfer_request_id: id }), 403);

    const incoming = await ok(client(await login(CHAPINERO_SELLER)).vendor["incoming-requests"].$get());
    expect(incoming.pending_requests.find((t) => t.id === id)).toMatchObject({ available_stock: 2 });
    // the requester does not see it among the requests to keep
    const theirs = await ok(client(await login(DEMO.seller)).vendor["incoming-requests"].$get());
    expect(theirs.pending_requests.some((t) => t.id === id)).toBe(false);

    expect((await post("/vendor/accept-request", CHAPINERO_SELLER, { transfer_request_id: id })).status).toBe(200);
    expect((await cell(REF, chapinero, "39")).reservedPairs).toBe(1);
    // the keeper side cannot confirm the reception meant for the requesting store
    await expectError(await post(`/vendor/confirm-reception/${id}`, CHAPINERO_SELLER), 403);

    expect((await post(`/vendor/deliver-to-vendor/${id}`, CHAPINERO_SELLER, { delivered: true })).status).toBe(200);
    expect(await cell(REF, chapinero, "39")).toMatchObject({ pairs: 1, reservedPairs: 0 });
    const before = (await cell(REF, centro, "39")).pairs;
    expect((await post(`/vendor/confirm-reception/${id}`, DEMO.seller)).status).toBe(200);
    expect((await cell(REF, centro, "39")).pairs).toBe(before + 1);
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("the source store's seller can decline with a reason", async () => {
    await stock(REF, "38", 1, chapinero);
    const id = await requestFrom(chapinero, "38");
    const res = await post("/vendor/accept-request", CHAPINERO_SELLER, {
      transfer_request_id: id,
      accepted: false,
      reason: "Es el último par de exhibición",
    });
    expect(res.status).toBe(200);
    expect(await row(id)).toMatchObject({ status: "cancelled", cancellationReason: "Es el último par de exhibición" });
  });

  it("a seller cannot request pairs into a store other than their own", async () => {
    await expectError(
      await post("/transfers/request", DEMO.seller, {
        source_location_id: principal,
        destination_location_id: chapinero,
        sneaker_reference_code: REF,
        size: "40",
      }),
      403,
      "Solo puedes solicitar transferencias hacia tu propio local",
    );
  });

  it("the incoming list is for sellers and administradores only", async () => {
    await expectDenied(["bodeguero", "corredor", "boss"], (token) =>
      api("/api/v1/vendor/incoming-requests", { token }),
    );
  });
});

describe("hand-over to a courier", () => {
  it("without an assigned courier answers the spec's text", async () => {
    await stock(REF, "44", 1, principal);
    const id = await requestFrom(principal, "44", "corredor");
    for (const _ of ["pending", "accepted"]) {
      await expectError(
        await post("/warehouse/deliver-to-courier", DEMO.bodeguero, { transfer_request_id: id }),
        409,
        "No hay corredor asignado para esta solicitud",
      );
      await post("/warehouse/accept-request", DEMO.bodeguero, { transfer_request_id: id });
    }
  });

  it("validates its body (422)", async () => {
    await expectError(await post("/warehouse/deliver-to-courier", DEMO.bodeguero, { transfer_request_id: "x" }), 422);
  });
});

describe("a keeper without a warehouse of their own (data from before issue 32 §1)", () => {
  it("cannot decline, accept or cancel a store's request (403): it stays pending", async () => {
    await stock(REF, "39", 2, chapinero);
    const id = await requestFrom(chapinero, "39");
    for (const [email, at] of [
      ["bodega.suelta@demo.horma.co", null],
      ["bodega.tienda@demo.horma.co", "Local Chapinero"],
    ] as const) {
      const token = await legacyUser(email, "bodeguero", at);
      const call = (path: string, json: unknown) => api(`/api/v1/warehouse/${path}`, { method: "POST", token, json });
      await expectError(
        await call("accept-request", { transfer_request_id: id, accepted: false, reason: "No es mío" }),
        403,
        KEEPER_WITHOUT_WAREHOUSE,
      );
      await expectError(
        await call("accept-request", { transfer_request_id: id, accepted: true }),
        403,
        KEEPER_WITHOUT_WAREHOUSE,
      );
      await expectError(await call(`cancel-accepted/${id}`, { reason: "No es mío" }), 403, KEEPER_WITHOUT_WAREHOUSE);
    }
    expect((await row(id)).status).toBe("pending");
    expect((await cell(REF, chapinero, "39")).reservedPairs).toBe(0);
  });
});
