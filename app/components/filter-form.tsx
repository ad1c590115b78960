import { type ComponentProps, type ReactNode, useEffect, useRef } from "react";
import { Form, useLocation, useNavigation, useSubmit } from "react-router";
import { SEARCH_DEBOUNCE_MS } from "~/domain/table";

/** How a change in a filter form is applied: a chosen option at once, typed text after the search pause. */
export function filterChangeDelay(field: { tagName: string; type?: string }): number {
  const chosen = field.tagName === "SELECT" || field.type === "checkbox" || field.type === "radio";
  return chosen ? 0 : SEARCH_DEBOUNCE_MS;
}

/**
 * A GET form of filters (issue 11 point 6). Without JavaScript its submit button (the caller's) applies them;
 * with it, a chosen option applies at once and typed text after a 500 ms pause (spec §2's search debounce),
 * replacing the URL rather than pushing one entry per keystroke. Its action is the path alone: a GET form's
 * fields are the whole query (the current one, with values the list ignored, is not written into the page).
 * A pending pause is dropped once anything navigates (Enter, the Search button, a row's link): fired later,
 * it would take the user back to the list it was typed in.
 */
export function FilterForm({
  children,
  ...props
}: Omit<ComponentProps<typeof Form>, "method" | "onChange"> & { children: ReactNode }) {
  const submit = useSubmit();
  const { pathname } = useLocation();
  const navigating = useNavigation().state !== "idle";
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(debounce.current), []);
  useEffect(() => {
    if (navigating) clearTimeout(debounce.current);
  }, [navigating]);
  return (
    <Form
      method="get"
      action={pathname}
      {...props}
      onChange={(event) => {
        const form = event.currentTarget;
        clearTimeout(debounce.current);
        debounce.current = setTimeout(
          () => void submit(form, { replace: true, preventScrollReset: true }),
          filterChangeDelay(event.target as unknown as HTMLInputElement),
        );
      }}
    >
      {children}
    </Form>
  );
}
