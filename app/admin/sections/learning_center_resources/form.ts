import type { SectionFormDef } from "~/components/admin/section-view";
import { LIBRARIES } from "~/domain/learning-center";
import type { AdminLearningResource } from "./records";
import { LINKS_HELP, resourceSchema } from "./schemas";

export const form: SectionFormDef<AdminLearningResource> = {
  newSchema: resourceSchema,
  editSchema: resourceSchema,
  fields: [
    { name: "title", label: "Title", kind: "text" },
    { name: "category", label: "Category", kind: "text", description: "Guides, Training, Forms, Compliance …" },
    {
      name: "library",
      label: "Library",
      kind: "select",
      options: LIBRARIES.map((l) => ({ value: l.library, label: l.title })),
    },
    {
      name: "audience",
      label: "Audience",
      kind: "select",
      description: "Everyone: agents and agencies",
      options: [
        { value: "all", label: "Everyone" },
        { value: "agencies", label: "Agencies only" },
      ],
    },
    {
      name: "carrierId",
      label: "Carrier",
      kind: "select",
      options: { facet: "carrierId" },
      emptyLabel: "Every carrier",
    },
    {
      name: "productId",
      label: "Product",
      kind: "select",
      options: { facet: "productId" },
      emptyLabel: "Every product",
    },
    {
      name: "status",
      label: "Status",
      kind: "select",
      options: [
        { value: "draft", label: "Draft" },
        { value: "published", label: "Published" },
      ],
      description: "A draft is never shown to agents; a published resource from its publish date",
    },
    {
      name: "publishOn",
      label: "Publish date",
      kind: "date",
      description: "MM/DD/YYYY: the day agents first see it. A later day schedules it",
    },
    {
      name: "description",
      label: "Description",
      kind: "textarea",
      description: "One line under the title in the library",
    },
    { name: "body", label: "Body", kind: "richtext" },
    { name: "links", label: "Links", kind: "textarea", description: LINKS_HELP },
  ],
  newIntro: "Save it as a draft to finish later; agents see it once published and its publish date has come.",
  createdText: (v) => `${String(v.title)} created.`,
};
