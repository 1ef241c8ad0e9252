/** Notifications of the logistics screens (spec 3 §4 'Notifications', §9). */

export type NotificationType = "success" | "warning" | "error" | "info";

export type AppNotification = {
  id: number;
  type: NotificationType;
  title: string;
  message: string;
  /** Date.now() when it arrived. */
  at: number;
};

/** The bell lists at most 10. */
export const MAX_NOTIFICATIONS = 10;
/** Success notifications vanish after 8 seconds; the toast of any other one hides then too. */
export const SUCCESS_TTL_MS = 8_000;

/** Newest first, capped at the maximum. */
export function addNotification(list: readonly AppNotification[], item: AppNotification): AppNotification[] {
  return [item, ...list].slice(0, MAX_NOTIFICATIONS);
}

/** Drops the success notifications older than 8 seconds. */
export function expireNotifications(list: readonly AppNotification[], now: number): AppNotification[] {
  const kept = list.filter((n) => n.type !== "success" || now - n.at < SUCCESS_TTL_MS);
  return kept.length === list.length ? (list as AppNotification[]) : kept;
}
