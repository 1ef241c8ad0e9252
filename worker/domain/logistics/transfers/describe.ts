// How the screens describe a transfer: status, progress, labels and times.

import { plural } from "../../../../shared/plural";
import type { TransferStatus } from "../../../db/schema";
import type { Kind, Pickup } from "./types";

const COURIER_PROGRESS: Partial<Record<TransferStatus, number>> = {
  pending: 16,
  accepted: 33,
  courier_assigned: 50,
  in_transit: 67,
  // on the way back: as far as the units got, never forward
  returning_to_origin: 67,
  delivered: 83,
  completed: 100,
};
const SELLER_PROGRESS: Partial<Record<TransferStatus, number>> = {
  pending: 25,
  accepted: 50,
  delivered: 75,
  completed: 100,
};

/** Spec 3 §4: progress 16/33/50/67/83/100 (courier) or 25/50/75/100 (seller pickup); unknown → 0. */
export function progressOf(status: string, pickup: Pickup): { progress: number; known: boolean } {
  const table = pickup === "corredor" ? COURIER_PROGRESS : SELLER_PROGRESS;
  const value = table[status as TransferStatus];
  return value === undefined ? { progress: 0, known: false } : { progress: value, known: true };
}

export function statusInfo(status: string, pickup: Pickup, kind: Kind) {
  const { progress, known } = progressOf(status, pickup);
  if (!known)
    return {
      title: "Estado desconocido",
      description: "Estado desconocido",
      progress: 0,
      next_step: "Esperando siguiente acción...",
    };
  const isReturn = kind === "return";
  const texts: Record<string, [string, string, string]> = {
    // a transfer's source may be a store: "el origen"; a return always goes back to a warehouse
    pending: isReturn
      ? ["Pendiente", "Esperando aprobación del bodeguero", "El bodeguero debe aceptar la solicitud"]
      : ["Pendiente", "Esperando aprobación del origen", "El origen debe aceptar la solicitud"],
    accepted:
      pickup === "corredor"
        ? ["Aceptada", "Esperando corredor", "Un corredor debe aceptar el transporte"]
        : isReturn
          ? ["Aceptada", "Esperando que vendedor entregue", "El vendedor debe llevar el producto a bodega"]
          : ["Aceptada", "Esperando vendedor", "El vendedor debe recoger el producto en el origen"],
    courier_assigned: [
      "Corredor asignado",
      "El corredor va en camino a recoger",
      isReturn ? "Recibir de Vendedor" : "Recoger en el origen",
    ],
    in_transit: ["En tránsito", "El producto va en camino", isReturn ? "Entregar a Bodeguero" : "Entregar en el local"],
    returning_to_origin: [
      "Volviendo al origen",
      "El corredor no pudo entregar y lleva el producto de vuelta al origen",
      "El corredor debe devolver el producto en el origen",
    ],
    delivered: [
      "Entregada",
      isReturn ? "Esperando confirmación del bodeguero" : "Esperando confirmación del vendedor",
      isReturn ? "El bodeguero debe confirmar la recepción" : "Confirma la recepción del producto",
    ],
    completed: ["Completada", "Transferencia completada", "Puedes vender el producto o generar una devolución"],
  };
  const [title, description, next] = texts[status] ?? ["", "", ""];
  return { title, description, progress, next_step: next };
}

/** Warehouse labels (spec 3 §4). */
export function warehouseLabel(status: string, pickup: Pickup, kind: Kind): string {
  // once handed over, every pickup type reads the same
  if (status === "delivered") return "Entregado";
  if (status === "completed") return "Completada";
  if (status === "cancelled") return "Cancelada";
  if (pickup === "corredor") {
    if (status === "courier_assigned") return "Corredor asignado";
    if (status === "in_transit") return "En tránsito";
    if (status === "returning_to_origin") return "Volviendo al origen";
    return "Esperando corredor";
  }
  if (status === "accepted") return kind === "return" ? "Esperando que vendedor entregue" : "Esperando vendedor";
  return "Listo para entrega";
}

/** Progress bar colour: below 30 error, below 60 warning, below 90 primary, else success. */
export function progressColour(progress: number): "error" | "warning" | "primary" | "success" {
  if (progress < 30) return "error";
  if (progress < 60) return "warning";
  if (progress < 90) return "primary";
  return "success";
}

/** Minutes under 60, otherwise hours and minutes (spec 1 §9). */
export function elapsedText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** Preparation time on acceptance: 10 minutes for high priority, else 15 (returns 15). */
export function preparationMinutes(priority: "high" | "normal", kind: Kind): number {
  return kind === "return" ? 15 : priority === "high" ? 10 : 15;
}

/** Courier ETA on accept: 15 minutes for cliente, else 20. */
export function courierEtaMinutes(purpose: string): number {
  return purpose === "cliente" ? 15 : 20;
}

/** What a transfer carries, in words: "2 pares", "1 pie izquierdo". */
export function unitsText(t: { transferType: string; footSide: string | null; quantity: number }): string {
  if (t.transferType !== "single_foot") return plural(t.quantity, "par", "pares");
  return t.footSide === "left"
    ? plural(t.quantity, "pie izquierdo", "pies izquierdos")
    : plural(t.quantity, "pie derecho", "pies derechos");
}
