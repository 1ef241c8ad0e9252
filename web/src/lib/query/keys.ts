import type { QueryArea } from "./spec";

/**
 * The SPA's query keys: `[area, name, user, acting company]`, built only by `screenQuery` (spec.ts)
 * so a write invalidates by area and name (`invalidate("admin", "boss-locations")`). The user and the
 * acting company are part of the key, so two accounts never share an answer.
 */
export const queryKeys = {
  screen: (area: QueryArea, name: string, userId: number | null, company: string | undefined) =>
    [area, name, userId, company ?? null] as const,
};
