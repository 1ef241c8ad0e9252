import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveryAttempts, transferRequests } from "../../../worker/db/schema";
import { RETURN_NEEDS_ATTEMPT } from "../../../worker/domain/logistics/transfer-ops";
import { brokenInvariants } from "../../../worker/domain/shared/invariants";
import {
  assignedTransfer,
  completedTransfer,
  demoPlaces,
  inTransitTransfer,
  requestedTransfer,
} from "../support/flows";
import {
  api,
  byId,
  client,
  DEMO,
  db,
  expectDenied,
  expectError,
  inventoryCell,
  login,
  ok,
  setPairs,
} from "../support/helpers";

const BASE = "/api/v1/courier";

describe("courier routes", () => {
  it("lists an accepted request as available and takes it into the courier's transports", async () => {
    const id = await requestedTransfer("NIKELEBR-01", "41");
    await api("/api/v1/warehouse/accept-request", {
      method: "POST",
      token: await login(DEMO.bodeguero),
      json: { transfer_request_id: id, accepted: true },
    });
    const courier = await login(DEMO.corredor);
    const available = await ok(client(courier).courier["available-requests"].$get({ query: {} }));
    expect(available.available_requests.map((t) => t.id)).toContain(id);
    const take = await api(`${BASE}/accept-request/${id}`, { method: "POST", token: courier, json: {} });
    expect(take.status).toBe(200);
    const mine = await ok(client(courier).courier["my-transports"].$get());
    expect(mine.my_transports.map((t) => t.id)).toContain(id);
  });

  it("refuses a filter or an estimate it does not know (422)", async () => {
    const courier = await login(DEMO.corredor);
    await expectError(
      await api(`${BASE}/available-requests?purpose=otra`, { token: courier }),
      422,
      "Filtro no válido",
    );
    const id = await assignedTransfer("NIKELEBR-01", "42");
    await expectError(
      await api(`${BASE}/confirm-delivery/${id}?delivery_successful=quizas`, { method: "POST", token: courier }),
      422,
      "delivery_successful debe ser verdadero o falso",
    );
  });

  it("is refused to the seller, the boss and the bodeguero", async () => {
    await expectDenied(["seller", "boss", "bodeguero"], (token) => api(`${BASE}/available-requests`, { token }));
  });

  it("does not let another company's administrador take a demo request (404)", async () => {
    const id = await requestedTransfer("NIKELEBR-01", "43");
    const res = await api(`${BASE}/accept-request/${id}`, {
      method: "POST",
      token: await login(DEMO.otherAdmin),
      json: {},
    });
    expect(res.status).toBe(404);
  });
});

