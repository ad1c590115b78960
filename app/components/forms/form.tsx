import { type FormMetadata, getFormProps } from "@conform-to/react";
import { Alert, Button, type ButtonProps } from "@mantine/core";
import { type ComponentProps, type FormEvent, createContext, useContext, useEffect, useState } from "react";
import { type FetcherWithComponents, Form, type FormProps, useNavigation } from "react-router";
import { FilesKeptMarker } from "./hydrated-field";
import { createSubmitGuard } from "./submit-guard";
import type { ServerFormMetadata } from "./use-server-form";

type RouterState = "idle" | "submitting" | "loading";

interface SendState {
  pending: boolean;
  /** The button that sent the form (its name and value), when one did. */
  submitter: { name: string; value: string } | null;
}

const SendContext = createContext<SendState | null>(null);

/** The name of the button conform submits its intents (validate a field…) with. */
const CONFORM_INTENT = "__intent__";

/** The submitter of a submit event: the button clicked (or the form's default button for Enter). */
function submitterOf(event: FormEvent<HTMLFormElement>): SendState["submitter"] {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter instanceof HTMLButtonElement ? { name: submitter.name, value: submitter.value } : null;
}

/**
 * This form's send: pending while the router (or the fetcher) works on a send this form started, and a
 * guard that cancels a second submit meanwhile.
 */
function useSend(state: RouterState) {
  const [guard] = useState(createSubmitGuard);
  const [sent, setSent] = useState<SendState["submitter"] | false>(false);
  const idle = state === "idle";
  const [wasIdle, setWasIdle] = useState(idle);
  if (wasIdle !== idle) {
    setWasIdle(idle);
    if (idle) setSent(false);
  }
  useEffect(() => guard.update(!idle), [guard, idle]);

  function onSubmit(event: FormEvent<HTMLFormElement>, validate?: (event: FormEvent<HTMLFormElement>) => void) {
    // A button marked formNoValidate (e.g. "Close ticket") sends without the form's checks, as in plain HTML.
    // conform's own validation requests come through here too, on a formNoValidate button of its own: they
    // must reach conform.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const skip =
      submitter instanceof HTMLButtonElement && submitter.formNoValidate && submitter.name !== CONFORM_INTENT;
    if (guard.submit(event, skip ? undefined : validate)) setSent(submitterOf(event));
  }
  const send: SendState = { pending: sent !== false && !idle, submitter: sent || null };
  return { send, onSubmit };
}

type Fetcher = Pick<FetcherWithComponents<unknown>, "state" | "Form">;

export type PortalFormProps = Omit<FormProps, "id" | "noValidate" | "onSubmit"> & {
  /**
   * The conform form (usePortalForm: its id, validation and error description), or a form the server alone
   * checks (useServerForm: its id and error description).
   */
  form?: FormMetadata | ServerFormMetadata;
  /** Sends with this fetcher (the page stays) instead of navigating; without JavaScript it is a plain post. */
  fetcher?: Fetcher;
};

/**
 * The portal's form: a React Router form (method post unless told) that works without JavaScript; with it,
 * conform validates before sending, a second submit while one is under way is ignored, and its
 * SubmitButtons show the send pending. A multipart form tells the server a failed send keeps its files.
 */
export function PortalForm({ form, fetcher, children, ...props }: PortalFormProps) {
  const navigation = useNavigation();
  const { send, onSubmit } = useSend(fetcher ? fetcher.state : navigation.state);
  const formProps = !form ? undefined : "kind" in form ? serverFormProps(form) : getFormProps(form);
  const Component = fetcher ? fetcher.Form : Form;
  return (
    <Component method="post" {...props} {...formProps} onSubmit={(event) => onSubmit(event, formProps?.onSubmit)}>
      {props.encType === "multipart/form-data" ? <FilesKeptMarker /> : null}
      <SendContext value={send}>{children}</SendContext>
    </Component>
  );
}

/**
 * A server-checked form's attributes, as conform's getFormProps gives them: the browser does not block a
 * send (the server's messages are the ones shown), and a form-level error is named as its description.
 */
function serverFormProps(form: ServerFormMetadata) {
  return {
    id: form.id,
    noValidate: true,
    "aria-describedby": form.errors ? form.errorId : undefined,
    onSubmit: undefined,
  };
}

/**
 * A submit button: a plain submit button without JavaScript; in a PortalForm whose send is under way it
 * shows the send pending (the button that sent it) or is disabled (the others).
 */
type SubmitButtonProps = ButtonProps & Omit<ComponentProps<"button">, "type" | "value"> & { value?: string };

export function SubmitButton({ children, name, value, ...props }: SubmitButtonProps) {
  const send = useContext(SendContext);
  const pending = send?.pending ?? false;
  const sentByThis =
    !send?.submitter || (send.submitter.name === (name ?? "") && send.submitter.value === (value ?? ""));
  return (
    <Button
      type="submit"
      name={name}
      value={value}
      loading={pending && sentByThis}
      disabled={pending && !sentByThis}
      {...props}
    >
      {children}
    </Button>
  );
}

/** The form-level errors (conform's form errors, or an action's), under the form's error id. */
export function FormAlert({ form, title }: { form: { errors?: string[]; errorId?: string }; title?: string }) {
  return form.errors?.length ? (
    <Alert color="red" role="alert" id={form.errorId} title={title}>
      {form.errors.join(" ")}
    </Alert>
  ) : null;
}
