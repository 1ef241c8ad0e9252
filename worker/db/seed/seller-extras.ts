import { toCentavos } from "../../domain/shared/money";
import type { Db } from "../client";
import { discountRequests, expenses, inventoryAlerts } from "../schema";
import { earlierToday, minutesBefore } from "./clock";

export async function seedSellerExtras(
  db: Db,
  companyId: number,
  userIds: Map<string, number>,
  locationOf: Map<number, number>,
  locationIds: Map<string, number>,
  now: Date,
) {
  const sellerId = userIds.get("vendedor@demo.horma.co");
  if (!sellerId) return;
  const locationId = locationOf.get(sellerId) ?? null;
  // The administrador's minimum-stock alerts: Local Centro wants at least 12 pairs of each product, the
  // main warehouse 30; elsewhere "poco stock" is the default (domain/stock/low-stock.ts).
  const adminId = userIds.get("admin@demo.horma.co") ?? null;
  const principal = locationIds.get("Bodega Principal");
  if (locationId && principal) {
    await db.insert(inventoryAlerts).values([
      {
        companyId,
        locationId,
        alertType: "inventario_minimo",
        thresholdValue: 12,
        notificationEmails: ["admin@demo.horma.co"],
        createdBy: adminId,
      },
      {
        companyId,
        locationId: principal,
        alertType: "inventario_minimo",
        thresholdValue: 30,
        notificationEmails: ["bodega@demo.horma.co"],
        createdBy: adminId,
      },
    ]);
  }
  await db
    .insert(expenses)
    .values([
      {
        companyId,
        userId: sellerId,
        locationId,
        concept: "Bolsas de empaque",
        amount: toCentavos(18_500),
        notes: "Paquete de 100 unidades",
        createdAt: earlierToday(now, 90),
        idempotencyKey: "demo-expense-1",
      },
      {
        companyId,
        userId: sellerId,
        locationId,
        concept: "Transporte mensajería",
        amount: toCentavos(12_000),
        createdAt: earlierToday(now, 45),
        idempotencyKey: "demo-expense-2",
      },
    ])
    .onConflictDoNothing();
  await db.insert(discountRequests).values([
    {
      companyId,
      sellerId,
      locationId,
      amount: toCentavos(30_000),
      reason: "Cliente frecuente, compra de dos pares",
      status: "pending",
      createdAt: minutesBefore(now, 20),
    },
    {
      companyId,
      sellerId,
      locationId,
      amount: toCentavos(15_000),
      reason: "Caja con detalle de fábrica",
      status: "approved",
      adminNotes: "Aprobado",
      reviewedAt: minutesBefore(now, 200),
      createdAt: minutesBefore(now, 240),
    },
  ]);
}
