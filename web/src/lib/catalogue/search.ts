// Instant search of the catalogue kept on the phone (the scan catalogue, GET /api/v1/classify/catalog):
// by reference code, box barcode or SKU (prefix), or by brand, model and colour (every typed word must
// start a word of the product). Pure and synchronous: one pass over the entries, kept in the order
// suggestions are listed, answers 5,000 products within a frame per keystroke on a phone-class CPU
// (`npm run bench`, tests/bench/search.ts), so no index library is needed.

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

export type SearchIndex<P extends SearchableProduct = SearchableProduct> = {
  /** in the order suggestions are listed (label, then reference) */
  entries: Entry<P>[];
  /**
   * every code of every entry (reference and SKUs compact, box codes as stored) as `code␁entry`, sorted:
   * prefixes by binary search. Plain strings, so the sort needs no comparator (3× faster to build)
   */
  codes: string[];
  /** every word of every entry, likewise */
  words: string[];
};

/** Between a key and its entry's position: sorts below every character a key may hold. */
const SEP = "\u0001";

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

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function entryOf<P extends SearchableProduct>(product: P): Entry<P> {
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
}

/** The sorted code and word lists of entries already in listing order. */
function keysOf<P>(entries: Entry<P>[]): { codes: string[]; words: string[] } {
  const codes: string[] = [];
  const words: string[] = [];
  entries.forEach((e, entry) => {
    // the forms codeHit compares: box codes as stored (typed forms), references and SKUs compact (a code
    // that starts with the typed text, compact, starts with the compact text), so every entry that can
    // match is found; codeHit then decides
    const tag = `${SEP}${entry}`;
    if (e.refCompact) codes.push(e.refCompact + tag);
    for (const [code] of e.barcodes) codes.push(code + tag);
    for (const [, skuCompact] of e.skus) if (skuCompact) codes.push(skuCompact + tag);
    for (const word of e.words) words.push(word + tag);
  });
  return { codes, words };
}

const byListing = <P>(a: Entry<P>, b: Entry<P>) => order(a.label, b.label) || order(a.ref, b.ref);

/** Prepares the catalogue once (per download); each keystroke then only reads it. */
export function buildIndex<P extends SearchableProduct>(products: readonly P[]): SearchIndex<P> {
  // kept in the order suggestions are listed, so a search only collects (no sort per keystroke)
  const entries = products.map(entryOf).sort(byListing);
  const { codes, words } = keysOf(entries);
  return { entries, codes: codes.sort(), words: words.sort() };
}

const PRODUCTS_PER_STEP = 500;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The same index, built in steps with the main thread given back between them: a large catalogue
 * arriving while the seller types or scans does not freeze the screen for its whole build.
 */
export async function buildIndexInSteps<P extends SearchableProduct>(products: readonly P[]): Promise<SearchIndex<P>> {
  const entries: Entry<P>[] = [];
  for (let from = 0; from < products.length; from += PRODUCTS_PER_STEP) {
    for (const product of products.slice(from, from + PRODUCTS_PER_STEP)) entries.push(entryOf(product));
    await nextTask();
  }
  entries.sort(byListing);
  const { codes, words } = keysOf(entries);
  await nextTask();
  codes.sort();
  await nextTask();
  return { entries, codes, words: words.sort() };
}

