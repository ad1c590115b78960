import "@mantine/notifications/styles.css";
import {
  type NotificationData,
  Notifications,
  createNotificationsStore,
  showNotification,
} from "@mantine/notifications";
import { useEffect, useRef, useState } from "react";
import { TOAST_LIFETIME_MS, type Toast, toastText } from "~/domain/toast";
import { toastLook } from "./toast-look";

/** A toast as a notification: dismissible, gone after TOAST_LIFETIME_MS (paused while hovered). */
function notificationOf(toast: Toast): NotificationData {
  return {
    ...toastLook(toast),
    id: toast.id,
    message: toastText(toast),
    autoClose: TOAST_LIFETIME_MS,
    withBorder: true,
    closeButtonProps: { "aria-label": "Dismiss notification" },
    "data-toast": toast.type,
  };
}

/**
 * The toasts once the page is hydrated: @mantine/notifications, stacked, paused while hovered, each shown
 * once. Loaded after hydration by `Toaster` (issue 10: it is not on any page's first load); until then the
 * server-rendered toasts stand in.
 */
export default function LiveToasts({ toasts }: { toasts: Toast[] }) {
  const [store] = useState(() => createNotificationsStore());
  const shown = useRef(new Set<string>());
  useEffect(() => {
    for (const toast of toasts) {
      if (shown.current.has(toast.id)) continue;
      shown.current.add(toast.id);
      showNotification(notificationOf(toast), store);
    }
  }, [toasts, store]);
  return (
    <Notifications
      store={store}
      position="bottom-right"
      limit={MAX_VISIBLE_TOASTS}
      autoClose={TOAST_LIFETIME_MS}
      zIndex={1000}
    />
  );
}

/** More wait their turn (Mantine's queue): a flash carries at most 5, a page's own results rarely more. */
const MAX_VISIBLE_TOASTS = 5;
