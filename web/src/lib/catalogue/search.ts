// Instant search of the catalogue kept on the phone (the scan catalogue, GET /api/v1/classify/catalog):
// by reference code, box barcode or SKU (prefix), or by brand, model and colour (every typed word must
// start a word of the product). Pure and synchronous: a plain normalised scan answers 5,000 products
// in a few milliseconds (tests/web/catalogue-search-index.test.ts), so no index library is needed.

/** What the search reads of a catalogue product (the phone catalogue's `products` entries). */
export type SearchableProduct = {
  product_id: number;
  reference_code: string;
  brand: string;
  model: string;
  color: string | null;
  variants?: readonly { size: string; barcode: string | null; sku: string | null }[];
};

export type MatchedBy = "reference_code" | "barcode" | "sku" | "text";

export type Suggestion<P extends SearchableProduct = SearchableProduct> = {
  product: P;
  matchedBy: MatchedBy;
  /** the typed text is the whole code (not only its start) */
  exact: boolean;
  /** the size a box code names: set when every code of the product that matched is of one size */
  size: string | null;
};

type Entry<P> = {
  product: P;
  /** reference code: normalised, and without spaces or punctuation */
  ref: string;
  refCompact: string;
  /** box codes: [normalised code, its compact form, size] */
  barcodes: [string, string][];
  skus: [string, string, string][];
  /** the words of brand, model, colour and reference code */
  words: string[];
  /** for the order of equal matches */
  label: string;
};

export type SearchIndex<P extends SearchableProduct = SearchableProduct> = { entries: Entry<P>[] };

export const SUGGESTION_LIMIT = 8;

/** Lower case, without accents (NFD, marks removed), spaces collapsed and trimmed. */
export function normalise(text: string): string {
  // most codes are plain ASCII: no decomposition needed (a third of the index's build time)
  const plain = ASCII.test(text) ? text : text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return plain.toLowerCase().replace(/\s+/g, " ").trim();
}

const ASCII = /^[\x20-\x7e]*$/;

/** Only letters and digits: 'NIKE AIRM-01' and 'nikeairm01' are the same code. */
const compact = (normalised: string) => normalised.replace(/[^a-z0-9ñ]/g, "");

const wordsOf = (normalised: string) => normalised.split(/[^a-z0-9ñ]+/).filter(Boolean);

/** Prepares the catalogue once (per download); each keystroke then only scans it. */
export function buildIndex<P extends SearchableProduct>(products: readonly P[]): SearchIndex<P> {
  return {
    entries: products.map((product) => {
      const ref = normalise(product.reference_code);
      const barcodes: [string, string][] = [];
      const skus: [string, string, string][] = [];
      for (const v of product.variants ?? []) {
        if (v.barcode) barcodes.push([v.barcode.trim().toLowerCase(), v.size]);
        if (v.sku) {
          const sku = normalise(v.sku);
          skus.push([sku, compact(sku), v.size]);
        }
      }
      const text = normalise(`${product.brand} ${product.model} ${product.color ?? ""} ${product.reference_code}`);
      return {
        product,
        ref,
        refCompact: compact(ref),
        barcodes,
        skus,
        words: [...new Set(wordsOf(text))],
        label: normalise(`${product.brand} ${product.model} ${product.color ?? ""}`),
      };
    }),
  };
}

/** The forms a typed barcode may be stored under: a 12-digit UPC-A is stored as its EAN-13 (leading 0). */
function barcodeForms(query: string): string[] {
  if (!/^\d+$/.test(query)) return [query];
  // while a UPC-A is being typed its EAN-13 starts with 0; short digit runs would match too much
  return query.length >= 6 && query.length <= 12 ? [query, `0${query}`] : [query];
}

type Hit = { matchedBy: MatchedBy; exact: boolean; size: string | null; rank: number };

/** 3 exact code · 2 code prefix · 1 text (ties: reference code before barcode before SKU). */
function codeHit<P>(e: Entry<P>, query: string, queryCompact: string, forms: string[]): Hit | null {
  if (queryCompact && (e.ref === query || e.refCompact === queryCompact)) {
    return { matchedBy: "reference_code", exact: true, size: null, rank: 3 };
  }
  let best: Hit | null = null;
  const sizes = new Set<string>();
  let exactSize: string | null = null;
  let exactBy: MatchedBy | null = null;
  for (const [code, size] of e.barcodes) {
    for (const form of forms) {
      if (!code.startsWith(form)) continue;
      sizes.add(size);
      if (code === form && exactBy === null) {
        exactBy = "barcode";
        exactSize = size;
      }
      best ??= { matchedBy: "barcode", exact: false, size: null, rank: 2 };
    }
  }
  if (queryCompact.length > 0) {
    for (const [code, codeCompact, size] of e.skus) {
      if (!code.startsWith(query) && !codeCompact.startsWith(queryCompact)) continue;
      sizes.add(size);
      if ((code === query || codeCompact === queryCompact) && exactBy === null) {
        exactBy = "sku";
        exactSize = size;
      }
      best ??= { matchedBy: "sku", exact: false, size: null, rank: 2 };
    }
  }
  if (exactBy) return { matchedBy: exactBy, exact: true, size: exactSize, rank: 3 };
  if (queryCompact && (e.ref.startsWith(query) || e.refCompact.startsWith(queryCompact))) {
    return { matchedBy: "reference_code", exact: false, size: null, rank: 2 };
  }
  if (best) return { ...best, size: sizes.size === 1 ? ([...sizes][0] ?? null) : null };
  return null;
}

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every typed word starts some word of the product. */
function textHit<P>(e: Entry<P>, tokens: string[]): boolean {
  return tokens.every((t) => e.words.some((w) => w.startsWith(t)));
}

/**
 * The best suggestions for what the seller typed: an exact code first, then codes that start with it,
 * then products whose brand, model, colour or reference words start with every typed word.
 */
export function searchCatalogue<P extends SearchableProduct>(
  index: SearchIndex<P>,
  typed: string,
  limit = SUGGESTION_LIMIT,
): Suggestion<P>[] {
  const query = normalise(typed);
  if (!query) return [];
  const queryCompact = compact(query);
  const forms = barcodeForms(query);
  const tokens = wordsOf(query);
  const hits: { entry: Entry<P>; hit: Hit }[] = [];
  for (const entry of index.entries) {
    const hit = codeHit(entry, query, queryCompact, forms);
    if (hit) hits.push({ entry, hit });
    else if (tokens.length > 0 && textHit(entry, tokens)) {
      hits.push({ entry, hit: { matchedBy: "text", exact: false, size: null, rank: 1 } });
    }
  }
  hits.sort(
    (a, b) => b.hit.rank - a.hit.rank || order(a.entry.label, b.entry.label) || order(a.entry.ref, b.entry.ref),
  );
  return hits.slice(0, limit).map(({ entry, hit }) => ({
    product: entry.product,
    matchedBy: hit.matchedBy,
    exact: hit.exact,
    size: hit.size,
  }));
}
