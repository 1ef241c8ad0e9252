import { describe, expect, it } from "vitest";
import { ROLES, TRANSFER_STATUSES } from "../../worker/db/schema";
import { courierEarning } from "../../worker/domain/logistics/transfers/courier-pay";
import {
  courierEtaMinutes,
  elapsedText,
  preparationMinutes,
  progressColour,
  progressOf,
  warehouseLabel,
} from "../../worker/domain/logistics/transfers/describe";
import { plan, unitsOf } from "../../worker/domain/logistics/transfers/plan";
import { receptionOutcome } from "../../worker/domain/logistics/transfers/reception";
import type { Action, Kind, Pickup } from "../../worker/domain/logistics/transfers/types";
import { DomainError } from "../../worker/domain/shared/errors";

const ACTIONS: Action[] = [
  "accept",
  "courier_accept",
  "deliver_to_courier",
  "confirm_pickup",
  "confirm_delivery",
  "report_failed_delivery",
  "return_to_origin",
  "confirm_origin_return",
  "deliver_to_vendor",
  "deliver_return_to_warehouse",
  "confirm_reception",
  "confirm_return_reception",
  "cancel",
  "decline",
  "keeper_cancel",
  "expire_reservation",
];
const PICKUPS: Pickup[] = ["corredor", "vendedor"];
const KINDS: Kind[] = ["transfer", "return"];

// Written out by hand from spec 3 §4 (not derived from the module's table):
// "status action role pickup kind → to (stock)"
const ALLOWED = new Set<string>();
const allow = (from: string, action: string, roles: string[], pickups: string[], kinds: string[], to: string) => {
  for (const r of roles)
    for (const p of pickups) for (const k of kinds) ALLOWED.add(`${from} ${action} ${r} ${p} ${k} → ${to}`);
};
// a store can be asked for pairs: its sellers keep them (the location check is in transfer-ops)
const keeper = ["bodeguero", "seller", "administrador", "superuser"];
const courier = ["corredor", "administrador", "superuser"];
const seller = ["seller", "administrador", "superuser"];
allow("pending", "accept", keeper, PICKUPS, KINDS, "accepted");
allow("pending", "cancel", seller, PICKUPS, KINDS, "cancelled");
allow("pending", "decline", keeper, PICKUPS, KINDS, "cancelled");
// an accepted request not handed over yet: either end may call it off (issue 31 §8)
allow("accepted", "cancel", seller, PICKUPS, KINDS, "cancelled");
allow("courier_assigned", "cancel", seller, ["corredor"], KINDS, "cancelled");
allow("accepted", "keeper_cancel", keeper, PICKUPS, KINDS, "cancelled");
allow("courier_assigned", "keeper_cancel", keeper, ["corredor"], KINDS, "cancelled");
allow("accepted", "courier_accept", courier, ["corredor"], KINDS, "courier_assigned");
allow("courier_assigned", "deliver_to_courier", keeper, ["corredor"], ["transfer"], "in_transit");
allow("courier_assigned", "confirm_pickup", courier, ["corredor"], KINDS, "in_transit");
allow("in_transit", "confirm_delivery", courier, ["corredor"], KINDS, "delivered");
// a failed attempt keeps the units with the courier; a transfer (not a return) may then go back (issue 32 §3)
allow("in_transit", "report_failed_delivery", courier, ["corredor"], KINDS, "in_transit");
allow("in_transit", "return_to_origin", courier, ["corredor"], ["transfer"], "returning_to_origin");
allow("returning_to_origin", "confirm_origin_return", courier, ["corredor"], ["transfer"], "cancelled");
allow("accepted", "deliver_to_vendor", keeper, ["vendedor"], ["transfer"], "delivered");
allow("accepted", "deliver_return_to_warehouse", seller, ["vendedor"], ["return"], "delivered");
allow("delivered", "confirm_reception", seller, PICKUPS, ["transfer"], "completed");
allow("delivered", "confirm_return_reception", keeper, PICKUPS, ["return"], "completed");
// the 45 minutes stop once a courier takes the request: courier_assigned never expires
allow("accepted", "expire_reservation", ["system"], PICKUPS, KINDS, "pending");