describe("a failed delivery is recorded, shown and kept (issue 32 §3)", () => {
  const failed = async (id: number, json: unknown, token?: string) =>
    api(`${BASE}/report-failed-delivery/${id}`, {
      method: "POST",
      token: token ?? (await login(DEMO.corredor)),
      json,
    });

  it("records each failed attempt with its reason; the seller and the keeper see them; a later delivery keeps them all", async () => {
    const id = await inTransitTransfer("ASICSGEL-01", "40");
    const courier = await login(DEMO.corredor);
    const first = await ok(
      client(courier).courier["report-failed-delivery"][":id"].$post({
        param: byId(id),
        json: { reason: "local_cerrado" },
      }),
    );
    expect(first).toMatchObject({
      success: true,
      message: "Intento fallido registrado (Local cerrado); el producto sigue contigo",
      transport: { status: "in_transit", failed_attempts: 1 },
      attempt: { outcome: "failed", reason: "local_cerrado", reason_label: "Local cerrado", successful: false },
    });
    expect(first.attempt?.courier_name).toBeTruthy();
    const second = await failed(id, { reason: "otro", notes: "Portón sin timbre" });
    expect(second.status).toBe(200);

    // the seller who asked for it sees both attempts on the transfer
    const seller = await login(DEMO.seller);
    const details = await ok(client(seller).vendor["transfer-details"][":id"].$get({ param: byId(id) }));
    expect(details.failed_attempts).toBe(2);
    expect(details.delivery_attempts.map((a) => [a.reason_label, a.notes])).toEqual([
      ["Local cerrado", null],
      ["Otro", "Portón sin timbre"],
    ]);
    const pending = await ok(client(seller).vendor["pending-transfers"].$get());
    expect(pending.pending_transfers.find((t) => t.id === id)?.failed_attempts).toBe(2);
    // and so does the keeper who sent it
    const keeper = await ok(client(await login(DEMO.bodeguero)).warehouse["accepted-requests"].$get());
    expect(keeper.accepted_requests.find((t) => t.id === id)?.delivery_attempts).toHaveLength(2);

    // delivered at last: the failures stay, the success is one more attempt
    const done = await api(`${BASE}/confirm-delivery/${id}?delivery_successful=true&notes=Recibe%20Laura`, {
      method: "POST",
      token: courier,
    });
    expect(done.status).toBe(200);
    const after = await ok(client(seller).vendor["transfer-details"][":id"].$get({ param: byId(id) }));
    expect(after).toMatchObject({ status: "delivered", failed_attempts: 2, delivery_successful: true });
    expect(after.delivery_attempts.map((a) => [a.outcome, a.reason])).toEqual([
      ["failed", "local_cerrado"],
      ["failed", "otro"],
      ["delivered", null],
    ]);
    // the table is append-only: an attempt cannot be rewritten or erased
    const refusal = (write: Promise<unknown>) =>
      write.then(
        () => "escrito",
        (err: unknown) => String((err as { cause?: unknown }).cause ?? err),
      );
    expect(
      await refusal(
        db().update(deliveryAttempts).set({ notes: "otra cosa" }).where(eq(deliveryAttempts.transferId, id)),
      ),
    ).toMatch(/append-only/);
    expect(await refusal(db().delete(deliveryAttempts).where(eq(deliveryAttempts.transferId, id)))).toMatch(
      /append-only/,
    );
    expect(await db().select().from(deliveryAttempts).where(eq(deliveryAttempts.transferId, id))).toHaveLength(3);
  });

  it("the old query form (delivery_successful=false) records an attempt too, with its reason", async () => {
    const id = await inTransitTransfer("ASICSGEL-01", "41");
    const res = await api(`${BASE}/confirm-delivery/${id}?delivery_successful=false&failure_reason=nadie_recibe`, {
      method: "POST",
      token: await login(DEMO.corredor),
    });
    expect(res.status).toBe(200);
    const rows = await db().select().from(deliveryAttempts).where(eq(deliveryAttempts.transferId, id));
    expect(rows).toMatchObject([{ outcome: "failed", reason: "nadie_recibe" }]);
  });

  it("422 without a reason, with one not on the list, or «Otro» without a note; 409 when not in transit", async () => {
    const id = await inTransitTransfer("ASICSGEL-01", "42");
    await expectError(await failed(id, {}), 422, /razón/);
    await expectError(await failed(id, { reason: "lluvia" }), 422, "Elige por qué no se pudo entregar");
    await expectError(await failed(id, { reason: "otro" }), 422, "Con el motivo «Otro», cuenta en la nota qué pasó");
    await expectError(await failed(id, { reason: "otro", notes: "   " }), 422);
    await expectError(await failed(id, { reason: "local_cerrado", notes: "x".repeat(501) }), 422);
    expect(await db().select().from(deliveryAttempts).where(eq(deliveryAttempts.transferId, id))).toEqual([]);
    const assigned = await assignedTransfer("ASICSGEL-01", "43");
    await expectError(
      await failed(assigned, { reason: "local_cerrado" }),
      409,
      "No se puede realizar esta acción: la transferencia está asignada a un corredor",
    );
  });

  it("403 for the seller, the boss and the bodeguero; 404 for another company's administrador", async () => {
    const id = await inTransitTransfer("ASICSGEL-01", "44");
    await expectDenied(["seller", "boss", "bodeguero"], (token) => failed(id, { reason: "local_cerrado" }, token));
    await expectError(await failed(id, { reason: "local_cerrado" }, await login(DEMO.otherAdmin)), 404);
    expect(await db().select().from(deliveryAttempts).where(eq(deliveryAttempts.transferId, id))).toEqual([]);
  });
});

