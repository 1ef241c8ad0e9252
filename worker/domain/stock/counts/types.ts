// Physical counts of one location while it keeps selling. Each line keeps what the ledger held for its
// product and size when it was counted (written in the same statement that writes the line), so posting
// applies counted − expected-at-count: a sale after the line was counted stays sold, and one before it
// is already in the expected. Posting is one guarded batch of adjustments ("conteo_fisico"): it happens
// once, and a cell it would take below zero refuses all of it.
//
// stock-counts/: types (this file), rules (pure), read, open, lines (counting), close (post or cancel).

import type { UnitKind } from "../../../../shared/constants";
import type { COUNT_STATUSES, Role } from "../../../db/schema";
import { conflict } from "../../shared/errors";

export type CountStatus = (typeof COUNT_STATUSES)[number];
export type Quantities = Record<UnitKind, number>;

export const COUNT_NOT_FOUND = "Conteo no encontrado";
export const ALREADY_POSTED = "El conteo ya fue aplicado";
export const COUNT_CANCELLED = "El conteo fue cancelado";
export const OWN_WAREHOUSE = "Solo puedes contar el inventario de tu bodega";

export interface Counter {
  id: number;
  companyId: number;
  role: Role;
  locationId: number | null;
}

export function closedError(status: CountStatus) {
  return conflict(status === "posted" ? ALREADY_POSTED : COUNT_CANCELLED);
}
