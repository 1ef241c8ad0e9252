import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { createElement } from "react";
import type { Transfer, TransferEvent } from "../../web/src/api/transfers-schemas";
import { type CourierTab, courierTabPath } from "../../web/src/features/courier/tabs";
import { type WarehouseTab, warehouseTabPath } from "../../web/src/features/warehouse/tabs";
import { progressOf } from "../../web/src/lib/logistics/progress";
import type { SessionUser } from "../../web/src/lib/session";
import { createAppRouter } from "../../web/src/router";
import { render, signIn } from "./helpers";

/** Shared fixtures of the transfers component tests: answers shaped like worker/domain/logistics/transfer-views.ts. */

/** Any field of the answer; extra fields (e.g. the keeper list's `available_stock`) ride along. */
type Overrides = Partial<Transfer> & { id: number } & Record<string, unknown>;

const TITLES: Record<string, string> = {
  pending: "Pendiente",
  accepted: "Aceptada",
  courier_assigned: "Corredor asignado",
  in_transit: "En tránsito",
  delivered: "Entregada",
  returning_to_origin: "Volviendo al origen",
  completed: "Completada",
  cancelled: "Cancelada",
};

/** One transfer as the API answers it; status and pickup drive status_info like the server does. */
export function transfer(overrides: Overrides): Transfer {
  const status = overrides.status ?? "pending";
  const pickup = (overrides.pickup_type ?? "corredor") as "corredor" | "vendedor";
  const progress = progressOf(status, pickup);
  const place = (id: number, name: string) => ({
    id,
    name,
    type: "bodega" as const,
    address: "Cl. 13",
    phone: "601",
    contact: "Jorge",
  });
  const base = {
    status,
    request_type: "transfer",
    purpose: "cliente",
    purpose_label: "Cliente",
    priority: "high",
    priority_level: "URGENT",
    pickup_type: pickup,
    destination_type: "exhibicion",
    transfer_type: "pair",
    transfer_type_display: "Par completo",
    foot_side: null,
    inventory_type: "pair",
    inventory_type_label: "Par completo",
    what_to_deliver: "1 par de Nike Air Max 1 talla 42",
    preparation_instruction: "Preparar 1 par en su caja",
    urgent_action: null,
    product_id: 3,
    sneaker_reference_code: "NIKEAIRM-02",
    brand: "Nike",
    model: "Air Max 1",
    product_color: "Blanco",
    size: "42",
    quantity: 1,
    notes: null,
    product_image: null,
    product_info: { image_url: null, image: null, unit_price: 459_900, box_price: null, description: null },
    requester_id: 5,
    requester_name: "Valentina Rojas",
    requester_first_name: "Valentina",
    requester_last_name: "Rojas",
    warehouse_keeper_name: "Sin asignar",
    courier_name: "Sin asignar",
    courier_info: { assigned: false, id: null, name: null },
    source_location_id: 4,
    destination_location_id: 1,
    source_location_name: "Bodega Principal",
    destination_location_name: "Local Centro",
    source_location: place(4, "Bodega Principal"),
    destination_location: place(1, "Local Centro"),
    location_info: { source: place(4, "Bodega Principal"), destination: place(1, "Local Centro") },
    transport_info: { pickup_location: place(4, "Bodega Principal"), delivery_location: place(1, "Local Centro") },
    status_info: {
      title: TITLES[status] ?? "Estado desconocido",
      description: "Descripción",
      progress,
      next_step: "Siguiente paso",
      colour: "primary",
    },
    progress,
    next_action: "Siguiente paso",
    warehouse_status_label: "Esperando corredor",
    time_elapsed: "5 min",
    time_elapsed_minutes: 5,
    time_since_accepted: null,
    requested_at: "2026-11-21T18:00:00.000Z",
    accepted_at: null,
    estimated_preparation_time: null,
    reserved_until: null,
    courier_notes: null,
    pickup_notes: null,
    delivery_notes: null,
    condition_ok: null,
    courier_accepted_at: null,
    estimated_pickup_time: null,
    picked_up_at: null,
    delivered_at: null,
    delivery_successful: null,
    delivery_attempts: [],
    failed_attempts: 0,
    returned_to_origin: false,
    reservation_expired_at: null,
    completed_at: null,
    received_quantity: null,
    cancelled_at: null,
    cancellation_reason: null,
    declined: false,
    declined_at: null,
    decline_reason: null,
    sold: false,
    returned: false,
    sellable_quantity: 1,
    sold_quantity: 0,
    left_to_sell: 1,
    can_sell: true,
    can_return: true,
    duration_minutes: null,
    duration: null,
    original_transfer_id: null,
    order_id: null,
    return_reason: null,
    product_condition: null,
    cargo_description: "Nike Air Max 1 · talla 42 · 1 par",
    urgency: "Urgente",
    distance_km: 6.3,
    estimated_earning: 47_250,
  } satisfies Omit<Transfer, "id">;
  return { ...base, ...overrides } as Transfer;
}

