import * as v from "valibot";
import { CATEGORY_LABELS } from "../../../../shared/constants";
import { CATEGORIES, type Category } from "../../api/schemas";

export const CATEGORY_LABEL: Record<Category, string> = CATEGORY_LABELS;

export type ProductsSearch = { category?: Category };

// Unknown or missing categories fall back to "all products" instead of an error page.
const CategoryParam = v.fallback(v.optional(v.picklist(CATEGORIES)), undefined);

/** validateSearch of /products. The key is always returned so an invalid raw value cannot leak through. */
export function parseProductsSearch(search: Record<string, unknown>): ProductsSearch {
  return { category: v.parse(CategoryParam, search.category) };
}
