import type { ReactNode } from "react";
import { MC } from "./mantine-classes";

/**
 * The table's submit button (Search, Show): Mantine's Button, size sm, default variant, written as a plain
 * element whose colours are app.css' `.table-button` rule rather than an inline style each (issue 21).
 */
export function DefaultSubmitButton({ children }: { children: ReactNode }) {
  return (
    <button type="submit" className={`${MC.button} table-button`}>
      <span className={MC.buttonInner}>
        <span className={MC.buttonLabel}>{children}</span>
      </span>
    </button>
  );
}
