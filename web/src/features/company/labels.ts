/** Spanish labels of the API's codes. */

export function locationTypeLabel(type: string): string {
  return type === "bodega" ? "Bodega" : type === "local" ? "Local de venta" : type;
}

export const ROLE_LABELS: Record<string, string> = {
  seller: "Vendedor",
  vendedor: "Vendedor",
  bodeguero: "Bodeguero",
  corredor: "Corredor",
  administrador: "Administrador",
  boss: "Jefe",
};

export function roleLabel(role: string): string {
  return ROLE_LABELS[role] ?? role;
}

export const PURPOSE_LABELS: Record<string, string> = {
  cliente: "Cliente",
  restock: "Restock",
  return: "Devolución",
  pair_formation: "Formar par",
};

export function labelOf(map: Record<string, string>, code: string): string {
  return map[code] ?? code;
}
