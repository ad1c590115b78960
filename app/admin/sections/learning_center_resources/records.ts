/**
 * The learning_center_resources section's records (issue 22 §2.2): a resource of one of the three libraries, with
 * its carrier and product (null: every one), body (rich text), links, attachments, audience, and whether agents see
 * it: a draft never, a published resource from its publish date on (scheduled until then).
 */
import type { LearningLibrary } from "~/domain/learning-center";

export type LearningAudience = "all" | "agencies";
/** What is stored: a draft, or published from `publishOn`. */
export type LearningStatus = "draft" | "published";
/** What agents get today: draft (never), scheduled (published, its date ahead), published. */
export type LearningState = "draft" | "scheduled" | "published";

export interface AdminLearningAttachment {
  id: number;
  name: string;
  contentType: string;
  size: number;
}

export interface AdminLearningResource {
  id: number;
  title: string;
  library: LearningLibrary;
  category: string;
  carrier: { id: number; name: string } | null;
  product: { id: number; name: string } | null;
  /** Plain text: what the library's list says under the title. */
  description: string;
  /** HTML (sanitised when saved and when shown). */
  body: string | null;
  links: Array<{ title: string; url: string }>;
  attachments: AdminLearningAttachment[];
  audience: LearningAudience;
  status: LearningStatus;
  /** YYYY-MM-DD: the day agents first see it (status published); null for a draft never published. */
  publishOn: string | null;
  state: LearningState;
  updatedAt: string;
}
