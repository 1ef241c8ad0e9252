import * as v from "valibot";

/** Answer shapes the SPA relies on (worker/domain/accounts.ts PublicUser, worker/routes/public.ts). */

export const PublicUserSchema = v.object({
  id: v.number(),
  email: v.string(),
  first_name: v.optional(v.nullable(v.string())),
  last_name: v.optional(v.nullable(v.string())),
  name: v.optional(v.nullable(v.string())),
  role: v.string(),
  company_id: v.optional(v.nullable(v.number()), null),
  location_id: v.optional(v.nullable(v.number()), null),
  location_name: v.optional(v.nullable(v.string()), null),
  company_name: v.optional(v.nullable(v.string()), null),
});
export type PublicUser = v.InferOutput<typeof PublicUserSchema>;

export const LoginResponseSchema = v.object({
  access_token: v.pipe(v.string(), v.nonEmpty()),
  token_type: v.optional(v.string(), "bearer"),
  user: PublicUserSchema,
});

export const CATEGORIES = ["running", "tennis", "basketball", "casual"] as const;
export type Category = (typeof CATEGORIES)[number];

export const ProductSchema = v.object({
  id: v.number(),
  reference_code: v.string(),
  brand: v.string(),
  model: v.string(),
  color: v.nullable(v.string()),
  description: v.optional(v.nullable(v.string()), null),
  category: v.optional(v.nullable(v.string()), null),
  unit_price: v.number(),
  image_url: v.nullable(v.string()),
});
export type Product = v.InferOutput<typeof ProductSchema>;

export const ProductListSchema = v.object({
  products: v.array(ProductSchema),
  total: v.number(),
});
