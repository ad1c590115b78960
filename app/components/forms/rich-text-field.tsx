import { Suspense, lazy } from "react";
import { type Field } from "./field";
import { useHydrated } from "./hydrated-field";
import { TextareaField } from "./textarea-field";

const RichTextEditor = lazy(async () => import("./rich-text-editor"));

export interface RichTextFieldProps {
  field: Field;
  label: string;
  description?: string;
}

/**
 * A rich-text (HTML) field (issue 22, ADR 026): without JavaScript, and until the page is hydrated, a plain
 * textarea holding the HTML (the form posts it as it is); in the browser, Mantine's editor (tiptap), loaded as
 * its own chunk only by a form that has such a field. Either way the server sanitises what is saved.
 */
export function RichTextField({ field, label, description }: RichTextFieldProps) {
  const hydrated = useHydrated();
  const plain = (
    <TextareaField
      field={field}
      label={label}
      description={description ?? "HTML: paragraphs, lists, bold, italic and links are kept."}
      autosize
      minRows={4}
      maxRows={16}
    />
  );
  if (!hydrated) return plain;
  return (
    <Suspense fallback={plain}>
      <RichTextEditor field={field} label={label} description={description} />
    </Suspense>
  );
}
