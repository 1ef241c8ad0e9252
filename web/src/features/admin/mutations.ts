import {
  createCost,
  createUser,
  type LocationChanges,
  payCost,
  type StaffUserChanges,
  setLocationActive,
  undoCostPayment,
  updateLocation,
  updateUser,
} from "../../api/admin";
import {
  createWholesaleProduct,
  deleteWholesaleProduct,
  registerWholesaleSale,
  updateWholesaleProduct,
  type WholesaleProductChanges,
} from "../../api/mayoreo";
import { type ReceiptSettingsChanges, saveReceiptSettings } from "../../api/settings";
import { setStaffPassword, unlockStaff } from "../../api/staff";
import { keyed, writeHooks } from "../../lib/query/write";

/**
 * The administrador panel's writes. Each names the reads (queries.ts and the sections' own specs)
 * it changes: those on screen load again at once, the others when opened. Idempotency keys come from
 * the caller, who keeps them until a success.
 */
const write = writeHooks("admin");

/** A staff member is listed in Usuarios and counted on the dashboard. */
const STAFF_READS = ["users", "dashboard"];

export const useCreateUser = write(keyed("user", createUser), STAFF_READS);

export const useUpdateUser = write(
  ({ id, changes }: { id: number; changes: StaffUserChanges }) => updateUser(id, changes),
  STAFF_READS,
);

export const useUnlockStaff = write((userId: number) => unlockStaff(userId), ["users"]);

export const useSetStaffPassword = write(
  ({ userId, password }: { userId: number; password: string }) => setStaffPassword(userId, password),
  ["users"],
);

/** A location's name, type or state shows in every list of locations and the dashboards. */
const LOCATION_READS = ["locations", "dashboard", "boss-locations", "boss-dashboard"];

export const useUpdateLocation = write(
  ({ id, changes }: { id: number; changes: LocationChanges }) => updateLocation(id, changes),
  LOCATION_READS,
);

/** A cost, its payments and due dates: the list, its cards and the payment log. */
const COST_READS = ["costs", "costs-dashboard", "cost-payments"];

export const useCreateCost = write(keyed("cost", createCost), COST_READS);

export const usePayCost = write(keyed("payment", payCost), COST_READS);

export const useUndoCostPayment = write(
  (undo: { costId: number; paymentId: number; reason: string | null; key: string }) =>
    undoCostPayment(undo.costId, undo.paymentId, undo.reason, undo.key),
  COST_READS,
);

export const useSaveReceiptSettings = write(
  (changes: ReceiptSettingsChanges) => saveReceiptSettings(changes),
  ["company-settings"],
);

/** Wholesale products, their stock and the sales registered against them. */
const WHOLESALE_READS = ["wholesale", "wholesale-history"];

export const useCreateWholesaleProduct = write(keyed("product", createWholesaleProduct), WHOLESALE_READS);

export const useUpdateWholesaleProduct = write(
  (update: { id: number; changes: WholesaleProductChanges; foto: File | null }) =>
    updateWholesaleProduct(update.id, update.changes, update.foto),
  WHOLESALE_READS,
);

export const useDeleteWholesaleProduct = write((id: number) => deleteWholesaleProduct(id), WHOLESALE_READS);

export const useRegisterWholesaleSale = write(keyed("sale", registerWholesaleSale), WHOLESALE_READS);

export const useSetLocationActive = write(
  ({ id, active }: { id: number; active: boolean }) => setLocationActive(id, active),
  LOCATION_READS,
);
