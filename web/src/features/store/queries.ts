import { listPublicStores } from "../../api/contact";
import { fetchStoreStock } from "../../api/reservations";
import type { Category } from "../../api/schemas";
import { listPublicProducts } from "../../api/storefront";

const area = "public" as const;

/** The storefront's reads (lib/query/spec.ts): public, never kept in the browser. */
export const storeQueries = {
  /** The first page of a category's catalogue (or all); "Ver más" pages on from it. */
  products: (category: Category | undefined) => ({
    area,
    name: `products:${category ?? "all"}`,
    load: (signal: AbortSignal) => listPublicProducts({ category }, signal),
  }),
  featured: (count: number) => ({
    area,
    name: `featured:${count}`,
    load: (signal: AbortSignal) => listPublicProducts({ limit: count }, signal),
  }),
  stores: () => ({ area, name: "stores", load: (signal: AbortSignal) => listPublicStores(signal) }),
  /** The open stores and what each holds of the cart's products. */
  cartStores: (productIds: readonly number[]) => ({
    area,
    name: `cart-stores:${productIds.join(",")}`,
    load: async (signal: AbortSignal) => {
      const [{ stores }, { stock }] = await Promise.all([
        listPublicStores(signal),
        fetchStoreStock(productIds, signal),
      ]);
      return { stores, stock };
    },
  }),
};
