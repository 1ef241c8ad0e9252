import { setCompanyUserPassword, superuserAdministradores, unlockCompanyUser } from "../../api/staff";
import {
  activateCompany,
  type CompanyChanges,
  cancelScheduledChange,
  changeSubscription,
  createBoss,
  createCompany,
  createPlan,
  deleteCompany,
  generateInvoice,
  markInvoicePaid,
  type NewBoss,
  type Payment,
  suspendCompany,
  updateCompany,
} from "../../api/superadmin";
import { keyed, writeHooks } from "../../lib/query/write";
import type { AdministradoresScope } from "../staff/mutations";
import { superuserQueries } from "./queries";

/**
 * The console's writes. Each says which reads (queries.ts) it changes; those on screen load again at
 * once, the others when opened. Idempotency keys come from the caller, who renews them after a success.
 */
const write = writeHooks("superuser");

/** What a company's row feeds: the lists, its panel, the bosses tab and the platform's figures. */
const COMPANY_READS = ["companies", "company", "bosses", "boss", "metrics"];

export const useCreateCompany = write(keyed("company", createCompany), COMPANY_READS);

export const useUpdateCompany = write(
  ({ id, changes }: { id: number; changes: CompanyChanges }) => updateCompany(id, changes),
  COMPANY_READS,
);

export const useSuspendCompany = write(
  ({ id, reason }: { id: number; reason: string }) => suspendCompany(id, reason),
  COMPANY_READS,
);

export const useActivateCompany = write((id: number) => activateCompany(id), COMPANY_READS);

/** Its invoices and history go with it. */
export const useDeleteCompany = write(
  (id: number) => deleteCompany(id),
  [...COMPANY_READS, "invoices", "subscription-history"],
);

export const useCreateBoss = write(
  ({ companyId, boss, key }: { companyId: number; boss: NewBoss; key: string }) => createBoss(companyId, boss, key),
  ["bosses", "boss", "company"],
);

/** A boss's or an administrador's password or login lock (the bosses tab lists the lock). */
export const useSetUserPassword = write(
  ({ userId, password }: { userId: number; password: string }) => setCompanyUserPassword(userId, password),
  ["bosses", "boss"],
);

export const useUnlockUser = write((userId: number) => unlockCompanyUser(userId), ["bosses", "boss"]);

/** Applied at once it changes the company's plan, limits and price; scheduled, only its history. */
export const useChangeSubscription = write(keyed("change", changeSubscription), [
  "subscription-history",
  ...COMPANY_READS,
]);

export const useCancelScheduledChange = write(
  (changeId: number) => cancelScheduledChange(changeId),
  ["subscription-history"],
);

export const useGenerateInvoice = write(keyed("companyId", generateInvoice), ["invoices", "metrics", "report"]);

export const useMarkInvoicePaid = write(
  ({ invoiceId, payment }: { invoiceId: number; payment: Payment }) => markInvoicePaid(invoiceId, payment),
  ["invoices", "metrics", "report"],
);

export const useCreatePlan = write(keyed("plan", createPlan), ["plans"]);

/**
 * A company's administradores as the console manages them: the active ones count in its usage (its
 * metrics panel, its card in the list, the platform's figures).
 */
export function companyAdministradores(companyId: number): AdministradoresScope {
  return {
    api: superuserAdministradores(companyId),
    list: superuserQueries.administradores(companyId),
    usage: [`company:${companyId}`, "companies", "metrics"],
  };
}
