import { CloseButton, Notification } from "@mantine/core";
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { type Toast, toastText } from "~/domain/toast";
import { toastLook } from "./toast-look";

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

function StaticToasts({ toasts }: { toasts: Toast[] }) {
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((toast) => (
        <StaticToast key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

/**
 * Mantine's notifications (components/live-toasts.tsx), fetched when the hydrated page first has a toast to
 * show (issue 21: not at idle on every page, most never show one). On a link that drops the chunk, the
 * toasts stay as the server drew them rather than the page failing.
 */
const LiveToasts = lazy(async () => import("./live-toasts").catch(() => ({ default: StaticToasts })));

/**
 * Spec §8/§9: red dismissible error toasts, one per string, green success toasts, gone after 7 s. The
 * server renders the toasts it was given (flash toasts arrive through the root loader), so they show
 * without JavaScript; once hydrated, the same toasts and any shown later (a fetcher's, a flash after a
 * navigation) go to Mantine's notifications, loaded when the first toast comes: the server's toasts stand
 * in while they load, so nothing blinks and no toast shows twice.
 */
export function Toaster({ toasts, children }: { toasts: Toast[]; children?: ReactNode }) {
  // Toasts shown by the page itself (a fetcher's result), beside the ones the root loader delivers.
  const [shown, setShown] = useState<Toast[]>([]);
  const hydrated = useHydrated();
  const show = useCallback<Show>((incoming) => {
    setShown((current) => {
      const known = new Set(current.map((t) => t.id));
      const fresh = incoming.filter((t) => !known.has(t.id));
      return fresh.length ? [...current, ...fresh] : current;
    });
  }, []);
  // LiveToasts shows each id once: a toast in both lists, or delivered again, is not shown twice.
  const all = useMemo(() => [...toasts, ...shown], [toasts, shown]);
  // Once a toast has come, the notifications stay (their store keeps what they showed, and their exits).
  const [live, setLive] = useState(false);
  if (all.length > 0 && !live) setLive(true);

  const serverToasts = <StaticToasts toasts={toasts} />;
  return (
    <ToastContext.Provider value={show}>
      {children}
      {hydrated && live ? (
        <Suspense fallback={serverToasts}>
          <LiveToasts toasts={all} />
        </Suspense>
      ) : (
        serverToasts
      )}
    </ToastContext.Provider>
  );
}