describe("the courier takes an undelivered transfer back to its origin (issue 32 §3)", () => {
  const REF = "ASICSGEL-01";
  const back = async (
    route: "return-to-origin" | "confirm-origin-return",
    id: number,
    json: unknown = {},
    token?: string,
  ) => api(`${BASE}/${route}/${id}`, { method: "POST", token: token ?? (await login(DEMO.corredor)), json });
  const backMoves = async (id: number) =>
    (
      await db().all<{ n: number }>(
        sql`SELECT COUNT(*) AS n FROM stock_movements WHERE transfer_id = ${id} AND reason = 'transfer_back'`,
      )
    )[0]?.n;

  it("after a failed attempt: back on the way, then the pair re-enters the source exactly once and the transfer ends", async () => {
    const { principal } = await demoPlaces();
    const id = await inTransitTransfer(REF, "36");
    const courier = await login(DEMO.corredor);
    // nothing to take back before the courier said the delivery failed
    await expectError(await back("return-to-origin", id), 409, RETURN_NEEDS_ATTEMPT);
    await expectError(
      await back("confirm-origin-return", id),
      409,
      "No se puede realizar esta acción: la transferencia está en tránsito",
    );
    expect(
      (
        await api(`${BASE}/report-failed-delivery/${id}`, {
          method: "POST",
          token: courier,
          json: { reason: "local_cerrado", notes: "Cerrado por inventario" },
        })
      ).status,
    ).toBe(200);
    const atSource = (await inventoryCell(REF, principal, "36")).pairs;

    const going = await ok(client(courier).courier["return-to-origin"][":id"].$post({ param: byId(id), json: {} }));
    expect(going).toMatchObject({
      message: "Lleva el producto de vuelta a Bodega Principal",
      transport: {
        status: "returning_to_origin",
        status_info: { title: "Volviendo al origen" },
        warehouse_status_label: "Volviendo al origen",
      },
    });
    // still the courier's, and the keeper sees it coming back; nothing moved yet
    const mine = await ok(client(courier).courier["my-transports"].$get());
    expect(mine.my_transports.find((t) => t.id === id)?.action_required).toBe("Devolver en el origen");
    const keeper = await ok(client(await login(DEMO.bodeguero)).warehouse["accepted-requests"].$get());
    expect(keeper.accepted_requests.find((t) => t.id === id)?.status).toBe("returning_to_origin");
    expect((await inventoryCell(REF, principal, "36")).pairs).toBe(atSource);
    // no longer deliverable on the way back
    await expectError(
      await api(`${BASE}/confirm-delivery/${id}`, { method: "POST", token: courier }),
      409,
      "No se puede realizar esta acción: la transferencia está volviendo al origen",
    );

    const home = await ok(
      client(courier).courier["confirm-origin-return"][":id"].$post({
        param: byId(id),
        json: { notes: "Recibió Jorge" },
      }),
    );
    expect(home).toMatchObject({
      message: "Producto devuelto en Bodega Principal; volvió a su inventario",
      transport: {
        status: "cancelled",
        returned_to_origin: true,
        status_info: { title: "Devuelta al origen" },
        cancellation_reason:
          "Devuelta al origen tras una entrega fallida (Local cerrado: Cerrado por inventario). Recibió Jorge",
        failed_attempts: 1,
      },
    });
    expect((await inventoryCell(REF, principal, "36")).pairs).toBe(atSource + 1);
    expect(await backMoves(id)).toBe(1);
    // a second confirmation (or a second trip back) moves nothing
    await expectError(await back("confirm-origin-return", id), 409, "Esta solicitud ya fue cancelada");
    await expectError(await back("return-to-origin", id), 409, "Esta solicitud ya fue cancelada");
    expect((await inventoryCell(REF, principal, "36")).pairs).toBe(atSource + 1);
    expect(await backMoves(id)).toBe(1);
    // the requester reads why it ended
    const seller = await ok(
      client(await login(DEMO.seller)).vendor["transfer-details"][":id"].$get({ param: byId(id) }),
    );
    expect(seller.status_info.description).toContain("Local cerrado");
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("a return does not go back to the store: the courier keeps attempting the warehouse (409)", async () => {
    const { principal, companyId } = await demoPlaces();
    await setPairs(companyId, REF, principal, "37", 2);
    const original = await completedTransfer(REF, "37");
    const seller = await login(DEMO.seller);
    const created = await ok(
      client(seller).returns.request.$post({ json: { original_transfer_id: original, pickup_type: "corredor" } }),
      201,
    );
    const id = created.return_id;
    const keeper = await login(DEMO.bodeguero);
    const courier = await login(DEMO.corredor);
    for (const [path, json] of [
      ["/api/v1/warehouse/accept-request", { transfer_request_id: id }],
      [`${BASE}/accept-return/${id}`, {}],
      [`${BASE}/confirm-return-pickup/${id}`, {}],
    ] as const) {
      const token = path.startsWith("/api/v1/warehouse") ? keeper : courier;
      expect((await api(path, { method: "POST", token, json })).status).toBe(200);
    }
    expect(
      (
        await api(`${BASE}/report-failed-delivery/${id}`, {
          method: "POST",
          token: courier,
          json: { reason: "nadie_recibe" },
        })
      ).status,
    ).toBe(200);
    await expectError(await back("return-to-origin", id), 409, /Una devolución no vuelve al local/);
    const [row] = await db().select().from(transferRequests).where(eq(transferRequests.id, id));
    expect(row?.status).toBe("in_transit");
  });

  it("422 for a body it cannot read, 403 for other roles, 404 for another company", async () => {
    const id = await inTransitTransfer(REF, "38");
    await expectError(await back("return-to-origin", id, { notes: 5 }), 422);
    await expectError(await back("confirm-origin-return", id, { notes: "x".repeat(501) }), 422);
    for (const route of ["return-to-origin", "confirm-origin-return"] as const) {
      await expectDenied(["seller", "boss", "bodeguero"], (token) => back(route, id, {}, token));
      await expectError(await back(route, id, {}, await login(DEMO.otherAdmin)), 404);
    }
    const [row] = await db().select().from(transferRequests).where(eq(transferRequests.id, id));
    expect(row?.status).toBe("in_transit");
  });
});