describe("transfer state machine: every combination", () => {
  const roles = [...ROLES, "system" as const];
  for (const from of TRANSFER_STATUSES) {
    for (const action of ACTIONS) {
      it(`${from} × ${action}`, () => {
        for (const role of roles) {
          for (const pickup of PICKUPS) {
            for (const kind of KINDS) {
              const prefix = `${from} ${action} ${role} ${pickup} ${kind} → `;
              const expected = [...ALLOWED].find((x) => x.startsWith(prefix));
              let outcome: string;
              try {
                outcome = `${prefix}${plan(from, action, role, pickup, kind).to}`;
              } catch (err) {
                if (!(err instanceof DomainError)) throw err;
                outcome = `refused ${err.kind}`;
              }
              if (expected) expect(outcome, prefix).toBe(expected);
              else expect(outcome, prefix).toMatch(/^refused (forbidden|conflict)$/);
            }
          }
        }
      });
    }
  }

  it("refuses with 409 for a wrong status and 403 for a wrong role", () => {
    expect(() => plan("in_transit", "cancel", "seller", "corredor", "transfer")).toThrow(
      "Ya no se puede cancelar: la transferencia ya salió del origen (está en tránsito)",
    );
    expect(() => plan("delivered", "keeper_cancel", "bodeguero", "vendedor", "transfer")).toThrow(
      "Ya no se puede cancelar: la transferencia ya salió del origen (está entregada)",
    );
    expect(() => plan("pending", "keeper_cancel", "bodeguero", "corredor", "transfer")).toThrow(/recházala/);
    expect(() => plan("courier_assigned", "courier_accept", "corredor", "corredor", "transfer")).toThrow(
      /ya fue aceptada/,
    );
    expect(() => plan("completed", "confirm_reception", "seller", "corredor", "transfer")).toThrow(
      "La recepción ya fue confirmada",
    );
    try {
      plan("pending", "accept", "seller", "corredor", "transfer");
    } catch (err) {
      expect((err as DomainError).kind).toBe("forbidden");
    }
  });

  it("moves stock at the right steps", () => {
    expect(plan("pending", "accept", "bodeguero", "corredor", "transfer").stock).toBe("reserve");
    expect(plan("courier_assigned", "confirm_pickup", "corredor", "corredor", "transfer").stock).toBe("out");
    expect(plan("accepted", "deliver_to_vendor", "bodeguero", "vendedor", "transfer").stock).toBe("out");
    expect(plan("delivered", "confirm_reception", "seller", "corredor", "transfer").stock).toBe("in");
    expect(plan("in_transit", "confirm_delivery", "corredor", "corredor", "transfer").stock).toBe("none");
    expect(plan("accepted", "expire_reservation", "system", "vendedor", "transfer").stock).toBe("release");
    // cancelling an accepted request frees its reservation like the expiry does
    expect(plan("accepted", "cancel", "seller", "vendedor", "transfer").stock).toBe("release");
    expect(plan("courier_assigned", "keeper_cancel", "bodeguero", "corredor", "transfer").stock).toBe("release");
    expect(plan("pending", "cancel", "seller", "vendedor", "transfer").stock).toBe("none");
    // brought back by the courier: the units re-enter the source once, at the end of the trip back
    expect(plan("in_transit", "return_to_origin", "corredor", "corredor", "transfer").stock).toBe("none");
    expect(plan("returning_to_origin", "confirm_origin_return", "corredor", "corredor", "transfer").stock).toBe("back");
  });

  it("a courier's acceptance stops the reservation clock", () => {
    expect(() => plan("courier_assigned", "expire_reservation", "system", "corredor", "transfer")).toThrow(DomainError);
  });
});

