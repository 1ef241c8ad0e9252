// Recording an operating cost of one of the company's locations (spec 3 §2.1 'Costs').
import type { Db } from "../../db/client";
import { operatingCosts } from "../../db/schema";
import type { CostType, Frequency } from "./costs";
import { locationOf } from "./locations";

/** A new operating cost, as the administrador's form gives it (amount in centavos). */
export interface NewCost {
  locationId: number;
  nature: "fijo" | "variable";
  costType: CostType;
  /** the form's category label, or the cost_type as sent */
  category: string;
  description: string;
  amount: number;
  frequency: Frequency;
  /** 'YYYY-MM-DD' */
  startDate: string;
  /** the first due date, if any */
  endDate: string | null;
}

/** Inserts the cost at a location of the company (404 for another company's); returns it with the location's name. */
export async function createCost(db: Db, companyId: number, userId: number, input: NewCost) {
  const location = await locationOf(db, companyId, input.locationId);
  const [row] = await db
    .insert(operatingCosts)
    .values({
      companyId,
      locationId: location.id,
      nature: input.nature,
      costType: input.costType,
      category: input.category,
      description: input.description,
      amount: input.amount,
      frequency: input.frequency,
      startDate: input.startDate,
      endDate: input.endDate,
      createdBy: userId,
    })
    .returning();
  if (!row) throw new Error("cost not inserted");
  return { row, locationName: location.name };
}
