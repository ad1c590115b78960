import "@mantine/notifications/styles.css";
import { CloseButton, Notification } from "@mantine/core";
import {
  type NotificationData,
  type NotificationsStore,
  Notifications,
  createNotificationsStore,
  showNotification,
} from "@mantine/notifications";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { TOAST_LIFETIME_MS, type Toast, toastText } from "~/domain/toast";

type Show = (toasts: Toast[]) => void;
const ToastContext = createContext<Show>(() => {});

/** Lets fetcher results show toasts too: `useShowToasts()(fetcher.data.toasts)`. */
export function useShowToasts(): Show {
  return useContext(ToastContext);
}

/** Shows the toasts of a fetcher's (or an action's) result once per result. */
export function useFetcherToasts(data: { toasts?: Toast[] } | undefined): void {
  const show = useShowToasts();
  useEffect(() => {
    if (data?.toasts?.length) show(data.toasts);
  }, [data, show]);
}

/** Spec §8/§9: a red error toast (role alert) or a green success toast (role status). */
function toastLook(toast: Toast) {
  const error = toast.type === "error";
  return {
    color: error ? "red" : "green",
    title: error ? "Error" : "Success",
    role: error ? "alert" : "status",
  } as const;
}

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

/** The server-rendered toast: shown before hydration and without JavaScript (its close button needs JavaScript). */
function StaticToast({ toast }: { toast: Toast }) {
  return (
    <Notification {...toastLook(toast)} withCloseButton={false} withBorder data-toast={toast.type}>
      <div style={{ display: "flex", alignItems: "flex-start", gap: 8 }}>
        <span style={{ flex: 1 }}>{toastText(toast)}</span>
        <CloseButton aria-label="Dismiss notification" size="sm" />
      </div>
    </Notification>
  );
}

const noSubscription = () => () => {};

/** False while rendering on the server and hydrating, true once the page is hydrated. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function storeWith(toasts: Toast[]): NotificationsStore {
  const store = createNotificationsStore();
  for (const toast of toasts) showNotification(notificationOf(toast), store);
  return store;
}

/**
 * Spec §8/§9: red dismissible error toasts, one per string, green success toasts, gone after 7 s. One list:
 * the server renders the toasts it was given (flash toasts arrive through the root loader), so they show
 * without JavaScript; once hydrated, the same toasts (and any shown later, e.g. a fetcher's) are
 * @mantine/notifications: stacked, paused while hovered, each shown once.
 */
export function Toaster({ toasts, children }: { toasts: Toast[]; children?: ReactNode }) {
  // The notifications start with the server's list, so hydrating swaps one for the other without a second toast.
  const [store] = useState(() => storeWith(toasts));
  const seen = useRef(new Set(toasts.map((t) => t.id)));
  const hydrated = useHydrated();

  const show = useCallback<Show>(
    (incoming) => {
      for (const toast of incoming) {
        if (seen.current.has(toast.id)) continue;
        seen.current.add(toast.id);
        showNotification(notificationOf(toast), store);
      }
    },
    [store],
  );
  useEffect(() => show(toasts), [toasts, show]);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {hydrated ? (
        <Notifications
          store={store}
          position="bottom-right"
          limit={MAX_VISIBLE_TOASTS}
          autoClose={TOAST_LIFETIME_MS}
          zIndex={1000}
        />
      ) : (
        <div className="toaster" aria-live="polite">
          {toasts.map((toast) => (
            <StaticToast key={toast.id} toast={toast} />
          ))}
        </div>
      )}
    </ToastContext.Provider>
  );
}

/** More wait their turn (Mantine's queue): a flash carries at most 5, a page's own results rarely more. */
const MAX_VISIBLE_TOASTS = 5;
