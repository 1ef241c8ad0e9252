import { useMutation } from "@tanstack/react-query";
import {
  type CostPayment,
  createCost,
  createUser,
  type LocationChanges,
  type NewCost,
  type NewStaffUser,
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
  type NewWholesaleProduct,
  type NewWholesaleSale,
  registerWholesaleSale,
  updateWholesaleProduct,
  type WholesaleProductChanges,
} from "../../api/mayoreo";
import { type ReceiptSettingsChanges, saveReceiptSettings } from "../../api/settings";
import { setStaffPassword, unlockStaff } from "../../api/staff";
import { invalidate } from "../../lib/query/spec";

/**
 * The administrador panel's writes. Each names the reads (queries.ts and the sections' own specs)
 * it changes: those on screen load again at once, the others when opened. Idempotency keys come from
 * the caller, who keeps them until a success.
 */
const changed = (...names: string[]) => invalidate("admin", ...names);

/** A staff member is listed in Usuarios and counted on the dashboard. */
const STAFF_READS = ["users", "dashboard"];

export function useCreateUser() {
  return useMutation({
    mutationFn: ({ user, key }: { user: NewStaffUser; key: string }) => createUser(user, key),
    onSuccess: () => changed(...STAFF_READS),
  });
}

export function useUpdateUser() {
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: StaffUserChanges }) => updateUser(id, changes),
    onSuccess: () => changed(...STAFF_READS),
  });
}

export function useUnlockStaff() {
  return useMutation({ mutationFn: (userId: number) => unlockStaff(userId), onSuccess: () => changed("users") });
}

export function useSetStaffPassword() {
  return useMutation({
    mutationFn: ({ userId, password }: { userId: number; password: string }) => setStaffPassword(userId, password),
    onSuccess: () => changed("users"),
  });
}

/** A location's name, type or state shows in every list of locations and the dashboards. */
export function useUpdateLocation() {
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: LocationChanges }) => updateLocation(id, changes),
    onSuccess: () => changed("locations", "dashboard", "boss-locations", "boss-dashboard"),
  });
}

/** A cost, its payments and due dates: the list, its cards and the payment log. */
const COST_READS = ["costs", "costs-dashboard", "cost-payments"];

export function useCreateCost() {
  return useMutation({
    mutationFn: ({ cost, key }: { cost: NewCost; key: string }) => createCost(cost, key),
    onSuccess: () => changed(...COST_READS),
  });
}

export function usePayCost() {
  return useMutation({
    mutationFn: ({ payment, key }: { payment: CostPayment; key: string }) => payCost(payment, key),
    onSuccess: () => changed(...COST_READS),
  });
}

export function useUndoCostPayment() {
  return useMutation({
    mutationFn: (undo: { costId: number; paymentId: number; reason: string | null; key: string }) =>
      undoCostPayment(undo.costId, undo.paymentId, undo.reason, undo.key),
    onSuccess: () => changed(...COST_READS),
  });
}

export function useSaveReceiptSettings() {
  return useMutation({
    mutationFn: (changes: ReceiptSettingsChanges) => saveReceiptSettings(changes),
    onSuccess: () => changed("company-settings"),
  });
}

/** Wholesale products, their stock and the sales registered against them. */
const WHOLESALE_READS = ["wholesale", "wholesale-history"];

export function useCreateWholesaleProduct() {
  return useMutation({
    mutationFn: ({ product, key }: { product: NewWholesaleProduct; key: string }) =>
      createWholesaleProduct(product, key),
    onSuccess: () => changed(...WHOLESALE_READS),
  });
}

export function useUpdateWholesaleProduct() {
  return useMutation({
    mutationFn: (update: { id: number; changes: WholesaleProductChanges; foto: File | null }) =>
      updateWholesaleProduct(update.id, update.changes, update.foto),
    onSuccess: () => changed(...WHOLESALE_READS),
  });
}

export function useDeleteWholesaleProduct() {
  return useMutation({
    mutationFn: (id: number) => deleteWholesaleProduct(id),
    onSuccess: () => changed(...WHOLESALE_READS),
  });
}

export function useRegisterWholesaleSale() {
  return useMutation({
    mutationFn: ({ sale, key }: { sale: NewWholesaleSale; key: string }) => registerWholesaleSale(sale, key),
    onSuccess: () => changed(...WHOLESALE_READS),
  });
}

export function useSetLocationActive() {
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => setLocationActive(id, active),
    onSuccess: () => changed("locations", "dashboard", "boss-locations", "boss-dashboard"),
  });
}
