// The catalogue, stock adjustments and price authority, through the typed client.
import { type Answer, api, byId, call, type Input, withKey, withSignal } from "./http";

const products = api.products;

/** A route's query as the screens build it: one string per key. */
type Flat<T> = { [K in keyof T]?: string };

export type CatalogueFilters = Flat<NonNullable<Input<typeof products.$get>["query"]>>;
export type AdjustmentFilters = Flat<NonNullable<Input<typeof api.inventory.adjustments.$get>["query"]>>;
export type CataloguePage = Answer<typeof products.$get>;
export type CatalogueItem = CataloguePage["products"][number];
export type ProductDetail = Answer<(typeof products)[":id"]["$get"]>;
export type ProductChanges = Input<(typeof products)[":id"]["$patch"]>["json"];
export type VariantInput = Input<(typeof products)[":id"]["variants"]["$put"]>["json"]["variants"][number];
export type Lookup = Answer<typeof products.lookup.$get>;
export type NewAdjustment = Input<typeof api.inventory.adjustments.$post>["json"];
export type PairCell = Input<typeof api.inventory.pairs.merge.$post>["json"];
export type PairSplit = Input<typeof api.inventory.pairs.split.$post>["json"];
export type AdjustmentsReport = Answer<typeof api.inventory.adjustments.$get>;
export type PriceOverrideRequest = Input<(typeof api.sales)["price-overrides"]["$post"]>["json"];
export type PriceOverride = Answer<(typeof api.sales)["price-overrides"]["$post"]>["override"];
export type PriceOverridesReport = Answer<(typeof api.admin.admin)["price-overrides"]["$get"]>;

/** Query values as the URL carries them; empty ones are left out. */
function compact<T extends Record<string, string | undefined>>(params: T): T {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== "")) as T;
}

export function fetchCatalogue(filters: CatalogueFilters, signal?: AbortSignal) {
  return call(products.$get({ query: compact(filters) }, withSignal(signal)));
}

export function fetchProduct(id: number, signal?: AbortSignal) {
  return call(products[":id"].$get({ param: byId(id) }, withSignal(signal)));
}

/** A page of a product's stock ledger, newest first (100 from `offset`), with `total`, how many rows it has. */
export function fetchProductMovements(id: number, offset: number, signal?: AbortSignal) {
  return call(
    products[":id"].movements.$get({ param: byId(id), query: { offset: String(offset) } }, withSignal(signal)),
  );
}

export function updateProduct(id: number, changes: ProductChanges) {
  return call(products[":id"].$patch({ param: byId(id), json: changes }));
}

export function replaceProductPhoto(id: number, image: File) {
  return call(products[":id"].photo.$put({ param: byId(id), form: { image } }));
}

export function saveVariants(id: number, variants: VariantInput[]) {
  return call(products[":id"].variants.$put({ param: byId(id), json: { variants } }));
}

export function lookupCode(code: string, signal?: AbortSignal) {
  return call(products.lookup.$get({ query: { code } }, withSignal(signal)));
}

export function adjustStock(adjustment: NewAdjustment, idempotencyKey: string) {
  return call(api.inventory.adjustments.$post({ json: adjustment }, withKey(idempotencyKey)));
}

export function mergeFeet(cell: PairCell, idempotencyKey: string) {
  return call(api.inventory.pairs.merge.$post({ json: cell }, withKey(idempotencyKey)));
}

export function splitPairs(split: PairSplit, idempotencyKey: string) {
  return call(api.inventory.pairs.split.$post({ json: split }, withKey(idempotencyKey)));
}

export function fetchAdjustments(query: AdjustmentFilters, signal?: AbortSignal) {
  return call(api.inventory.adjustments.$get({ query: compact(query) }, withSignal(signal)));
}

export function authorisePrice(request: PriceOverrideRequest, idempotencyKey: string) {
  return call(api.sales["price-overrides"].$post({ json: request }, withKey(idempotencyKey)));
}

/** A page of the price overrides, newest first (100 from `offset`), with `total`, how many there are. */
export function fetchPriceOverrides(signal?: AbortSignal, offset = 0) {
  const query = offset ? { offset: String(offset) } : {};
  return call(api.admin.admin["price-overrides"].$get({ query }, withSignal(signal)));
}

export function setAdminPin(body: Input<typeof api.auth.auth.pin.$put>["json"]) {
  return call(api.auth.auth.pin.$put({ json: body }));
}

export type LabelItem = Input<typeof products.labels.$post>["json"]["items"][number];
export type LabelSheet = Answer<typeof products.labels.$post>;

/** Box labels for these sizes; sizes without a code get an in-store EAN-13 (once, kept). */
export function printLabels(items: LabelItem[], idempotencyKey: string) {
  return call(products.labels.$post({ json: { items } }, withKey(idempotencyKey)));
}

// ---------------------------------------------------------------- the catalogue as a CSV file (issue 37)

const catalogueCsv = api.admin.admin.catalogue;

export type ImportPlan = Answer<(typeof catalogueCsv.import)["dry-run"]["$post"]>;
export type ImportPlanRow = ImportPlan["rows"][number];
export type ImportResult = Answer<typeof catalogueCsv.import.apply.$post>;

/** The catalogue's CSV as the server writes it (BOM, `;`, whole pesos) and the file name it gives. */
export async function exportCatalogueCsv(): Promise<{ blob: Blob; fileName: string }> {
  const res = await catalogueCsv.export.$get();
  const disposition = res.headers.get("Content-Disposition") ?? "";
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "catalogo.csv";
  return { blob: await res.blob(), fileName };
}

/** What importing the file would do, row by row, without changing anything. */
export function dryRunCatalogueImport(csv: string) {
  return call(catalogueCsv.import["dry-run"].$post({ json: { csv } }));
}

/** Applies the file (refused while it has errors); the key makes a retry answer the first result. */
export function applyCatalogueImport(csv: string, key: string) {
  return call(catalogueCsv.import.apply.$post({ json: { csv } }, withKey(key)));
}

/**
 * A chosen file's text: UTF-8 (a BOM is dropped), or Windows-1252 when it is not valid UTF-8 (Excel's
 * plain "CSV (delimitado por comas)" in Spanish Windows writes that).
 */
export async function readCsvFile(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
