// The last stock this phone received for each product (a scan's matches, a code or search lookup), kept
// per user (web/src/lib/lastData.ts) so that, without a connection, the catalogue screens show it
// labelled with when it was read ("Stock de hace 12 min · sin conexión"), never as live figures.
import * as v from "valibot";
import { formatDateTime, formatElapsed } from "../../lib/format";
import { lastData } from "../../lib/lastData";
import type { ScanMatch } from "./api";

/** What a match says about stock (the product itself comes from the phone's catalogue). */
export type StockPart = Pick<
  ScanMatch,
  | "sizes"
  | "global_summary"
  | "distribution_matrix"
  | "pair_formation_opportunities"
  | "transfer_suggestions"
  | "availability"
>;

export type KnownStock = { stock: StockPart; receivedAt: string };

const NAME = "product-stock";
/** The products kept (the most recently read); a few KB each, well inside the browser's storage. */
export const KEPT_PRODUCTS = 200;

// checked enough to refuse an old or tampered copy; the parts are the live answer's own
const Stock = v.looseObject({
  sizes: v.looseObject({ available_sizes: v.array(v.string()), detailed_by_size: v.record(v.string(), v.any()) }),
  global_summary: v.looseObject({ total_pairs: v.number() }),
  distribution_matrix: v.record(v.string(), v.any()),
  pair_formation_opportunities: v.array(v.any()),
  transfer_suggestions: v.array(v.any()),
  availability: v.looseObject({ can_sell_now: v.boolean(), requires_transfer: v.boolean() }),
});
const Kept = v.record(v.string(), v.object({ stock: Stock, receivedAt: v.pipe(v.string(), v.isoTimestamp()) }));

function readAll(userId: number): Record<string, KnownStock> {
  return (lastData.seller.read(NAME, userId, Kept)?.data ?? {}) as Record<string, KnownStock>;
}

/** Keeps the stock of each match (a scan's answer, a lookup), stamped with when it was received. */
export function rememberStock(userId: number, matches: readonly ScanMatch[], receivedAt = new Date()): void {
  if (matches.length === 0) return;
  const all = readAll(userId);
  const at = receivedAt.toISOString();
  for (const m of matches) {
    const stock: StockPart = {
      sizes: m.sizes,
      global_summary: m.global_summary,
      distribution_matrix: m.distribution_matrix,
      pair_formation_opportunities: m.pair_formation_opportunities,
      transfer_suggestions: m.transfer_suggestions,
      availability: m.availability,
    };
    // re-inserted so the object's order is the order of reading (the oldest go first)
    delete all[String(m.product.product_id)];
    all[String(m.product.product_id)] = { stock, receivedAt: at };
  }
  const entries = Object.entries(all);
  const kept = Object.fromEntries(entries.slice(Math.max(0, entries.length - KEPT_PRODUCTS)));
  lastData.seller.save(NAME, userId, kept, receivedAt);
}

/** The stock last received for a product on this phone, or null. */
export function knownStock(userId: number | null | undefined, productId: number): KnownStock | null {
  if (userId === null || userId === undefined) return null;
  return readAll(userId)[String(productId)] ?? null;
}

/** A product from the phone's catalogue with the stock it last had (its price stays the catalogue's). */
export function withKnownStock(match: ScanMatch, known: KnownStock | null): ScanMatch {
  return known ? { ...match, ...known.stock } : match;
}

/** "Stock de hace 12 min · sin conexión": how old the figures shown are. */
export function stockAgeLabel(receivedAt: string, now = new Date()): string {
  const minutes = (now.getTime() - Date.parse(receivedAt)) / 60_000;
  const age =
    !Number.isFinite(minutes) || minutes >= 24 * 60
      ? `del ${formatDateTime(receivedAt)}`
      : minutes < 1
        ? "de hace menos de 1 min"
        : `de hace ${formatElapsed(minutes)}`;
  return `Stock ${age} · sin conexión`;
}

/** Pairs to sell at the seller's own location in the kept figures (every size). */
export function localPairs(stock: StockPart): number {
  let pairs = 0;
  for (const detail of Object.values(stock.sizes.detailed_by_size)) {
    pairs += detail?.local_availability?.pairs?.quantity_available_sale ?? 0;
  }
  return pairs;
}
