import { FocusTrap, Overlay, Paper } from "@mantine/core";
import { type CSSProperties, type ReactNode, useEffect } from "react";
import { useNavigate } from "react-router";

const PLACEMENT: Record<"center" | "top", CSSProperties> = {
  center: { top: "50%", transform: "translate(-50%, -50%)", maxHeight: "calc(100vh - 2rem)" },
  top: { top: "5vh", transform: "translateX(-50%)", maxHeight: "90vh" },
};

/**
 * A modal dialog open while the URL says so (?notice, ?policies=…). Rendered on the server, so it works
 * without JavaScript: closing is a link to `closeTo`, the URL without it; Escape follows it too.
 */
export function LinkModal({
  titleId,
  closeTo,
  width,
  placement = "center",
  children,
}: {
  /** The id of the dialog's title (its accessible name). */
  titleId: string;
  closeTo: string;
  /** The widest it gets (CSS length); it never exceeds the screen. */
  width: string;
  placement?: "center" | "top";
  children: ReactNode;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") void navigate(closeTo, { replace: true, preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [closeTo, navigate]);

  return (
    <>
      <Overlay fixed backgroundOpacity={0.55} zIndex={300} />
      <FocusTrap active>
        <Paper
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          shadow="xl"
          p={placement === "center" ? "xl" : "lg"}
          radius={placement === "center" ? "md" : undefined}
          withBorder
          style={{
            position: "fixed",
            zIndex: 301,
            left: "50%",
            width: `min(${width}, calc(100vw - 2rem))`,
            overflowY: "auto",
            ...PLACEMENT[placement],
          }}
        >
          {children}
        </Paper>
      </FocusTrap>
    </>
  );
}
