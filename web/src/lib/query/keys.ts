import type { LastDataArea } from "../lastData";

/**
 * Every query key of the SPA, one builder per resource family, so a write can invalidate exactly
 * what it changed (`queryClient.invalidateQueries({ queryKey: queryKeys.superuser("plans") })`).
 * Keys carry the signed-in user and the acting company, so two accounts never share an answer.
 */
export const queryKeys = {
  /** Screens that keep their last answer in this browser (admin, boss, seller, logistics). */
  remembered: (area: LastDataArea, name: string, userId: number | null, company: string | undefined) =>
    [area, name, userId, company ?? null] as const,
  /** The superuser console's tabs: `name` is the resource, `variant` its filters. */
  superuser: (name: string, variant?: string) =>
    variant === undefined ? ["superuser", name] : ["superuser", name, variant],
  /** One-off reads (a modal's history, the public catalogue, plan modules). */
  read: (name: string) => ["read", name] as const,
};
