import { runDurableObjectAlarm } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { beforeAll, describe, expect, it } from "vitest";
import { locations, notifications, products, transferRequests, users } from "../../../worker/db/schema";
import { ledgerMismatches } from "../../../worker/domain/stock/ledger";
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
  locationNamed,
  login,
  ok,
  setPairs,
} from "../support/helpers";

let principal = 0;
let centro = 0;
let companyId = 0;

const cell = inventoryCell;

/** Gives a warehouse cell exactly `pairs` pairs through the ledger-consistent API path (an adjustment). */
const stock = (ref: string, size: string, pairs: number, locationId = principal) =>
  setPairs(companyId, ref, locationId, size, pairs);

/** A transfer request as sent, however malformed. */
async function request(json: Record<string, unknown>, email: string = DEMO.seller) {
  const res = await api("/api/v1/transfers/request", { method: "POST", token: await login(email), json });
  return res;
}

type TransferInput = InferRequestType<ReturnType<typeof client>["transfers"]["request"]["$post"]>["json"];

/** A well-formed transfer request by the seller, as a typed call: its id. */
async function requested(json: TransferInput) {
  const answer = await ok(client(await login(DEMO.seller)).transfers.request.$post({ json }), 201);
  return answer.transfer_request_id;
}

beforeAll(async () => {
  principal = (await db().select().from(locations).where(eq(locations.name, "Bodega Principal")))[0]?.id ?? 0;
  centro = (await db().select().from(locations).where(eq(locations.name, "Local Centro")))[0]?.id ?? 0;
  companyId = (await db().select().from(users).where(eq(users.email, DEMO.seller)))[0]?.companyId ?? 0;
});

