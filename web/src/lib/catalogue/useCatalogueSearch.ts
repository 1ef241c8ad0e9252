// The phone catalogue for the search fields (scan screen, sales form): read from the same Cache Storage
// entry the scan's Web Worker keeps (web/src/ml/catalogue-store.ts), revalidated with the server when
// online, from the cached copy when offline. Only JSON and plain loops on the main thread: no TF.js.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useMemo } from "react";
import { catalogueUrl, loadCataloguePayload } from "../../ml/catalogue-store";
import { DEFAULT_MODEL_ID } from "../../ml/models";
import type { CatalogueProduct } from "../../ml/protocol";
import { type SessionUser, sessionAtom } from "../session";
import { buildIndexInSteps, type SearchIndex, type Suggestion, searchCatalogue } from "./search";

export type CatalogueSuggestion = Suggestion<CatalogueProduct>;

export type PhoneCatalogue = {
  index: SearchIndex<CatalogueProduct>;
  /** "cache": the copy kept on the phone (the server said 304 or could not be reached) */
  source: "network" | "cache";
  products: number;
};

/** How long a loaded catalogue is used before asking the server again (a 304 when nothing changed). */
const FRESH_MS = 5 * 60_000;

/**
 * The catalogue's search index, loaded once `enabled` (the sales form waits for the reference field's
 * focus; the scan screen loads it at once) and shared by every field through the query cache.
 */
export function usePhoneCatalogue(enabled = true) {
  const user = useAtomValue(sessionAtom);
  return useQuery({ ...phoneCatalogueQuery(user), enabled: enabled && user !== null });
}

/** The query of the signed-in user's phone catalogue (also fetched directly when a lookup fails offline). */
export function phoneCatalogueQuery(user: SessionUser | null) {
  // the same scope and model as useScan: one Cache Storage entry per user and model
  const scope = user ? `${user.id}` : "anon";
  const token = user?.token ?? null;
  return queryOptions({
    queryKey: ["phone-catalogue", scope, DEFAULT_MODEL_ID],
    queryFn: async (): Promise<PhoneCatalogue> => {
      const { payload, source } = await loadCataloguePayload(catalogueUrl(DEFAULT_MODEL_ID), token, scope);
      return { index: await buildIndexInSteps(payload.products), source, products: payload.products.length };
    },
    staleTime: FRESH_MS,
    // a new index per download: no deep comparison of thousands of entries
    structuralSharing: false,
    // offline, the query still runs: the loader answers the cached copy
    networkMode: "always",
  });
}

/** The suggestions for what was typed (none until the catalogue is there). */
export function useCatalogueSuggestions(typed: string, enabled = true) {
  const catalogue = usePhoneCatalogue(enabled);
  const index = catalogue.data?.index;
  const suggestions = useMemo(() => (index && typed.trim() ? searchCatalogue(index, typed) : []), [index, typed]);
  return { suggestions, catalogue };
}
