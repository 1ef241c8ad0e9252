import { useMutation } from "@tanstack/react-query";
import type { ActiveChange, Administradores, AdministradoresApi, NewAdministrador } from "../../api/staff";
import { invalidate, type QuerySpec } from "../../lib/query/spec";

/**
 * Whose administradores a panel manages: the boss's own company (features/boss/mutations.ts) or the
 * company a superuser looks at (features/superuser/mutations.ts).
 */
export type AdministradoresScope = {
  /** The calls, to the boss's routes or the console's. */
  api: AdministradoresApi;
  /** The list's read: every write below makes it stale. */
  list: QuerySpec<Administradores>;
  /** Other reads of the list's area that count the company's active staff against its plan. */
  usage: readonly string[];
};

/** After a write: the list is read again and, when the number of active accounts changed, the usage. */
function stale({ list, usage }: AdministradoresScope, countsChanged: boolean) {
  return invalidate(list.area, list.name, ...(countsChanged ? usage : []));
}

/** A new administrador is one more employee of the plan. */
export function useCreateAdministrador(scope: AdministradoresScope) {
  return useMutation({
    mutationFn: ({ admin, key }: { admin: NewAdministrador; key: string }) => scope.api.create(admin, key),
    onSuccess: () => stale(scope, true),
  });
}

/** Deactivating frees a place in the plan; reactivating takes one. */
export function useSetAdministradorActive(scope: AdministradoresScope) {
  return useMutation({
    mutationFn: ({ userId, change }: { userId: number; change: ActiveChange }) => scope.api.setActive(userId, change),
    onSuccess: () => stale(scope, true),
  });
}

/** A new password also lifts a login lock, which the list shows. */
export function useSetAdministradorPassword(scope: AdministradoresScope) {
  return useMutation({
    mutationFn: ({ userId, password }: { userId: number; password: string }) => scope.api.setPassword(userId, password),
    onSuccess: () => stale(scope, false),
  });
}

export function useUnlockAdministrador(scope: AdministradoresScope) {
  return useMutation({
    mutationFn: (userId: number) => scope.api.unlock(userId),
    onSuccess: () => stale(scope, false),
  });
}
