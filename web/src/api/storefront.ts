import { api, call, withSignal } from "./http";
import type { Category } from "./schemas";

/** GET /api/v1/public/products: the showcase company's active catalogue (no token needed). */
export function listPublicProducts(params: { category?: Category; limit?: number }, signal?: AbortSignal) {
  const query = { category: params.category, limit: params.limit === undefined ? undefined : String(params.limit) };
  return call(api.public.products.$get({ query }, withSignal(signal)));
}

/** POST /api/v1/public/newsletter: leaves an e-mail for the showcase company's newsletter. */
export function subscribeToNewsletter(email: string) {
  return call(api.public.newsletter.$post({ json: { email } }));
}
