import type { locations } from "../../db/schema";

export function toLocationDto(row: typeof locations.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    address: row.address,
    phone: row.phone,
    manager_name: row.managerName,
    capacity: row.capacity,
    notes: row.notes,
    is_active: row.isActive,
    latitude: row.latitude,
    longitude: row.longitude,
    opening_hours: row.openingHours,
    /** a Colombian mobile's 10 digits; the SPA formats it and builds the wa.me link */
    whatsapp: row.whatsapp,
  };
}
