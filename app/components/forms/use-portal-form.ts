import type React from "react";
import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type $ZodType, config, type input, type output } from "zod/v4/core";
import en from "zod/v4/locales/en.js";

// zod's own messages (a value no field of the form can send: a select's unknown option, text for a file)
// in English, as on the server: zod classic registers them there, zod mini (the browser's) does not.
config(en());

/** What an action answers a form with: conform's reply (app/.server/forms.ts parseSubmission, formFailure). */
export type FormResult = SubmissionResult<string[]> | null | undefined;

/**
 * A schema whose input is a form's fields: any zod 4 schema (zod core's type), so the forms' schemas,
 * written with zod mini (app/domain), fit as well as classic ones.
 */
export type FormSchema = $ZodType<unknown, Record<string, unknown>>;

export interface PortalFormOptions<S extends FormSchema> {
  /** The action's reply: its errors show at the fields, and what was typed comes back. */
  lastResult: FormResult;
  /** The values the form starts from (what is on file). */
  defaultValue?: DefaultValue<input<S>>;
  /**
   * Puts the schema's constraints on the inputs (`required`, `maxLength`…: Mantine then marks a required
   * label). The browser never blocks a send on them: conform renders the form `noValidate`.
   */
  constraint?: boolean;
  id?: string;
  /**
   * Called once the browser's check passed, before the send: it may take over the send (preventDefault), as
   * an upload with a progress bar does. Without JavaScript the form is posted as usual.
   */
  onSubmit?: (event: React.FormEvent<HTMLFormElement>, context: { formData: FormData }) => void;
}

/**
 * conform's `useForm` with the house defaults: the action's reply as `lastResult`, the same zod schema as
 * the server (`parseSubmission`) validating in the browser, first at a field's blur and then as it is
 * corrected. The form works without JavaScript: the server answers with the same errors.
 */
export function usePortalForm<S extends FormSchema>(schema: S, options: PortalFormOptions<S>) {
  return useForm<input<S>, output<S>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint: options.constraint ? getZodConstraint(schema) : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit: options.onSubmit,
  });
}
