import { createBossLocation } from "../../api/boss";
import { keyed, writeHooks } from "../../lib/query/write";

/**
 * The boss panel's writes. Each says what it changes: the screens reading it load again (those on
 * screen at once, the others when opened).
 */
const write = writeHooks("admin");

/** A new location is listed, counted on the dashboard and has (empty) stock rows in the inventory. */
export const useCreateLocation = write(keyed("location", createBossLocation), [
  "boss-locations",
  "boss-dashboard",
  "boss-inventory",
]);
