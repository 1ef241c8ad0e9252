// The till of a store (caja): opened with a float, fed by the store's cash sales, its cash expenses and
// cash put in or taken out by hand, closed once with what was counted. What the drawer should hold is
// always computed from those records (never kept as a running total that could drift), and every
// guarded change is one statement or one batch: a second opening, a cash-out above the drawer or a
// second closing changes nothing and answers 409.
//
// cash-sessions/: types (this file), figures (what the drawer should hold, in SQL), view (a session as
// answered), open (current and open), movements (cash in or out), close, list.

import type { cashSessions } from "../../../db/schema";

export interface TillActor {
  id: number;
  companyId: number;
  locationId: number;
  locationName: string;
}

export type Session = typeof cashSessions.$inferSelect;
