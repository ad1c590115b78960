import "@mantine/tiptap/styles.css";
import { useInputControl } from "@conform-to/react";
import { Input } from "@mantine/core";
import { Link, RichTextEditor as MantineEditor } from "@mantine/tiptap";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { initialText, wrapperProps } from "./field";
import type { RichTextFieldProps } from "./rich-text-field";

/**
 * The rich-text field's editor (loaded by RichTextField once the page is hydrated; its own chunk): Mantine's
 * RichTextEditor over tiptap with the formatting the portal keeps (app/domain/html-rules.ts): paragraphs, headings,
 * bold, italic, underline, lists, quotes and links. Its HTML is the field's value (a hidden input of the same name).
 */
export default function RichTextEditor({ field, label, description }: RichTextFieldProps) {
  const control = useInputControl({
    key: field.key,
    name: field.name,
    formId: field.formId,
    initialValue: initialText(field),
  });
  const labelId = `${field.id}-label`;
  const describedBy = [description ? field.descriptionId : null, field.errors?.length ? field.errorId : null]
    .filter(Boolean)
    .join(" ");
  const editor = useEditor({
    immediatelyRender: false,
    shouldRerenderOnTransaction: true,
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content: initialText(field),
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(field.errors?.length ? { "aria-invalid": "true" } : {}),
        id: field.id,
      },
    },
    onUpdate: ({ editor: e }) => control.change(e.isEmpty ? "" : e.getHTML()),
  });
  const value = typeof control.value === "string" ? control.value : "";
  return (
    <Input.Wrapper
      // A heading (level 2): the text's own headings (h3, h4) follow it in the page's outline.
      label={
        <span role="heading" aria-level={2}>
          {label}
        </span>
      }
      labelElement="div"
      description={description}
      {...wrapperProps(field)}
      labelProps={{ id: labelId }}
    >
      <MantineEditor editor={editor} className="rich-text">
        <MantineEditor.Toolbar>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Bold />
            <MantineEditor.Italic />
            <MantineEditor.Underline />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.H3 />
            <MantineEditor.H4 />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.BulletList />
            <MantineEditor.OrderedList />
            <MantineEditor.Blockquote />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Link />
            <MantineEditor.Unlink />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Undo />
            <MantineEditor.Redo />
          </MantineEditor.ControlsGroup>
        </MantineEditor.Toolbar>
        <MantineEditor.Content />
      </MantineEditor>
      <input type="hidden" name={field.name} value={value} />
    </Input.Wrapper>
  );
}
