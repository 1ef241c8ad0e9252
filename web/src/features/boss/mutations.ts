import { useMutation } from "@tanstack/react-query";
import { createBossLocation, type NewLocation } from "../../api/boss";
import { invalidate } from "../../lib/query/spec";

/**
 * The boss panel's writes. Each says what it changes: the screens reading it load again (those on
 * screen at once, the others when opened).
 */
export function useCreateLocation() {
  return useMutation({
    mutationFn: ({ location, key }: { location: NewLocation; key: string }) => createBossLocation(location, key),
    // a new location is listed, counted on the dashboard and has (empty) stock rows in the inventory
    onSuccess: () => invalidate("admin", "boss-locations", "boss-dashboard", "boss-inventory"),
  });
}
