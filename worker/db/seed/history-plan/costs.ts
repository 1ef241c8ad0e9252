// The demo history's operating costs: every location's monthly costs, paid but one overdue.

import { addDays } from "../../../domain/platform/rules";
import { PESOS } from "./params";
import type { HistoryWorld, PlannedCost } from "./types";

/** Monthly operating costs per location, in pesos (stores first, then warehouses). */
const STORE_COSTS = [
  { arriendo: 4_500_000, servicios: 780_000, nomina: 3_200_000 },
  { arriendo: 5_200_000, servicios: 690_000, nomina: 2_900_000 },
  { arriendo: 8_400_000, servicios: 1_150_000, nomina: 3_600_000 },
];
const WAREHOUSE_COSTS = [
  { arriendo: 6_000_000, servicios: 950_000 },
  { arriendo: 3_800_000, servicios: 520_000 },
];

/**
 * Monthly costs of every location since before the history: all paid up to date except the services of
 * the last store, due a week ago and still unpaid (overdue).
 */
export function planCosts(world: HistoryWorld, today: string): PlannedCost[] {
  const costs: PlannedCost[] = [];
  const add = (locationId: number, name: string, type: PlannedCost["costType"], pesos: number, overdue: boolean) => {
    // each cost falls due on a fixed day of the month; the overdue one fell due 7 days ago
    const dueDay = overdue ? addDays(today, -7) : addDays(today, -((locationId * 3 + type.length) % 28) - 1);
    const lastDue = dueDay; // the most recent due date on or before today
    const previous = monthsBefore(lastDue, 1);
    const next = monthsBefore(lastDue, -1);
    // the categories and wording of the admin's 'Registrar costo' form
    const descriptions = {
      arriendo: name.startsWith("bodega") ? "Canon de arrendamiento de la bodega" : "Canon de arrendamiento del local",
      servicios: "Energía, agua e internet",
      nomina: "Nómina de vendedores",
    } as const;
    costs.push({
      locationId,
      costType: type,
      category: type === "nomina" ? "Nómina" : type === "arriendo" ? "Arriendo" : "Servicios Públicos",
      description: descriptions[type],
      amount: pesos * PESOS,
      startDate: monthsBefore(lastDue, 6),
      dueDate: overdue ? lastDue : next,
      lastPaidDate: overdue ? previous : lastDue,
    });
  };
  world.stores.forEach((s, i) => {
    const c = STORE_COSTS[i % STORE_COSTS.length];
    if (!c) return;
    add(s.id, s.name, "arriendo", c.arriendo, false);
    add(s.id, s.name, "servicios", c.servicios, i === world.stores.length - 1);
    add(s.id, s.name, "nomina", c.nomina, false);
  });
  world.warehouses.forEach((w, i) => {
    const c = WAREHOUSE_COSTS[i % WAREHOUSE_COSTS.length];
    if (!c) return;
    const name = i === 0 ? "bodega principal" : "bodega sur";
    add(w.id, name, "arriendo", c.arriendo, false);
    add(w.id, name, "servicios", c.servicios, false);
  });
  return costs;
}

/** The same day of the month `months` months earlier (negative: later), clamped to the month's end. */
function monthsBefore(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return target.toISOString().slice(0, 10);
}
