import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { data, Link, useNavigate, useRevalidator } from "react-router";
import { DocumentStatusLine } from "~/components/profile/document-status";
import { DocumentUploadForm } from "~/components/profile/document-upload-form";
import { COMPLIANCE_DOCUMENT_TYPES, documentIsFlagged, notificationsFor } from "~/domain/compliance-documents";
import { todayIso } from "~/.server/clock";
import { loadWithViewer } from "~/.server/guards";
import { documentKindOf, uploadDocument } from "~/.server/profile-documents";
import { redirectWithToast } from "~/.server/toast";
import { complianceDocuments } from "~/.server/upstream/profile-details";
import type { Route } from "./+types/profile.documents.$kind";

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Upload ${loaderData.document.title}` : "Upload a document" }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const kind = documentKindOf(params.kind);
  const [viewer, documents] = await loadWithViewer(request, context, complianceDocuments);
  const document = documents.find((d) => d.kind === kind);
  if (!document) throw data({ messages: [] }, { status: 404, statusText: "Not Found" });
  return {
    document,
    flagged: documentIsFlagged(kind, viewer.documentNotifications),
    notifications: notificationsFor(kind, viewer.documentNotifications),
    today: todayIso(),
  };
}

/** The plain (no JavaScript) upload: on file → back to the profile with a toast; refused → this form again. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const kind = documentKindOf(params.kind);
  const answer = await uploadDocument(request, context, kind);
  if (answer.ok) return redirectWithToast("/profile#documents", answer.toasts);
  return data(answer.result, { status: answer.status });
}

/**
 * Issue 12: one compliance document's upload page: where the upload form comes back with its errors after a
 * plain post, and a direct link from the profile.
 */
export default function ProfileDocument({ loaderData, actionData }: Route.ComponentProps) {
  const { document, flagged, notifications, today } = loaderData;
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const type = COMPLIANCE_DOCUMENT_TYPES[document.kind];
  return (
    <Stack gap="md" maw={720}>
      <Anchor component={Link} to="/profile#documents" size="sm">
        Back to your profile
      </Anchor>
      <Title order={1}>{document.file ? `Replace your ${type.title}` : `Upload your ${type.title}`}</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <DocumentStatusLine document={document} flagged={flagged} today={today} />
          {notifications.map((n) => (
            <Text key={n.id} size="sm">
              {n.message}
            </Text>
          ))}
          <DocumentUploadForm
            kind={document.kind}
            today={today}
            lastResult={actionData}
            replacing={document.file !== null}
            onUploaded={async () => {
              await navigate("/profile#documents");
              await revalidate();
            }}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
