import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inventoryAlerts, locations } from "../../db/schema";
import { requireCompanyRow } from "../shared/company-row";
import { lowStockItems } from "./low-stock";

/** A low-stock alert an administrador sets for a location, or for one product there. */
export interface NewAlert {
  locationId: number;
  alertType: string;
  thresholdValue: number;
  /** the product's reference code; null: any product of the location */
  productReference: string | null;
  notificationEmails: string[];
  isActive: boolean;
}

/** Stores the alert at a location of the company (404 for another company's); returns it evaluated. */
export async function createAlert(db: Db, companyId: number, userId: number, input: NewAlert) {
  await requireCompanyRow(db, locations, companyId, input.locationId, "Ubicación no encontrada");
  const [row] = await db
    .insert(inventoryAlerts)
    .values({ companyId, ...input, createdBy: userId })
    .returning();
  const [evaluated] = (await evaluateAlerts(db, companyId)).filter((a) => a.id === row?.id);
  return evaluated;
}

/**
 * Evaluates alerts against today's stock: each alert lists the low-stock items ("poco stock", the one
 * definition of domain/stock/low-stock.ts) of its location, or of its product there when it names one.
 */
export async function evaluateAlerts(db: Db, companyId: number) {
  return (await alertsAndLowStock(db, companyId)).alerts;
}

/** The evaluated alerts and the low-stock items they were evaluated against, read once for both. */
export async function alertsAndLowStock(db: Db, companyId: number) {
  const [alerts, low] = await Promise.all([
    db
      .select({ alert: inventoryAlerts, locationName: locations.name })
      .from(inventoryAlerts)
      .innerJoin(locations, eq(locations.id, inventoryAlerts.locationId))
      .where(eq(inventoryAlerts.companyId, companyId))
      .orderBy(desc(inventoryAlerts.createdAt)),
    lowStockItems(db, companyId),
  ]);
  const evaluated = alerts.map(({ alert, locationName }) => {
    const rows = alert.isActive
      ? low.filter(
          (r) =>
            r.locationId === alert.locationId && (!alert.productReference || r.reference === alert.productReference),
        )
      : [];
    return {
      id: alert.id,
      location_id: alert.locationId,
      location_name: locationName,
      alert_type: alert.alertType,
      threshold_value: alert.thresholdValue,
      product_reference: alert.productReference,
      notification_emails: alert.notificationEmails,
      is_active: alert.isActive,
      created_at: alert.createdAt,
      triggered: rows.length > 0,
      low_stock_items: rows.map((r) => ({
        product_id: r.productId,
        reference_code: r.reference,
        brand: r.brand,
        model: r.model,
        pairs: r.available,
        threshold: r.threshold,
      })),
    };
  });
  return { alerts: evaluated, low };
}