describe("courier flow: request → accept → courier → pickup → delivery → reception → return", () => {
  it("moves one pair from the warehouse to the store, and back with a return", async () => {
    await stock("REEBOKCL-01", "43", 2);
    const storeBefore = await cell("REEBOKCL-01", centro, "43");
    const id = await requested({
      source_location_id: principal,
      sneaker_reference_code: "REEBOKCL-01",
      size: "43",
      quantity: 1,
      purpose: "cliente",
      pickup_type: "corredor",
    });

    const keeper = await login(DEMO.bodeguero);
    const pending = await ok(client(keeper).warehouse["pending-requests"].$get());
    expect(pending.pending_requests.find((t) => t.id === id)).toMatchObject({ available_stock: 2, priority: "high" });
    expect(pending.total_stock_value).toBeGreaterThan(0);

    const accept = await api("/api/v1/warehouse/accept-request", {
      method: "POST",
      token: keeper,
      json: { transfer_request_id: id, accepted: true },
    });
    expect(accept.status).toBe(200);
    expect(await accept.json()).toMatchObject({
      estimated_preparation_time: 10,
      transfer: { status: "accepted", status_info: { progress: 33 } },
    });
    expect((await cell("REEBOKCL-01", principal, "43")).reservedPairs).toBe(1);
    await expectError(
      await api("/api/v1/warehouse/deliver-to-courier", {
        method: "POST",
        token: keeper,
        json: { transfer_request_id: id },
      }),
      409,
      // the spec's words: the hand-over needs the courier a request does not have yet
      "No hay corredor asignado para esta solicitud",
    );

    const courier = await login(DEMO.corredor);
    const available = await ok(client(courier).courier["available-requests"].$get({ query: {} }));
    expect(available.available_requests.map((t) => t.id)).toContain(id);
    const take = await api(`/api/v1/courier/accept-request/${id}`, { method: "POST", token: courier, json: {} });
    expect(await take.json()).toMatchObject({
      message: "Entrega Aceptada",
      estimated_pickup_time: 15,
      transport: { status: "courier_assigned" },
    });

    const handOver = await api("/api/v1/warehouse/deliver-to-courier", {
      method: "POST",
      token: keeper,
      json: { transfer_request_id: id, delivery_notes: "Caja sellada" },
    });
    expect(handOver.status).toBe(200);
    expect((await cell("REEBOKCL-01", principal, "43")).pairs).toBe(1);
    expect((await cell("REEBOKCL-01", principal, "43")).reservedPairs).toBe(0);
    await expectError(
      await api(`/api/v1/courier/confirm-pickup/${id}`, { method: "POST", token: courier, json: {} }),
      409,
    );

    const mine = await ok(client(courier).courier["my-transports"].$get());
    expect(mine.my_transports.find((t) => t.id === id)?.action_required).toBe("Confirmar entrega");
    const delivered = await api(
      `/api/v1/courier/confirm-delivery/${id}?delivery_successful=true&notes=Recibe%20Laura`,
      { method: "POST", token: courier },
    );
    expect(await delivered.json()).toMatchObject({ message: "Entrega Completada", transport: { status: "delivered" } });

    const seller = await login(DEMO.seller);
    const sellerPending = await ok(client(seller).vendor["pending-transfers"].$get());
    expect(sellerPending.pending_transfers[0]?.id).toBe(id);
    expect(sellerPending.urgent_count).toBeGreaterThanOrEqual(1);
    const confirm = await api(`/api/v1/vendor/confirm-reception/${id}?received_quantity=1&condition_ok=true`, {
      method: "POST",
      token: seller,
    });
    expect(confirm.status).toBe(200);
    await expectError(
      await api(`/api/v1/vendor/confirm-reception/${id}`, { method: "POST", token: seller }),
      409,
      "La recepción ya fue confirmada",
    );
    expect((await cell("REEBOKCL-01", centro, "43")).pairs).toBe(storeBefore.pairs + 1);
    const completed = await ok(client(seller).vendor["completed-transfers"].$get());
    expect(completed.completed_transfers.map((t) => t.id)).toContain(id);

    // Return the pair to the warehouse over the courier.
    await expectError(
      await api("/api/v1/returns/request", {
        method: "POST",
        token: seller,
        json: { original_transfer_id: id, quantity_to_return: 2, pickup_type: "corredor", reason: "no_sale" },
      }),
      422,
      "La cantidad debe estar entre 1 y 1",
    );
    await expectError(
      await api("/api/v1/returns/request", {
        method: "POST",
        token: seller,
        json: { original_transfer_id: id, pickup_type: "corredor", reason: "other" },
      }),
      422,
      "Debe especificar el motivo en las notas",
    );
    const { return_id: returnId } = await ok(
      client(seller).returns.request.$post({
        json: {
          original_transfer_id: id,
          quantity_to_return: 1,
          pickup_type: "corredor",
          reason: "no_sale",
          product_condition: "good",
        },
      }),
      201,
    );
    await api("/api/v1/warehouse/accept-request", {
      method: "POST",
      token: keeper,
      json: { transfer_request_id: returnId },
    });
    expect(
      (await api(`/api/v1/courier/accept-return/${returnId}`, { method: "POST", token: courier, json: {} })).status,
    ).toBe(200);
    expect(
      (await api(`/api/v1/courier/confirm-return-pickup/${returnId}`, { method: "POST", token: courier, json: {} }))
        .status,
    ).toBe(200);
    expect((await cell("REEBOKCL-01", centro, "43")).pairs).toBe(storeBefore.pairs);
    expect(
      (await api(`/api/v1/courier/confirm-return-delivery/${returnId}`, { method: "POST", token: courier })).status,
    ).toBe(200);
    const returnsList = await ok(client(keeper).warehouse.returns.$get());
    expect(returnsList.awaiting_reception).toBe(1);
    const received = await api(`/api/v1/warehouse/confirm-return-reception/${returnId}`, {
      method: "POST",
      token: keeper,
      json: { received_quantity: 1, product_condition: "good", return_to_inventory: true },
    });
    expect(await received.json()).toMatchObject({ message: "Devolución recibida", received_quantity: 1 });
    expect((await cell("REEBOKCL-01", principal, "43")).pairs).toBe(2);
    const notes = await ok(client(seller).notifications.returns.$get({ query: {} }));
    expect(notes.notifications.map((n) => n.title)).toContain("Devolución recibida en bodega");
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});

describe("seller pickup and single feet", () => {
  it("goes pending → accepted → delivered (keeper hands over) → completed, moving a single left foot", async () => {
    const { stockChangeStatements } = await import("../../../worker/domain/stock/ledger");
    const [p] = await db().select().from(products).where(eq(products.referenceCode, "NIKECORT-02"));
    await db().batch(
      stockChangeStatements(db(), {
        companyId,
        productId: p?.id ?? 0,
        locationId: principal,
        size: "38",
        delta: { left: 1 },
        reason: "adjustment",
      }),
    );
    const before = await cell("NIKECORT-02", principal, "38");
    const { transfer_request_id: id, transfer } = await ok(
      client(await login(DEMO.seller)).transfers["request-single-foot"].$post({
        json: {
          source_location_id: principal,
          sneaker_reference_code: "NIKECORT-02",
          size: "38",
          foot_side: "left",
          pickup_type: "vendedor",
        },
      }),
      201,
    );
    expect(transfer).toMatchObject({ purpose: "pair_formation", priority: "high", inventory_type: "left_only" });
    const keeper = await login(DEMO.bodeguero);
    await api("/api/v1/warehouse/accept-request", { method: "POST", token: keeper, json: { transfer_request_id: id } });
    expect((await cell("NIKECORT-02", principal, "38")).reservedLeft).toBe(1);
    await expectError(
      await api(`/api/v1/courier/accept-request/${id}`, {
        method: "POST",
        token: await login(DEMO.corredor),
        json: {},
      }),
      409,
    );
    expect(
      (
        await api(`/api/v1/warehouse/deliver-to-vendor/${id}`, {
          method: "POST",
          token: keeper,
          json: { delivered: true },
        })
      ).status,
    ).toBe(200);
    expect((await cell("NIKECORT-02", principal, "38")).leftFeet).toBe(before.leftFeet - 1);
    const storeBefore = await cell("NIKECORT-02", centro, "38");
    expect(
      (await api(`/api/v1/vendor/confirm-reception/${id}`, { method: "POST", token: await login(DEMO.seller) })).status,
    ).toBe(200);
    expect((await cell("NIKECORT-02", centro, "38")).leftFeet).toBe(storeBefore.leftFeet + 1);
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});

describe("conflicts and concurrency", () => {
  it("two couriers accepting the same request: exactly one wins, the other gets 409 'ya fue aceptada'", async () => {
    await stock("VANSAUTH-01", "41", 1);
    const id = await requested({ source_location_id: principal, sneaker_reference_code: "VANSAUTH-01", size: "41" });
    await api("/api/v1/warehouse/accept-request", {
      method: "POST",
      token: await login(DEMO.bodeguero),
      json: { transfer_request_id: id },
    });
    const courier = await login(DEMO.corredor);
    const admin = await login(DEMO.administrador);
    const [x, y] = await Promise.all([
      api(`/api/v1/courier/accept-request/${id}`, { method: "POST", token: courier, json: {} }),
      api(`/api/v1/courier/accept-request/${id}`, { method: "POST", token: admin, json: {} }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const loser = x.status === 409 ? x : y;
    await expectError(loser, 409, /ya fue aceptada/);
  });

  it("accepting once the stock is gone is 409; cancelling while pending works; after accept it needs a reason", async () => {
    await stock("ADIDASFO-02", "44", 1);
    const keeper = await login(DEMO.bodeguero);
    const seller = await login(DEMO.seller);
    const none = await requested({ source_location_id: principal, sneaker_reference_code: "ADIDASFO-02", size: "44" });
    // the pair went elsewhere (sold, counted out) after the request was made
    await stock("ADIDASFO-02", "44", 0);
    await expectError(
      await api("/api/v1/warehouse/accept-request", {
        method: "POST",
        token: keeper,
        json: { transfer_request_id: none },
      }),
      409,
      /Stock insuficiente/,
    );
    const [row] = await db().select().from(transferRequests).where(eq(transferRequests.id, none));
    expect(row?.status).toBe("pending");
    expect(
      (
        await api(`/api/v1/vendor/cancel-transfer/${none}`, {
          method: "POST",
          token: seller,
          json: { cancellation_reason: "Cliente ya no necesita el producto" },
        })
      ).status,
    ).toBe(200);

    await stock("ADIDASFO-02", "44", 1);
    const some = await requested({ source_location_id: principal, sneaker_reference_code: "ADIDASFO-02", size: "44" });
    await api("/api/v1/warehouse/accept-request", {
      method: "POST",
      token: keeper,
      json: { transfer_request_id: some },
    });
    await expectError(
      await api(`/api/v1/vendor/cancel-transfer/${some}`, { method: "POST", token: seller, json: {} }),
      422,
      "Indica el motivo de la cancelación: la solicitud ya fue aceptada",
    );
    expect((await cell("ADIDASFO-02", principal, "44")).reservedPairs).toBe(1);
  });

  it("a reservation not handed over expires after 45 minutes, goes back to pending, and the requester and the keeper are told", async () => {
    await stock("CONVERSE-02", "42", 1);
    const id = await requested({ source_location_id: principal, sneaker_reference_code: "CONVERSE-02", size: "42" });
    await api("/api/v1/warehouse/accept-request", {
      method: "POST",
      token: await login(DEMO.bodeguero),
      json: { transfer_request_id: id },
    });
    expect((await cell("CONVERSE-02", principal, "42")).reservedPairs).toBe(1);
    await db()
      .update(transferRequests)
      .set({ reservedUntil: new Date(Date.now() - 1000).toISOString() })
      .where(eq(transferRequests.id, id));
    const hub = env.TRANSFER_HUB.get(env.TRANSFER_HUB.idFromName(`company:${companyId}`));
    expect(await runDurableObjectAlarm(hub)).toBe(true);
    const [row] = await db().select().from(transferRequests).where(eq(transferRequests.id, id));
    expect(row?.status).toBe("pending");
    expect(row?.reservationExpiredAt).toBeTruthy();
    expect((await cell("CONVERSE-02", principal, "42")).reservedPairs).toBe(0);

    // one notice for the seller who asked, one for the keeper who accepted, written with the expiry
    const notices = await db().select().from(notifications).where(eq(notifications.transferId, id));
    const sellerUser = await accountRow(DEMO.seller);
    const keeperUser = await accountRow(DEMO.bodeguero);
    expect(notices.map((n) => [n.type, n.title, n.userId]).sort()).toEqual(
      [
        ["transfer", "Reserva vencida", sellerUser?.id],
        ["transfer", "Reserva vencida", keeperUser?.id],
      ].sort(),
    );
    // the seller reads it among their notices; both cards say the reservation lapsed
    const seller = await login(DEMO.seller);
    const read = await ok(client(seller).notifications.returns.$get({ query: {} }));
    expect(read.notifications.find((n) => n.transfer_id === id)).toMatchObject({
      title: "Reserva vencida",
      is_read: false,
    });
    expect(read.notifications.find((n) => n.transfer_id === id)?.message).toMatch(/volvió a pendientes/);
    // and the keeper in theirs (the live toast only flashes)
    const inbox = await ok(client(await login(DEMO.bodeguero)).notifications.returns.$get({ query: {} }));
    expect(inbox.notifications.filter((n) => n.transfer_id === id).map((n) => n.message)).toEqual([
      expect.stringMatching(/volvió a tus pendientes/),
    ]);
    const pending = await ok(client(await login(DEMO.bodeguero)).warehouse["pending-requests"].$get());
    expect(pending.pending_requests.find((t) => t.id === id)?.reservation_expired_at).toBe(row?.reservationExpiredAt);
  });

  it("a reservation a courier took stops its clock: 45 minutes later it is still the courier's", async () => {
    await stock("CONVERSE-02", "40", 1);
    const id = await requested({ source_location_id: principal, sneaker_reference_code: "CONVERSE-02", size: "40" });
    const keeper = await login(DEMO.bodeguero);
    await api("/api/v1/warehouse/accept-request", { method: "POST", token: keeper, json: { transfer_request_id: id } });
    // the courier accepts at minute 40 of the reservation
    await db()
      .update(transferRequests)
      .set({ reservedUntil: new Date(Date.now() + 5 * 60_000).toISOString() })
      .where(eq(transferRequests.id, id));
    const take = await ok(
      client(await login(DEMO.corredor)).courier["accept-request"][":id"].$post({ param: byId(id), json: {} }),
    );
    expect(take.transport).toMatchObject({ status: "courier_assigned", reserved_until: null });
    // and the old deadline passes (what a request taken before this rule still carried)
    await db()
      .update(transferRequests)
      .set({ reservedUntil: new Date(Date.now() - 1000).toISOString() })
      .where(eq(transferRequests.id, id));
    const hub = env.TRANSFER_HUB.get(env.TRANSFER_HUB.idFromName(`company:${companyId}`));
    await runDurableObjectAlarm(hub);
    const [row] = await db().select().from(transferRequests).where(eq(transferRequests.id, id));
    expect(row).toMatchObject({ status: "courier_assigned", reservationExpiredAt: null });
    expect((await cell("CONVERSE-02", principal, "40")).reservedPairs).toBe(1);
    expect(await db().select().from(notifications).where(eq(notifications.transferId, id))).toEqual([]);
    // the courier still hands it over as planned
    const handOver = await api("/api/v1/warehouse/deliver-to-courier", {
      method: "POST",
      token: keeper,
      json: { transfer_request_id: id },
    });
    expect(handOver.status).toBe(200);
  });
});

describe("a request never asks for more than the source has (issue 32 §3)", () => {
  it("refuses at creation, saying how many there are; pairs promised to an accepted request do not count", async () => {
    await stock("NIKECORT-01", "39", 3);
    const seller = await login(DEMO.seller);
    const before = await db().select().from(transferRequests);
    await expectError(
      await request({ source_location_id: principal, sneaker_reference_code: "NIKECORT-01", size: "39", quantity: 10 }),
      409,
      /^Bodega Principal solo tiene 3 pares disponibles de .+ talla 39; pediste 10 pares$/,
    );
    expect(await db().select().from(transferRequests)).toHaveLength(before.length);
    // three can be asked for, and accepted
    const id = await requested({
      source_location_id: principal,
      sneaker_reference_code: "NIKECORT-01",
      size: "39",
      quantity: 2,
    });
    await ok(
      client(await login(DEMO.bodeguero)).warehouse["accept-request"].$post({ json: { transfer_request_id: id } }),
    );
    // two are now promised: one is left
    await expectError(
      await request({ source_location_id: principal, sneaker_reference_code: "NIKECORT-01", size: "39", quantity: 2 }),
      409,
      /solo tiene 1 par disponible de .+ talla 39; pediste 2 pares$/,
    );
    expect(
      (
        await api("/api/v1/transfers/request", {
          method: "POST",
          token: seller,
          json: { source_location_id: principal, sneaker_reference_code: "NIKECORT-01", size: "39", quantity: 1 },
        })
      ).status,
    ).toBe(201);
  });

  it("a size the source does not have at all, and single feet it does not have", async () => {
    await expectError(
      await request({ source_location_id: principal, sneaker_reference_code: "NIKECORT-01", size: "50" }),
      409,
      /^Bodega Principal no tiene pares disponibles de .+ talla 50; pediste 1 par$/,
    );
    await expectError(
      await api("/api/v1/transfers/request-single-foot", {
        method: "POST",
        token: await login(DEMO.seller),
        json: { source_location_id: principal, sneaker_reference_code: "NIKECORT-01", size: "50", foot_side: "left" },
      }),
      409,
      /no tiene pies izquierdos disponibles de .+ talla 50; pediste 1 pie izquierdo$/,
    );
  });
});

describe("cancelling an accepted request before it leaves the source (issue 31 §8)", () => {
  const REF = "CONVERSE-02";
  const SIZE = "39";

  /** A request of one pair from Bodega Principal to Local Centro, accepted by the keeper: its id. */
  async function acceptedRequest(pickup: "corredor" | "vendedor" = "vendedor") {
    const id = await requested({
      source_location_id: principal,
      sneaker_reference_code: REF,
      size: SIZE,
      quantity: 1,
      pickup_type: pickup,
    });
    const accepted = await api("/api/v1/warehouse/accept-request", {
      method: "POST",
      token: await login(DEMO.bodeguero),
      json: { transfer_request_id: id },
    });
    expect(accepted.status).toBe(200);
    return id;
  }

  const keeperCancel = async (id: number, json: unknown, token?: string) =>
    api(`/api/v1/warehouse/cancel-accepted/${id}`, {
      method: "POST",
      token: token ?? (await login(DEMO.bodeguero)),
      json,
    });

  const row = async (id: number) => (await db().select().from(transferRequests).where(eq(transferRequests.id, id)))[0];

  it("the keeper cancels with a reason: cancelled, who and why recorded, the reservation freed, the event broadcast", async () => {
    await stock(REF, SIZE, 2);
    const id = await acceptedRequest();
    expect((await cell(REF, principal, SIZE)).reservedPairs).toBe(1);
    const keeper = await login(DEMO.bodeguero);
    const { events: before } = await ok(client(keeper).transfers.events.$get({ query: {} }));
    const seqBefore = Math.max(0, ...before.map((e) => e.seq));

    const body = await ok(
      client(keeper).warehouse["cancel-accepted"][":id"].$post({
        param: byId(id),
        json: { reason: "Los pares no están en buen estado" },
      }),
    );
    expect(body.transfer).toMatchObject({
      status: "cancelled",
      cancellation_reason: "Los pares no están en buen estado",
      declined: false,
      reserved_until: null,
    });
    const keeperUser = await accountRow(DEMO.bodeguero);
    expect(await row(id)).toMatchObject({ status: "cancelled", cancelledBy: keeperUser?.id, reservedUntil: null });
    const after = await cell(REF, principal, SIZE);
    expect(after).toMatchObject({ pairs: 2, reservedPairs: 0 });
    expect(await ledgerMismatches(db())).toEqual([]);

    const { events } = await ok(client(keeper).transfers.events.$get({ query: { since: String(seqBefore) } }));
    expect(events.find((e) => e.transfer_id === id && e.action === "keeper_cancel")).toMatchObject({
      status: "cancelled",
    });
    // the requester sees the reason; nothing more can happen to it
    const details = await ok(
      client(await login(DEMO.seller)).vendor["transfer-details"][":id"].$get({ param: byId(id) }),
    );
    expect(JSON.stringify(details)).toContain("Los pares no están en buen estado");
    await expectError(
      await api(`/api/v1/warehouse/deliver-to-vendor/${id}`, { method: "POST", token: keeper, json: {} }),
      409,
      "Esta solicitud ya fue cancelada",
    );
    await expectError(await keeperCancel(id, { reason: "Otra vez" }), 409, "Esta solicitud ya fue cancelada");
  });

  it("the requesting seller cancels an accepted request (courier assigned too) with a reason: the pairs are freed", async () => {
    await stock(REF, SIZE, 2);
    const seller = await login(DEMO.seller);
    const id = await acceptedRequest("corredor");
    const taken = await api(`/api/v1/courier/accept-request/${id}`, {
      method: "POST",
      token: await login(DEMO.corredor),
      json: {},
    });
    expect(taken.status).toBe(200);
    expect((await cell(REF, principal, SIZE)).reservedPairs).toBe(1);
    const cancelled = await api(`/api/v1/vendor/cancel-transfer/${id}`, {
      method: "POST",
      token: seller,
      json: { cancellation_reason: "Cliente ya no necesita el producto" },
    });
    expect(cancelled.status).toBe(200);
    expect(await row(id)).toMatchObject({
      status: "cancelled",
      cancellationReason: "Cliente ya no necesita el producto",
    });
    expect((await cell(REF, principal, SIZE)).reservedPairs).toBe(0);
    // the courier no longer has it to pick up
    await expectError(
      await api(`/api/v1/courier/confirm-pickup/${id}`, {
        method: "POST",
        token: await login(DEMO.corredor),
        json: {},
      }),
      409,
    );
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it("a store that lent pairs cancels what it accepted under /vendor", async () => {
    const chapinero = (await db().select().from(locations).where(eq(locations.name, "Local Chapinero")))[0]?.id ?? 0;
    await stock(REF, SIZE, 1, chapinero);
    const id = await requested({ source_location_id: chapinero, sneaker_reference_code: REF, size: SIZE });
    const storeSeller = await login("vendedor2@demo.horma.co");
    await ok(client(storeSeller).vendor["accept-request"].$post({ json: { transfer_request_id: id } }));
    expect((await cell(REF, chapinero, SIZE)).reservedPairs).toBe(1);
    // the requester may not use the keeper's cancellation
    await expectError(
      await api(`/api/v1/vendor/cancel-accepted/${id}`, {
        method: "POST",
        token: await login(DEMO.seller),
        json: { reason: "No" },
      }),
      403,
    );
    const answer = await api(`/api/v1/vendor/cancel-accepted/${id}`, {
      method: "POST",
      token: storeSeller,
      json: { reason: "Se vendieron en el origen" },
    });
    expect(answer.status).toBe(200);
    expect((await cell(REF, chapinero, SIZE)).reservedPairs).toBe(0);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it("422 without a reason, 403 for roles that may not, 404 for another company, 409 while pending or once handed over", async () => {
    await stock(REF, SIZE, 3);
    const id = await acceptedRequest();
    await expectError(
      await keeperCancel(id, {}),
      422,
      "Indica el motivo de la cancelación: la solicitud ya fue aceptada",
    );
    await expectError(await keeperCancel(id, { reason: "   " }), 422);
    await expectError(
      await api(`/api/v1/vendor/cancel-transfer/${id}`, { method: "POST", token: await login(DEMO.seller), json: {} }),
      422,
    );
    await expectDenied(["seller", "corredor", "boss"], (token) => keeperCancel(id, { reason: "No" }, token));
    await expectDenied(["bodeguero", "corredor", "boss"], (token) =>
      api(`/api/v1/vendor/cancel-transfer/${id}`, { method: "POST", token, json: { cancellation_reason: "No" } }),
    );
    await expectError(await keeperCancel(id, { reason: "No" }, await login(DEMO.otherAdmin)), 404);
    expect((await row(id))?.status).toBe("accepted");
    expect((await cell(REF, principal, SIZE)).reservedPairs).toBe(1);

    const pending = await requested({ source_location_id: principal, sneaker_reference_code: REF, size: SIZE });
    await expectError(await keeperCancel(pending, { reason: "No" }), 409, /aún no fue aceptada: recházala/);

    // handed over: the units left the source, it can no longer be cancelled this way
    const keeper = await login(DEMO.bodeguero);
    expect(
      (await api(`/api/v1/warehouse/deliver-to-vendor/${id}`, { method: "POST", token: keeper, json: {} })).status,
    ).toBe(200);
    await expectError(
      await keeperCancel(id, { reason: "Tarde" }),
      409,
      "Ya no se puede cancelar: la transferencia ya salió del origen (está entregada)",
    );
    await expectError(
      await api(`/api/v1/vendor/cancel-transfer/${id}`, {
        method: "POST",
        token: await login(DEMO.seller),
        json: { cancellation_reason: "Tarde" },
      }),
      409,
      /Ya no se puede cancelar/,
    );
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});

describe("validation, roles and tenancy", () => {
  it("answers 422 for bad requests", async () => {
    await expectError(
      await request({ sneaker_reference_code: "X", size: "40" }),
      422,
      "Error: No se pudo determinar la ubicación de origen para la transferencia",
    );
    await expectError(
      await request({ source_location_id: principal, size: "40" }),
      422,
      "El código de referencia es requerido",
    );
    await expectError(
      await request({ source_location_id: principal, sneaker_reference_code: "NIKEAIRM-01", size: "40", quantity: 0 }),
      422,
    );
    await expectError(
      await request({ source_location_id: centro, sneaker_reference_code: "NIKEAIRM-01", size: "40" }),
      422,
      /distinta/,
    );
    await expectError(
      await request({ source_location_id: principal, sneaker_reference_code: "NO-EXISTE", size: "40" }),
      422,
      /no existe en/,
    );
  });

  it("keeps other companies out (404) and refuses the wrong roles (403)", async () => {
    const [demoTransfer] = await db()
      .select()
      .from(transferRequests)
      .where(eq(transferRequests.companyId, companyId))
      .limit(1);
    const otherSeller = await login(DEMO.otherSeller);
    await expectError(await api(`/api/v1/vendor/transfer-details/${demoTransfer?.id}`, { token: otherSeller }), 404);
    await expectError(
      await api(`/api/v1/vendor/cancel-transfer/${demoTransfer?.id}`, { method: "POST", token: otherSeller, json: {} }),
      404,
    );
    await expectError(
      await api("/api/v1/warehouse/accept-request", {
        method: "POST",
        token: await login(DEMO.otherAdmin),
        json: { transfer_request_id: demoTransfer?.id },
      }),
      404,
    );
    const otherSource = (await locationNamed("Otra Bodega Itagüí")).id;
    await expectError(
      await request({ source_location_id: otherSource, sneaker_reference_code: "NIKEAIRM-01", size: "40" }),
      404,
    );
    await expectDenied(["seller", "corredor", "boss"], (token) => api("/api/v1/warehouse/pending-requests", { token }));
    await expectDenied(["seller", "bodeguero", "boss"], (token) =>
      api("/api/v1/courier/available-requests", { token }),
    );
    await expectDenied(["bodeguero", "corredor", "boss"], (token) =>
      api("/api/v1/vendor/pending-transfers", { token }),
    );
    await expectDenied(["bodeguero", "corredor"], (token) =>
      api("/api/v1/transfers/request", { method: "POST", token, json: {} }),
    );
  });

  it("lists the warehouse inventory by location with sizes", async () => {
    const body = await ok(
      client(await login(DEMO.bodeguero)).inventory["warehouse-keeper"].inventory.all.$get({ query: {} }),
    );
    expect(body.locations).toHaveLength(5);
    expect(body.locations.every((l) => l.summary.unique_products === l.products.length)).toBe(true);
    // every product's fields are its own (a batched join once shifted them)
    const [p] = await db().select().from(products).where(eq(products.referenceCode, "NIKEAIRM-01"));
    const shown = body.locations.flatMap((l) => l.products).find((x) => x.product_id === p?.id);
    expect(shown).toMatchObject({
      reference_code: "NIKEAIRM-01",
      brand: "Nike",
      unit_price: (p?.unitPrice ?? 0) / 100,
      created_at: p?.createdAt,
    });
    await expectError(
      await api("/api/v1/inventory/warehouse-keeper/inventory/all?location_id=abc", {
        token: await login(DEMO.bodeguero),
      }),
      422,
    );
    await expectDenied(["seller", "corredor"], (token) =>
      api("/api/v1/inventory/warehouse-keeper/inventory/all", { token }),
    );
  });
});

describe("live updates", () => {
  it("pushes a transition to a connected WebSocket client", async () => {
    const token = await login(DEMO.bodeguero);
    const res = await exports.default.fetch(
      new Request(`http://horma.test/api/v1/transfers/live?token=${token}`, { headers: { Upgrade: "websocket" } }),
    );
    expect(res.status).toBe(101);
    const ws = res.webSocket;
    if (!ws) throw new Error("no websocket");
    ws.accept();
    const messages: { type: string; transfer_id?: number; status?: string }[] = [];
    ws.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
    await stock("NIKEAIRM-02", "44", 1);
    const id = await requested({ source_location_id: principal, sneaker_reference_code: "NIKEAIRM-02", size: "44" });
    await api("/api/v1/warehouse/accept-request", { method: "POST", token, json: { transfer_request_id: id } });
    await expect
      .poll(() => messages.filter((m) => m.transfer_id === id).map((m) => m.status), { timeout: 2000 })
      .toEqual(["pending", "accepted"]);
    ws.close(1000, "fin");
    await expectError(
      await exports.default.fetch(
        new Request("http://horma.test/api/v1/transfers/live?token=malo", { headers: { Upgrade: "websocket" } }),
      ),
      401,
    );
  });
});

describe("what a completed transfer still offers", () => {
  async function completedTransfer(size: string, quantity = 1) {
    await stock("CONVERSE-01", size, quantity + 1);
    const id = await requested({
      source_location_id: principal,
      sneaker_reference_code: "CONVERSE-01",
      size,
      quantity,
      pickup_type: "vendedor",
    });
    const keeper = await login(DEMO.bodeguero);
    await api("/api/v1/warehouse/accept-request", { method: "POST", token: keeper, json: { transfer_request_id: id } });
    await api(`/api/v1/warehouse/deliver-to-vendor/${id}`, { method: "POST", token: keeper, json: {} });
    await api(`/api/v1/vendor/confirm-reception/${id}`, { method: "POST", token: await login(DEMO.seller) });
    return id;
  }
  const view = async (id: number) =>
    ok(client(await login(DEMO.seller)).vendor["transfer-details"][":id"].$get({ param: byId(id) }));

  it("can be sold or returned until one of them happens; then neither is offered", async () => {
    const sold = await completedTransfer("37");
    expect(await view(sold)).toMatchObject({ sold: false, returned: false, can_sell: true, can_return: true });
    const sale = await api("/api/v1/sales/create-from-transfer", {
      method: "POST",
      token: await login(DEMO.seller),
      // CONVERSE-01 at its catalogue price
      json: { transfer_id: sold, total_amount: 369900, payment_methods: [{ type: "efectivo", amount: 369900 }] },
    });
    expect(sale.status).toBe(201);
    expect(await view(sold)).toMatchObject({ sold: true, can_sell: false, can_return: false, next_action: "Vendida" });

    const returned = await completedTransfer("38");
    const ret = await api("/api/v1/returns/request", {
      method: "POST",
      token: await login(DEMO.seller),
      json: { original_transfer_id: returned, pickup_type: "corredor" },
    });
    expect(ret.status).toBe(201);
    expect(await view(returned)).toMatchObject({ returned: true, can_sell: false, can_return: false });
  });
});

describe("selling a transfer of several pairs (issue 31 §8)", () => {
  const PRICE = 369900; // CONVERSE-01 at its catalogue price
  async function walked(size: string, quantity: number, until: "accepted" | "delivered" | "completed") {
    await stock("CONVERSE-01", size, quantity);
    const id = await requested({
      source_location_id: principal,
      sneaker_reference_code: "CONVERSE-01",
      size,
      quantity,
      pickup_type: "vendedor",
    });
    const keeper = await login(DEMO.bodeguero);
    await api("/api/v1/warehouse/accept-request", { method: "POST", token: keeper, json: { transfer_request_id: id } });
    if (until === "accepted") return id;
    await api(`/api/v1/warehouse/deliver-to-vendor/${id}`, { method: "POST", token: keeper, json: {} });
    if (until === "delivered") return id;
    await api(`/api/v1/vendor/confirm-reception/${id}`, { method: "POST", token: await login(DEMO.seller) });
    return id;
  }
  const sell = async (json: Record<string, unknown>) =>
    api("/api/v1/sales/create-from-transfer", { method: "POST", token: await login(DEMO.seller), json });
  const pay = (pairs: number) => ({
    total_amount: PRICE * pairs,
    payment_methods: [{ type: "efectivo", amount: PRICE * pairs }],
  });
  const view = async (id: number) =>
    ok(client(await login(DEMO.seller)).vendor["transfer-details"][":id"].$get({ param: byId(id) }));

  it("sells it in parts, each bounded by what is left, and says what is left when asked for more", async () => {
    const id = await walked("35", 3, "completed");
    expect(await view(id)).toMatchObject({ sellable_quantity: 3, sold_quantity: 0, left_to_sell: 3, can_sell: true });
    await expectError(
      await sell({ transfer_id: id, quantity: 4, ...pay(4) }),
      409,
      "Solo quedan 3 pares de esta transferencia por vender (pediste 4)",
    );
    // a total that is the price of another number of pairs is named as such
    await expectError(
      await sell({ transfer_id: id, quantity: 2, ...pay(1) }),
      422,
      /es el precio de 1 par, pero vendes 2 pares/,
    );
    await expectError(await sell({ transfer_id: id, quantity: 0, ...pay(1) }), 422);
    const first = await sell({ transfer_id: id, quantity: 2, ...pay(2) });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ sale_details: { items: [{ quantity: 2 }], transfer_id: id } });
    expect(await view(id)).toMatchObject({ sold_quantity: 2, left_to_sell: 1, sold: false, can_sell: true });
    await expectError(
      await sell({ transfer_id: id, quantity: 2, ...pay(2) }),
      409,
      "Solo queda 1 par de esta transferencia por vender (pediste 2)",
    );
    // what is left can still go back; a return takes only the unsold pair
    await expectError(
      await api("/api/v1/returns/request", {
        method: "POST",
        token: await login(DEMO.seller),
        json: { original_transfer_id: id, pickup_type: "corredor", quantity_to_return: 2 },
      }),
      422,
      "La cantidad debe estar entre 1 y 1",
    );
    expect((await sell({ transfer_id: id, ...pay(1) })).status).toBe(201);
    expect(await view(id)).toMatchObject({ sold_quantity: 3, left_to_sell: 0, sold: true, can_sell: false });
    await expectError(
      await sell({ transfer_id: id, quantity: 1, ...pay(1) }),
      409,
      "Los 3 pares de esta transferencia ya se vendieron",
    );
    expect(await ledgerMismatches(db())).toEqual([]);
    const { brokenInvariants } = await import("../../../worker/domain/shared/invariants");
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("names why a transfer cannot be sold yet", async () => {
    const accepted = await walked("36", 2, "accepted");
    await expectError(
      await sell({ transfer_id: accepted, ...pay(2) }),
      409,
      "La transferencia aún no se recibió: la están preparando en el origen",
    );
    const delivered = await walked("34", 1, "delivered");
    await expectError(
      await sell({ transfer_id: delivered, ...pay(1) }),
      409,
      /^La transferencia aún no se recibió: confirma la recepción/,
    );
    const sent = await walked("33", 1, "completed");
    expect(
      (
        await api("/api/v1/returns/request", {
          method: "POST",
          token: await login(DEMO.seller),
          json: { original_transfer_id: sent, pickup_type: "corredor" },
        })
      ).status,
    ).toBe(201);
    await expectError(
      await sell({ transfer_id: sent, ...pay(1) }),
      409,
      "Esta transferencia ya tiene una devolución; no se puede vender",
    );
  });
});

describe("faults", () => {
  it("a TransferHub restarted mid-flow carries on from D1 and keeps its event log for resync", async () => {
    const { abortAllDurableObjects } = await import("cloudflare:test");
    await stock("NEWBALAN-01", "44", 1);
    const id = await requested({ source_location_id: principal, sneaker_reference_code: "NEWBALAN-01", size: "44" });
    await api("/api/v1/warehouse/accept-request", {
      method: "POST",
      token: await login(DEMO.bodeguero),
      json: { transfer_request_id: id },
    });
    const events = client(await login(DEMO.seller)).transfers.events;
    const before = await ok(events.$get({ query: { since: "0" } }));
    await abortAllDurableObjects();
    const take = await api(`/api/v1/courier/accept-request/${id}`, {
      method: "POST",
      token: await login(DEMO.corredor),
      json: {},
    });
    expect(take.status).toBe(200);
    const lastSeq = before.events.at(-1)?.seq ?? 0;
    const after = await ok(events.$get({ query: { since: String(lastSeq) } }));
    expect(after.events).toEqual([
      expect.objectContaining({ seq: lastSeq + 1, transfer_id: id, status: "courier_assigned" }),
    ]);
    expect((await cell("NEWBALAN-01", principal, "44")).reservedPairs).toBe(1);
  });
});