/** Where the keys that start with `prefix` (or, `exact`, equal it) lie in a sorted list: [from, to). */
function rangeOf(keyed: string[], prefix: string, exact: boolean): [number, number] {
  const lowerBound = (key: string) => {
    let low = 0;
    let high = keyed.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((keyed[mid] ?? "") < key) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  const from = lowerBound(prefix);
  // an equal key is `prefix␁…`, below `prefix␂`; every key that starts with it sorts below prefix + U+FFFF
  return [from, lowerBound(exact ? `${prefix}\u0002` : `${prefix}\uffff`)];
}

/**
 * The entries that may match, ascending (the listing order): those with a key that starts with one of
 * the prefixes (or, `exact`, equals one). When that is a large part of the catalogue, every entry in
 * order instead: the caller checks each and stops once it has enough, cheaper than collecting them.
 */
function candidates(keyed: string[], entries: number, prefixes: string[], exact: boolean): Iterable<number> {
  const ranges = [...new Set(prefixes)].filter(Boolean).map((prefix) => rangeOf(keyed, prefix, exact));
  if (ranges.reduce((sum, [from, to]) => sum + to - from, 0) > entries / 4) return everyEntry(entries);
  const found = new Set<number>();
  for (const [from, to] of ranges) {
    for (let i = from; i < to; i++) {
      const key = keyed[i] ?? "";
      found.add(Number(key.slice(key.lastIndexOf(SEP) + 1)));
    }
  }
  return [...found].sort((a, b) => a - b);
}

function* everyEntry(count: number): Generator<number> {
  for (let at = 0; at < count; at++) yield at;
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
  // the sizes of the matching codes; most entries match none, so no Set is made for them
  let sizes: Set<string> | null = null;
  let exactSize: string | null = null;
  let exactBy: MatchedBy | null = null;
  for (const [code, size] of e.barcodes) {
    for (const form of forms) {
      if (!code.startsWith(form)) continue;
      sizes ??= new Set();
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
      sizes ??= new Set();
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
  if (best) return { ...best, size: sizes?.size === 1 ? ([...sizes][0] ?? null) : null };
  return null;
}

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
  // by rank (exact code, code prefix, text), each in listing order, the first `limit` of each. Only an
  // entry with a code equal to what was typed can be exact, only one a code starts with can match a
  // code; each pass stops once the suggestions are complete.
  const byRank: { entry: Entry<P>; hit: Hit }[][] = [[], [], [], []];
  const prefixes = [...forms, queryCompact];
  const exact = new Set<number>();
  for (const at of candidates(index.codes, index.entries.length, prefixes, true)) {
    const entry = index.entries[at];
    const hit = entry && codeHit(entry, query, queryCompact, forms);
    if (!entry || hit?.rank !== 3) continue;
    exact.add(at);
    if ((byRank[3]?.length ?? 0) < limit) byRank[3]?.push({ entry, hit });
  }
  const coded = new Set(exact);
  const full = () => byRank.reduce((sum, bucket) => sum + bucket.length, 0) >= limit;
  const prefixed = byRank[2] ?? [];
  for (const at of candidates(index.codes, index.entries.length, prefixes, false)) {
    if (prefixed.length >= limit || full()) break;
    const entry = index.entries[at];
    if (!entry || exact.has(at)) continue;
    const hit = codeHit(entry, query, queryCompact, forms);
    if (!hit) continue;
    coded.add(at);
    prefixed.push({ entry, hit });
  }
  // text: among the entries a word of which starts with the rarest typed word
  const text = byRank[1] ?? [];
  const spread = (token: string) => {
    const [from, to] = rangeOf(index.words, token, false);
    return to - from;
  };
  const rarest = tokens.reduce<string | null>((a, b) => (a === null || spread(b) < spread(a) ? b : a), null);
  const worded = rarest && !full() ? candidates(index.words, index.entries.length, [rarest], false) : [];
  for (const at of worded) {
    if (full()) break;
    const entry = index.entries[at];
    if (entry && !coded.has(at) && textHit(entry, tokens)) {
      text.push({ entry, hit: { matchedBy: "text", exact: false, size: null, rank: 1 } });
    }
  }
  const hits = [...(byRank[3] ?? []), ...(byRank[2] ?? []), ...(byRank[1] ?? [])];
  return hits.slice(0, limit).map(({ entry, hit }) => ({
    product: entry.product,
    matchedBy: hit.matchedBy,
    exact: hit.exact,
    size: hit.size,
  }));
}
