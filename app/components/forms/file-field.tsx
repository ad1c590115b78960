import { Checkbox, Group, Input, Text } from "@mantine/core";
import { useState } from "react";
import { ACCEPTED_UPLOAD_TYPES, fileSizeText } from "~/domain/uploads";
import { type Field, errorText, initialText } from "./field";

export interface StoredUpload {
  id: number;
  name: string;
  size: number;
}

interface FileFieldProps {
  field: Field;
  label: string;
  /** The file on file for this field, kept unless removed or replaced. */
  stored?: StoredUpload | null;
  /** With `stored`: the field that keeps it (sent with its id) and the one that removes it ("on"). */
  keepField?: Field;
  removeField?: Field;
  /** The input's `accept` (default: the upload rules' images and PDF). */
  accept?: string;
}

/**
 * A native file input (it works before hydration, unlike a scripted picker) taking the upload rules of
 * app/domain/uploads.ts, drawn as the portal's file field (issue 20: never the browser's bare "Choose File /
 * No file chosen"): a box with a "Choose a file" button, then the chosen file. The native input lies over the
 * whole box, transparent, so a click, a tap, the keyboard or a dropped file reach it with or without
 * JavaScript; the chosen file's name and size show in the box once the page runs. Before that (or without
 * JavaScript: no `<html data-hydrated>`, root.tsx) the native input is shown as is, its button drawn as ours, so
 * the browser names the file chosen (app.css). The schema checks type and
 * size in the browser and again on the server. A browser cannot be given a file back, so a failed plain post
 * asks to choose it again (app/.server/form-failure.ts).
 */
export function FileField({ field, label, stored, keepField, removeField, accept }: FileFieldProps) {
  const [choice, setChoice] = useState<{ key: string | undefined; name: string; size: number } | null>(null);
  // A reset form (a new key) has no file chosen.
  const chosen = choice?.key === field.key ? choice : null;
  const chosenId = `${field.id}-chosen`;
  const describedBy = [field.errors ? field.errorId : null, chosen ? chosenId : null].filter(Boolean).join(" ");
  return (
    <>
      {stored && keepField && removeField ? (
        <Group gap="sm">
          <input type="hidden" name={keepField.name} value={String(stored.id)} />
          <Text size="sm">
            Attached: {stored.name} ({fileSizeText(stored.size)})
          </Text>
          <Checkbox
            key={removeField.key}
            name={removeField.name}
            label="Remove this file"
            size="sm"
            defaultChecked={initialText(removeField) === "on"}
          />
        </Group>
      ) : null}
      <Input.Wrapper
        key={field.key}
        label={label}
        labelProps={{ htmlFor: field.id }}
        error={errorText(field)}
        errorProps={{ id: field.errorId }}
      >
        <div className="file-field">
          <input
            type="file"
            name={field.name}
            id={field.id}
            accept={accept ?? ACCEPTED_UPLOAD_TYPES}
            aria-invalid={field.errors ? true : undefined}
            aria-describedby={describedBy || undefined}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              setChoice(file ? { key: field.key, name: file.name, size: file.size } : null);
            }}
          />
          <span className="file-field-button" aria-hidden>
            Choose a file
          </span>
          {chosen ? (
            <span id={chosenId}>
              Chosen: {chosen.name} ({fileSizeText(chosen.size)})
            </span>
          ) : null}
        </div>
      </Input.Wrapper>
    </>
  );
}
