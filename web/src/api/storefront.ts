import { api, call, withSignal } from "./http";
import type { Category } from "./schemas";

/**
 * GET /api/v1/public/products: a page of the showcase company's active catalogue (no token needed), 48
 * products unless `limit` says otherwise, from `offset`; `total` says how many there are in all.
 */
export function listPublicProducts(
  params: { category?: Category; limit?: number; offset?: number },
  signal?: AbortSignal,
) {
  const text = (n: number | undefined) => (n === undefined ? undefined : String(n));
  const query = { category: params.category, limit: text(params.limit), offset: text(params.offset) };
  return call(api.public.products.$get({ query }, withSignal(signal)));
}

/** POST /api/v1/public/newsletter: leaves an e-mail for the showcase company's newsletter. */
export function subscribeToNewsletter(email: string) {
  return call(api.public.newsletter.$post({ json: { email } }));
}
