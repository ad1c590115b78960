import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import type { FormResult } from "./use-portal-form";

/** What a PortalForm needs of a form the server alone checks (see useServerForm). */
export interface ServerFormMetadata {
  kind: "server";
  id: string;
  errorId: string;
  descriptionId: string;
  /** The form-level errors of the action's reply (conform keeps them under the empty name). */
  errors: string[] | undefined;
  valid: boolean;
}

/** A field of a server-checked form, in conform's shape: the field components take either. */
export type ServerField = FieldMetadata<unknown>;

/**
 * The form's and its fields' metadata from the action's reply alone, named as conform names them
 * (`<form>-<field>`, `-error`, `-description`), so the same field components, alert and error ids serve.
 * `version` changes with each reply: the inputs start again from what the server sent back (a hidden
 * password comes back empty).
 */
export function serverFormMetadata<Name extends string>(
  id: string,
  lastResult: FormResult,
  names: readonly Name[],
  options: { required?: readonly Name[]; version?: number } = {},
): [ServerFormMetadata, Record<Name, ServerField>] {
  const errors = lastResult?.error ?? {};
  const initialValue = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const formErrors = errors[""] ?? undefined;
  const form: ServerFormMetadata = {
    kind: "server",
    id,
    errorId: `${id}-error`,
    descriptionId: `${id}-description`,
    errors: formErrors?.length ? formErrors : undefined,
    valid: !Object.values(errors).some((list) => list?.length),
  };
  const fields = {} as Record<Name, ServerField>;
  for (const name of names) {
    const fieldId = `${id}-${name}`;
    const value = initialValue[name];
    const fieldErrors = errors[name] ?? undefined;
    const text = typeof value === "string" ? value : undefined;
    fields[name] = {
      key: options.version ? String(options.version) : undefined,
      id: fieldId,
      errorId: `${fieldId}-error`,
      descriptionId: `${fieldId}-description`,
      name,
      formId: id,
      initialValue: value as never,
      value: value as never,
      defaultValue: text,
      defaultOptions: text === undefined ? undefined : [text],
      defaultChecked: value === "on" ? true : undefined,
      errors: fieldErrors?.length ? fieldErrors : undefined,
      allErrors: fieldErrors?.length ? { [name]: fieldErrors } : {},
      valid: !fieldErrors?.length,
      dirty: false,
      required: options.required?.includes(name) || undefined,
    };
  }
  return [form, fields];
}

/**
 * A form the server alone checks: no validation library in the browser (the sign-in page, whose budget has
 * no room for conform and zod: docs/decisions/015-form-layer.md). Before hydration, without JavaScript and
 * with it, the action answers with the same errors at the fields (one round trip instead of a check at
 * blur). Fields and alert are the form layer's own; the schema stays in the action.
 */
export function useServerForm<Name extends string>(
  id: string,
  lastResult: FormResult,
  names: readonly Name[],
  options: { required?: readonly Name[] } = {},
) {
  // Each new reply remounts the inputs, so they show what the server sent back (as conform does).
  const [seen, setSeen] = useState(lastResult);
  const [version, setVersion] = useState(0);
  if (seen !== lastResult) {
    setSeen(lastResult);
    setVersion(version + 1);
  }
  return serverFormMetadata(id, lastResult, names, { ...options, version });
}
