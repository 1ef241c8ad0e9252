// Web reservations (issue 32 §6): a storefront shopper holds pairs of published products at one store
// for HOLD_HOURS; the store's staff confirm (they called the customer), complete (the customer came: the
// hold is released and the seller sells as usual) or cancel it, and the scheduled job expires the ones
// past their time. Pairs are held through the cells' reserved_pairs, never the stock itself, so the
// ledger does not move. Every change is ONE D1 batch: the reservation, its lines and the guarded UPDATEs
// that hold each line's pairs (only where the cell still has them free), so two shoppers can never hold
// the same last pair; each transition is an UPDATE from the statuses that allow it followed by
// requireChanged, with the release behind that guard, so every hold is released exactly once.
export * from "./create";
export * from "./read";
export * from "./stock";
export * from "./transitions";