describe("transfer presentation rules (spec 3 §4, §9)", () => {
  it("progress values and colours", () => {
    expect(
      ["pending", "accepted", "courier_assigned", "in_transit", "delivered", "completed"].map(
        (s) => progressOf(s, "corredor").progress,
      ),
    ).toEqual([16, 33, 50, 67, 83, 100]);
    expect(["pending", "accepted", "delivered", "completed"].map((s) => progressOf(s, "vendedor").progress)).toEqual([
      25, 50, 75, 100,
    ]);
    expect(progressOf("raro", "corredor")).toEqual({ progress: 0, known: false });
    expect([29, 30, 59, 60, 89, 90].map(progressColour)).toEqual([
      "error",
      "warning",
      "warning",
      "primary",
      "primary",
      "success",
    ]);
  });

  it("a keeper (or a seller of the source store) declines only a pending request", () => {
    expect(plan("pending", "decline", "bodeguero", "corredor", "transfer").to).toBe("cancelled");
    expect(plan("pending", "decline", "seller", "vendedor", "transfer").stock).toBe("none");
    expect(() => plan("accepted", "decline", "bodeguero", "corredor", "transfer")).toThrow(
      /Solo se puede rechazar una solicitud pendiente/,
    );
    expect(() => plan("pending", "decline", "corredor", "corredor", "transfer")).toThrow(DomainError);
  });

  it("a reception accounts for every unit sent: sellable, short or damaged", () => {
    expect(receptionOutcome("transfer", 5, {})).toEqual({ received: 5, sellable: 5, short: 0, damaged: 0 });
    expect(receptionOutcome("transfer", 5, { receivedQuantity: 4 })).toEqual({
      received: 4,
      sellable: 4,
      short: 1,
      damaged: 0,
    });
    expect(receptionOutcome("transfer", 5, { receivedQuantity: 4, conditionOk: false })).toMatchObject({
      sellable: 0,
      damaged: 4,
      short: 1,
    });
    expect(receptionOutcome("transfer", 3, { conditionOk: false, damagedQuantity: 1 })).toMatchObject({
      sellable: 2,
      damaged: 1,
    });
    expect(receptionOutcome("return", 2, { productCondition: "unusable" })).toMatchObject({ sellable: 0, damaged: 2 });
    expect(receptionOutcome("return", 2, { returnToInventory: false, receivedQuantity: 1 })).toMatchObject({
      sellable: 0,
      damaged: 1,
      short: 1,
    });
    expect(() => receptionOutcome("transfer", 2, { receivedQuantity: 3 })).toThrow(RangeError);
    expect(() => receptionOutcome("transfer", 2, { receivedQuantity: 1, damagedQuantity: 2 })).toThrow(
      "Las unidades dañadas deben estar entre 0 y 1",
    );
  });

  it("labels, times and units", () => {
    expect(warehouseLabel("courier_assigned", "corredor", "transfer")).toBe("Corredor asignado");
    expect(warehouseLabel("in_transit", "corredor", "transfer")).toBe("En tránsito");
    expect(warehouseLabel("accepted", "corredor", "transfer")).toBe("Esperando corredor");
    expect(warehouseLabel("accepted", "vendedor", "transfer")).toBe("Esperando vendedor");
    expect(warehouseLabel("accepted", "vendedor", "return")).toBe("Esperando que vendedor entregue");
    expect(warehouseLabel("pending", "vendedor", "transfer")).toBe("Listo para entrega");
    // a delivered transfer is no longer waiting for anyone at the warehouse
    expect(warehouseLabel("delivered", "vendedor", "transfer")).toBe("Entregado");
    expect(warehouseLabel("delivered", "corredor", "transfer")).toBe("Entregado");
    expect([
      preparationMinutes("high", "transfer"),
      preparationMinutes("normal", "transfer"),
      preparationMinutes("high", "return"),
    ]).toEqual([10, 15, 15]);
    expect([courierEtaMinutes("cliente"), courierEtaMinutes("restock")]).toEqual([15, 20]);
    expect([elapsedText(45), elapsedText(60), elapsedText(135)]).toEqual(["45 min", "1 h", "2 h 15 min"]);
    expect(unitsOf({ transferType: "single_foot", footSide: "left", quantity: 2 })).toEqual({ left: 2 });
    expect(unitsOf({ transferType: "pair", footSide: null, quantity: 3 })).toEqual({ pairs: 3 });
  });

  it("courier earning from coordinates, else 3.5 km", () => {
    expect(courierEarning({ lat: null, lng: null }, { lat: 1, lng: 1 }, "restock")).toEqual({
      distance_km: 3.5,
      earning: 17_500,
    });
    expect(courierEarning({ lat: null, lng: null }, { lat: 1, lng: 1 }, "cliente")).toEqual({
      distance_km: 3.5,
      earning: 26_250,
    });
    const e = courierEarning({ lat: 4.6352, lng: -74.1186 }, { lat: 4.6018, lng: -74.0726 }, "cliente");
    expect(e.distance_km).toBeGreaterThan(5);
    expect(e.distance_km).toBeLessThan(7);
    expect(e.earning).toBe(Math.round(e.distance_km * 5000 * 1.5));
  });
});
