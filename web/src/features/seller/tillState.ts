import { useAtomValue } from "jotai";
import { storedCopyOf } from "../../api/stored";
import { fetchTillState, type TillState } from "../../api/till";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { sessionAtom } from "../../lib/session";

// The answer is `{ session, open_required }`, the session or null; kept as it came for the last-data banner
const TillStateSchema = storedCopyOf<TillState>("session");

/**
 * The store's till as Caja, its dashboard tile and the sale form see it (one cached answer: opening or
 * closing it in Caja updates the others). Sellers read their own store's; an administrador the store on
 * their profile.
 */
export function useTillState() {
  const user = useAtomValue(sessionAtom);
  const locationId = user && user.role !== "seller" ? user.location_id : null;
  return useRemoteData({
    area: "seller",
    name: locationId === null ? "till" : `till:${locationId}`,
    schema: TillStateSchema,
    load: (signal) => fetchTillState(locationId, signal),
  });
}

export const TILL_CLOSED_FOR_SALES = "La caja de este local está cerrada: ábrela en Caja antes de confirmar la venta.";

/**
 * True when the last real answer says the company requires an open till and the store has none: the
 * sale would be refused. A copy kept from before (offline) does not block: the server decides then.
 */
export function tillBlocksSales(live: ReturnType<typeof useTillState>): boolean {
  const data = live.data;
  return Boolean(data && !live.offline && data.open_required === true && data.session === null);
}
