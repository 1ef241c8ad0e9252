import { useCallback, useEffect, useRef, useState } from "react";
import { type AppNotification, addNotification, expireNotifications, type NotificationType } from "./notifications";

export type Notify = (type: NotificationType, title: string, message?: string) => void;

export type Notifications = {
  items: AppNotification[];
  notify: Notify;
  dismiss: (id: number) => void;
  dismissAll: () => void;
  /** Date.now() of the last tick, so toasts can hide themselves after 8 s. */
  now: number;
};

/** The notification list of one screen: capped at 10, success ones removed after 8 s. */
export function useNotifications(): Notifications {
  const [items, setItems] = useState<AppNotification[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const nextId = useRef(1);

  // One timer while anything is shown: expires success ones and hides old toasts.
  const hasItems = items.length > 0;
  useEffect(() => {
    if (!hasItems) return;
    const timer = setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      setItems((list) => expireNotifications(list, tick));
    }, 500);
    return () => clearInterval(timer);
  }, [hasItems]);

  const notify = useCallback<Notify>((type, title, message = "") => {
    const at = Date.now();
    setNow(at);
    setItems((list) => addNotification(list, { id: nextId.current++, type, title, message, at }));
  }, []);
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((n) => n.id !== id)), []);
  const dismissAll = useCallback(() => setItems([]), []);
  return { items, notify, dismiss, dismissAll, now };
}
