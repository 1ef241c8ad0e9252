// What the signed-in user may do with a restock order, from their role and location (the API decides;
// the screens only offer what it would accept).
import type { RestockOrder } from "../../../api/transfer-orders";
import type { SessionUser } from "../../../lib/session";

type Who = Pick<SessionUser, "id" | "role" | "location_id">;

const manages = (u: Who) => u.role === "administrador" || u.role === "superuser";

/** The source's staff: its keeper (a warehouse) or its sellers (a store lending pairs). */
export const keepsOrder = (u: Who, o: RestockOrder) =>
  manages(u) || ((u.role === "bodeguero" || u.role === "seller") && u.location_id === o.source_location_id);

/** The destination's sellers, who receive the package. */
export const receivesOrder = (u: Who, o: RestockOrder) =>
  manages(u) || (u.role === "seller" && u.location_id === o.destination_location_id);

export const carriesOrders = (u: Who) => manages(u) || u.role === "corredor";

/** Who may order: a store's seller (toward it), a keeper (from their warehouse), the administrador. */
export const ordersRestock = (u: Who) => manages(u) || u.role === "seller" || u.role === "bodeguero";

/** Lines being prepared (accepted, not yet handed over). */
export const preparing = (status: string) => status === "accepted" || status === "courier_assigned";
