import type { Answer, api } from "./http";

/** Answers of the sign-in and the public showcase, as the Worker types them. */

export type LoginAnswer = Answer<(typeof api.auth.auth)["login-json"]["$post"]>;
export type PublicUser = Answer<typeof api.auth.auth.me.$get>;

export const CATEGORIES = ["running", "tennis", "basketball", "casual"] as const;
export type Category = (typeof CATEGORIES)[number];

export type ProductList = Answer<typeof api.public.products.$get>;
export type Product = ProductList["products"][number];
