import { CloseButton, Notification } from "@mantine/core";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { TOAST_LIFETIME_MS, type Toast, toastText } from "~/domain/toast";

type Show = (toasts: Toast[]) => void;
const ToastContext = createContext<Show>(() => {});

/** Lets fetcher results show toasts too: `useShowToasts()(fetcher.data.toasts)`. */
export function useShowToasts(): Show {
  return useContext(ToastContext);
}

/** Shows fetcher results' toasts once per result. */
export function useFetcherToasts(data: { toasts?: Toast[] } | undefined): void {
  const show = useShowToasts();
  useEffect(() => {
    if (data?.toasts?.length) show(data.toasts);
  }, [data, show]);
}

function ToastItem({ toast, onClose }: { toast: Toast; onClose: (id: string) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), TOAST_LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onClose]);
  const error = toast.type === "error";
  return (
    <Notification
      color={error ? "red" : "green"}
      title={error ? "Error" : "Success"}
      role={error ? "alert" : "status"}
      withCloseButton={false}
      withBorder
      data-toast={toast.type}
    >
      <div style={{ display: "flex", alignItems: "flex-start", gap: 8 }}>
        <span style={{ flex: 1 }}>{toastText(toast)}</span>
        <CloseButton aria-label="Dismiss notification" onClick={() => onClose(toast.id)} size="sm" />
      </div>
    </Notification>
  );
}

/**
 * Spec §8/§9: red dismissible error toasts, one per string, green success toasts, gone after 7 s.
 * Server-rendered, so they show without JavaScript too; flash toasts arrive through the root loader.
 */
export function Toaster({ toasts, children }: { toasts: Toast[]; children?: ReactNode }) {
  const [shown, setShown] = useState<Toast[]>(toasts);
  const seen = useRef(new Set(toasts.map((t) => t.id)));

  const show = useCallback<Show>((incoming) => {
    const fresh = incoming.filter((t) => !seen.current.has(t.id));
    if (fresh.length === 0) return;
    for (const t of fresh) seen.current.add(t.id);
    setShown((current) => [...current, ...fresh]);
  }, []);

  useEffect(() => show(toasts), [toasts, show]);
  const close = useCallback((id: string) => setShown((current) => current.filter((t) => t.id !== id)), []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toaster" aria-live="polite">
        {shown.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClose={close} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}
