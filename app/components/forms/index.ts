/**
 * The form layer (docs/decisions/015-form-layer.md): a form is `usePortalForm(schema, { lastResult })`,
 * a `PortalForm`, fields bridged to conform, a `FormAlert` and a `SubmitButton`. Its action parses the
 * same schema with `parseSubmission` (app/.server/forms.ts) and answers upstream faults with `formFailure`.
 */
export { type FormResult, type PortalFormOptions, usePortalForm } from "./use-portal-form";
export { FormAlert, PortalForm, type PortalFormProps, SubmitButton } from "./form";
export { type Field, errorText, initialText, wrapperProps } from "./field";
export { EmailField, PasswordField, TextField, TextareaField } from "./text-fields";
export { CheckboxField, RadioField, type RadioOption, SelectField, YesNoField } from "./choice-fields";
export { MaskedField } from "./masked-field";
export { DateField } from "./date-field";
export { FileField, type StoredUpload } from "./file-field";
export { SignatureField } from "./signature-field";
export { FilesKeptMarker, HydratedField } from "./hydrated-field";
