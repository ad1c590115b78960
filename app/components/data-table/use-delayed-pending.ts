import { useEffect, useRef, useState } from "react";
import { LOADING_DELAY_MS, MIN_LOADING_MS } from "~/domain/table";

/**
 * A pending indicator that appears only when loading lasts beyond `delay` and, once shown, stays at
 * least `minimum` (spec §9: 300 ms and 200 ms), so it never flickers.
 */
export function useDelayedPending(pending: boolean, delay = LOADING_DELAY_MS, minimum = MIN_LOADING_MS): boolean {
  const [shown, setShown] = useState(false);
  const shownAt = useRef(0);
  useEffect(() => {
    if (pending) {
      const timer = setTimeout(() => {
        shownAt.current = Date.now();
        setShown(true);
      }, delay);
      return () => clearTimeout(timer);
    }
    if (!shown) return;
    const rest = Math.max(0, minimum - (Date.now() - shownAt.current));
    const timer = setTimeout(() => setShown(false), rest);
    return () => clearTimeout(timer);
  }, [pending, shown, delay, minimum]);
  return shown;
}