/** The same (kept for the tests that named the parsed copy). */
export const parsedTransfer = transfer;

export function event(overrides: Partial<TransferEvent> & { seq: number; transfer_id: number }): TransferEvent {
  return {
    type: "transfer.updated",
    status: "accepted",
    action: "accept",
    request_type: "transfer",
    source_location_id: 4,
    destination_location_id: 1,
    at: "2026-11-21T18:05:00.000Z",
    ...overrides,
  };
}

export function signInAs(role: SessionUser["role"], locationId: number | null, id = 5) {
  signIn({
    id,
    name: "Prueba Horma",
    email: "prueba@demo.horma.co",
    role,
    token: `tok-${role}`,
    token_type: "bearer",
    location_id: locationId,
    company_name: "Calzado Horma Demo",
    location_name: locationId === 4 ? "Bodega Principal" : "Local Centro",
  });
}

/** A WebSocket double: tests push server messages and break the connection at will. */
export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  sent: string[] = [];
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  static latest(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error("no socket opened");
    return socket;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  /** The server's hello after the upgrade. */
  hello(seq: number) {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
    this.receive(JSON.stringify({ type: "hello", seq }));
  }
  receive(data: string) {
    this.onmessage?.(new MessageEvent("message", { data }));
  }
  /** The connection drops (server gone, network lost). */
  fail() {
    this.readyState = 3;
    this.onerror?.(new Event("error"));
    this.onclose?.(new CloseEvent("close", { code: 1006 }));
  }
}

/** An empty delivery history with its period (GET /courier/my-deliveries). */
export const noDeliveries = {
  recent_deliveries: [],
  total: 0,
  offset: 0,
  limit: 50,
  period_days: 30,
  period_start: "2026-10-29T12:00:00.000Z",
  period_deliveries: 0,
  total_estimated_earnings: 0,
  period_distance_km: 0,
};

/** One delivered transport as the courier's history lists it. */
export function delivery(id: number, earning = 17_500) {
  return {
    id,
    status: "completed",
    request_type: "transfer",
    brand: "Vans",
    model: "Authentic",
    size: "40",
    quantity: 1,
    delivered_at: `2026-11-${String(20 - (id % 10)).padStart(2, "0")}T15:00:00.000Z`,
    delivery_successful: true,
    destination_location_name: "Local Centro",
    estimated_earning: earning,
    distance_km: 3.5,
  };
}

/** The signed-in courier's panel opened at one of its tabs, through the app's router (each tab is a route). */
export function openCourier(tab: CourierTab) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [courierTabPath(tab)] }));
  render(createElement(RouterProvider, { router }));
  return { router, showTab: (next: CourierTab) => router.navigate({ to: courierTabPath(next) }) };
}

/** The signed-in keeper's panel opened at one of its tabs, through the app's router (each tab is a route). */
export function openWarehouse(tab: WarehouseTab) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [warehouseTabPath(tab)] }));
  render(createElement(RouterProvider, { router }));
  return { router };
}
