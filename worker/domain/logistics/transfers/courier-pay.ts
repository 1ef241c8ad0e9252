// What a courier earns for a trip: distance between the locations, or a default, at a rate per km.

export const DEFAULT_DISTANCE_KM = 3.5;

/** Great-circle distance in km between two coordinates. */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (x: number) => (x * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Courier earning: km × 5000 COP, × 1.5 for cliente (urgent), rounded; distance from coordinates when both are known. */
export function courierEarning(
  from: { lat: number | null; lng: number | null },
  to: { lat: number | null; lng: number | null },
  purpose: string,
): { distance_km: number; earning: number } {
  const known = from.lat !== null && from.lng !== null && to.lat !== null && to.lng !== null;
  const km = known
    ? Math.round(haversineKm({ lat: from.lat ?? 0, lng: from.lng ?? 0 }, { lat: to.lat ?? 0, lng: to.lng ?? 0 }) * 10) /
      10
    : DEFAULT_DISTANCE_KM;
  return { distance_km: km, earning: Math.round(km * 5000 * (purpose === "cliente" ? 1.5 : 1)) };
}
