import * as v from "valibot";
import { apiRequest } from "./http";
import { type Category, ProductListSchema } from "./schemas";

/** GET /api/v1/public/products: the showcase company's active catalogue (no token needed). */
export function listPublicProducts(params: { category?: Category; limit?: number }, signal?: AbortSignal) {
  const query = new URLSearchParams();
  if (params.category) query.set("category", params.category);
  if (params.limit !== undefined) query.set("limit", String(params.limit));
  const text = query.toString();
  const suffix = text ? `?${text}` : "";
  return apiRequest(`/api/v1/public/products${suffix}`, ProductListSchema, { signal });
}

const SubscribedSchema = v.object({ message: v.string() });

/** POST /api/v1/public/newsletter: leaves an e-mail for the showcase company's newsletter. */
export function subscribeToNewsletter(email: string) {
  return apiRequest("/api/v1/public/newsletter", SubscribedSchema, { method: "POST", body: { email } });
}
