import { useMutation } from "@tanstack/react-query";
import { setCompanyUserPassword, unlockCompanyUser } from "../../api/staff";
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
  type NewCompany,
  type NewPlan,
  type Payment,
  type SubscriptionChangeInput,
  suspendCompany,
  updateCompany,
} from "../../api/superadmin";
import { invalidate } from "../../lib/query/spec";

/**
 * The console's writes. Each says which reads (queries.ts) it changes; those on screen load again at
 * once, the others when opened. Idempotency keys come from the caller, who renews them after a success.
 */
const changed = (...names: string[]) => invalidate("superuser", ...names);

/** What a company's row feeds: the lists, its panel, the bosses tab and the platform's figures. */
const COMPANY_READS = ["companies", "company", "bosses", "boss", "metrics"];

export function useCreateCompany() {
  return useMutation({
    mutationFn: ({ company, key }: { company: NewCompany; key: string }) => createCompany(company, key),
    onSuccess: () => changed(...COMPANY_READS),
  });
}

export function useUpdateCompany() {
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: CompanyChanges }) => updateCompany(id, changes),
    onSuccess: () => changed(...COMPANY_READS),
  });
}

export function useSuspendCompany() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => suspendCompany(id, reason),
    onSuccess: () => changed(...COMPANY_READS),
  });
}

export function useActivateCompany() {
  return useMutation({
    mutationFn: (id: number) => activateCompany(id),
    onSuccess: () => changed(...COMPANY_READS),
  });
}

export function useDeleteCompany() {
  return useMutation({
    mutationFn: (id: number) => deleteCompany(id),
    // its invoices and history go with it
    onSuccess: () => changed(...COMPANY_READS, "invoices", "subscription-history"),
  });
}

export function useCreateBoss() {
  return useMutation({
    mutationFn: ({ companyId, boss, key }: { companyId: number; boss: NewBoss; key: string }) =>
      createBoss(companyId, boss, key),
    onSuccess: () => changed("bosses", "boss", "company"),
  });
}

/** A boss's or an administrador's password or login lock (the bosses tab lists the lock). */
export function useSetUserPassword() {
  return useMutation({
    mutationFn: ({ userId, password }: { userId: number; password: string }) =>
      setCompanyUserPassword(userId, password),
    onSuccess: () => changed("bosses", "boss"),
  });
}

export function useUnlockUser() {
  return useMutation({
    mutationFn: (userId: number) => unlockCompanyUser(userId),
    onSuccess: () => changed("bosses", "boss"),
  });
}

/** Applied at once it changes the company's plan, limits and price; scheduled, only its history. */
export function useChangeSubscription() {
  return useMutation({
    mutationFn: ({ change, key }: { change: SubscriptionChangeInput; key: string }) => changeSubscription(change, key),
    onSuccess: () => changed("subscription-history", ...COMPANY_READS),
  });
}

export function useCancelScheduledChange() {
  return useMutation({
    mutationFn: (changeId: number) => cancelScheduledChange(changeId),
    onSuccess: () => changed("subscription-history"),
  });
}

export function useGenerateInvoice() {
  return useMutation({
    mutationFn: ({ companyId, key }: { companyId: number; key: string }) => generateInvoice(companyId, key),
    onSuccess: () => changed("invoices", "metrics", "report"),
  });
}

export function useMarkInvoicePaid() {
  return useMutation({
    mutationFn: ({ invoiceId, payment }: { invoiceId: number; payment: Payment }) =>
      markInvoicePaid(invoiceId, payment),
    onSuccess: () => changed("invoices", "metrics", "report"),
  });
}

export function useCreatePlan() {
  return useMutation({
    mutationFn: ({ plan, key }: { plan: NewPlan; key: string }) => createPlan(plan, key),
    onSuccess: () => changed("plans"),
  });
}
