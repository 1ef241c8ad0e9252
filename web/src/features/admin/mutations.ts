import {
  createCost,
  createInventoryAlert,
  createUser,
  decideDiscount,
  type LocationChanges,
  payCost,
  resolveDiscrepancy,
  type StaffUserChanges,
  setLocationActive,
  undoCostPayment,
  updateLocation,
  updateUser,
} from "../../api/admin";
import { saveAlertSettings } from "../../api/alerts";
import { markContactMessageRead } from "../../api/contact";
import { resendElectronicDocument, saveFiscalSettings } from "../../api/fiscal";
import {
  createWholesaleProduct,
  deleteWholesaleProduct,
  registerWholesaleSale,
  updateWholesaleProduct,
  type WholesaleProductChanges,
} from "../../api/mayoreo";
import { correctRangeText, createNumberingRange, setRangeActive } from "../../api/numbering";
import {
  changePurchaseOrder,
  createPurchaseOrder,
  createSupplier,
  type OrderAction,
  type Reception,
  receivePurchaseOrder,
  type SupplierChanges,
  updateSupplier,
} from "../../api/purchasing";
import { type ReceiptSettingsChanges, saveReceiptSettings } from "../../api/settings";
import { setStaffPassword, unlockStaff } from "../../api/staff";
import { keyed, writeHooks } from "../../lib/query/write";
import { STOCK_READS } from "../company/products/mutations";

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

/** What Notificaciones lists and its badge counts. */
const NOTICE_READS = ["notifications", "pending-count"];

/** A refusal (the request was already decided) reads them again too: the request leaves the list. */
export const useDecideDiscount = write(
  ({ id, approved }: { id: number; approved: boolean }) => decideDiscount(id, approved),
  NOTICE_READS,
  { afterFailure: NOTICE_READS },
);

/**
 * A reception's discrepancy resolved: it leaves Notificaciones and the badge; its ledger row joins the
 * product's history, and found units enter the location's stock.
 */
export const useResolveDiscrepancy = write(
  (resolution: { id: number; resolution: "found" | "write_off"; reason: string }) =>
    resolveDiscrepancy(resolution.id, resolution.resolution, resolution.reason),
  ({ resolution }) => (resolution === "found" ? [...NOTICE_READS, ...STOCK_READS] : [...NOTICE_READS, "product"]),
);

/** A storefront message read or unread: its list and the badge. The panel shows the answer at once. */
export const useMarkMessageRead = write(
  ({ id, read }: { id: number; read: boolean }) => markContactMessageRead(id, read),
  ["contact-messages", "pending-count"],
  { behind: true },
);

/** A low-stock alert is listed in Reportes; the dashboard counts the products its alerts flag. */
export const useCreateInventoryAlert = write(keyed("alert", createInventoryAlert), ["inventory-alerts", "dashboard"]);

/** The stores' DIAN numbering resolutions: one list shows them all (registering or switching one moves another). */
const NUMBERING_READS = ["numbering-ranges", "pending-count"];

export const useCreateNumberingRange = write(keyed("range", createNumberingRange), NUMBERING_READS);

export const useCorrectRangeText = write(
  ({ id, text }: { id: number; text: string }) => correctRangeText(id, text),
  NUMBERING_READS,
);

/** A refusal (already switched, used up, expired meanwhile) reads the list again too: it shows what happened. */
export const useSetRangeActive = write(
  ({ id, active }: { id: number; active: boolean }) => setRangeActive(id, active),
  NUMBERING_READS,
  { afterFailure: NUMBERING_READS },
);

/** The documents' lists and the badge, which counts those needing attention. */
const DOCUMENT_READS = ["electronic-documents", "pending-count"];

/** Saving the settings sends the documents that waited for them: their list changes too. */
export const useSaveFiscalSettings = write(saveFiscalSettings, ["fiscal-settings", ...DOCUMENT_READS]);

/** A refusal (no longer rejected: someone re-sent it first) reads the list again too. */
export const useResendDocument = write((id: number) => resendElectronicDocument(id), DOCUMENT_READS, {
  afterFailure: DOCUMENT_READS,
});

/** The digest switch and the addresses: switching the digest off sends the held alerts, so the list reads again. */
export const useSaveAlertSettings = write(saveAlertSettings, ["alert-settings", "alert-messages"]);

/** Suppliers are listed in Compras and named by their orders. */
const SUPPLIER_READS = ["suppliers", "purchase-orders", "purchase-order"];
export const useCreateSupplier = write(keyed("supplier", createSupplier), SUPPLIER_READS);
export const useUpdateSupplier = write(
  ({ id, changes }: { id: number; changes: SupplierChanges }) => updateSupplier(id, changes),
  SUPPLIER_READS,
);

const ORDER_READS = ["purchase-orders", "purchase-order"];
export const useCreatePurchaseOrder = write(keyed("order", createPurchaseOrder), ORDER_READS);
/** A reception adds stock and moves the products' average cost: the catalogue and the stock reads change too. */
export const useReceivePurchaseOrder = write(
  ({ id, reception, key }: { id: number; reception: Reception; key: string }) =>
    receivePurchaseOrder(id, reception, key),
  [...ORDER_READS, ...STOCK_READS],
  { afterFailure: ORDER_READS },
);
/** A refusal (someone changed it first) reads the order again too. */
export const useChangePurchaseOrder = write(
  ({ id, action }: { id: number; action: OrderAction }) => changePurchaseOrder(id, action),
  ORDER_READS,
  { afterFailure: ORDER_READS },
);
