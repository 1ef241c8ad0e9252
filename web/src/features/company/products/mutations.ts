import {
  adjustStock,
  applyCatalogueImport,
  dryRunCatalogueImport,
  mergeFeet,
  type ProductChanges,
  saveVariants,
  splitPairs,
  updateProduct,
  type VariantInput,
} from "../../../api/catalogue";
import { keyed, writeHooks } from "../../../lib/query/write";

/**
 * The catalogue's writes (the administrador's product page; the boss only reads it). Each names the
 * reads it changes: those on screen load again before the call settles, the others when opened.
 */
const write = writeHooks("admin");

/** What shows a product's data: its page and its row in the catalogue (name, prices, state, photo, codes). */
export const PRODUCT_READS = ["product", "catalogue"];

/** What units entering or leaving stock change: the product's page and row, the alerts and the dashboard. */
export const STOCK_READS = [...PRODUCT_READS, "inventory-alerts", "dashboard"];

export const useUpdateProduct = write(
  ({ id, changes }: { id: number; changes: ProductChanges }) => updateProduct(id, changes),
  PRODUCT_READS,
);

/** The boxes' barcodes and SKUs (the catalogue finds a product by them). */
export const useSaveVariants = write(
  ({ id, variants }: { id: number; variants: VariantInput[] }) => saveVariants(id, variants),
  PRODUCT_READS,
);

/**
 * A new catalogue photo (and the scan references computed again from it in this browser), or another
 * photo's references added: the form runs its steps, showing each; when they end the product's page
 * and row (photo, scan references) are read again.
 */
export const useChangeProductPhoto = write((steps: () => Promise<string>) => steps(), PRODUCT_READS);

/** An adjustment is listed in 'Ajustes de stock' too. */
export const useAdjustStock = write(keyed("adjustment", adjustStock), [...STOCK_READS, "adjustments"]);

/** A pair split because one shoe was damaged or lost is an adjustment too. */
export const useSplitPairs = write(keyed("split", splitPairs), [...STOCK_READS, "adjustments"]);

export const useMergeFeet = write(keyed("cell", mergeFeet), STOCK_READS);

/** What a catalogue CSV would change (reads only: nothing to load again). */
export const useCatalogueDryRun = write((csv: string) => dryRunCatalogueImport(csv), []);

/** A catalogue CSV applied: the list and any product's page load again. */
export const useApplyCatalogueImport = write(
  ({ csv, key }: { csv: string; key: string }) => applyCatalogueImport(csv, key),
  PRODUCT_READS,
);
