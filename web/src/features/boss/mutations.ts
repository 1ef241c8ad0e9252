import { createBossLocation } from "../../api/boss";
import { bossAdministradores } from "../../api/staff";
import { keyed, writeHooks } from "../../lib/query/write";
import type { AdministradoresScope } from "../staff/mutations";
import { bossQueries } from "./queries";

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

/** The company's administradores ('Personal'): no other screen of the boss counts them. */
export const BOSS_ADMINISTRADORES: AdministradoresScope = {
  api: bossAdministradores,
  list: bossQueries.administradores(),
  usage: [],
};
