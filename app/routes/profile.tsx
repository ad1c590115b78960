import { Suspense, lazy } from "react";
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { data, redirect, useRevalidator } from "react-router";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { MaskedField } from "~/components/forms/masked-field";
import { TextField } from "~/components/forms/text-fields";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { LicenseTable } from "~/components/license-table";
import { DocumentAlertIcon, DocumentStatusLine } from "~/components/profile/document-status";
import { DocumentUploadForm } from "~/components/profile/document-upload-form";
import { RewardsCard } from "~/components/rewards-card";
import { useRootData } from "~/root";
import { BRANDINGS } from "~/domain/branding";
import { documentIsFlagged, notificationsFor, notificationsOfNoDocument } from "~/domain/compliance-documents";
import { formatDate } from "~/domain/formats";
import { profileDetailsSchema } from "~/domain/profile";
import { smsAnswerText } from "~/domain/sms-consent";
import { successToast } from "~/domain/toast";
import { fileSizeText } from "~/domain/uploads";
import { isBroker } from "~/domain/user";
import { todayIso } from "~/.server/clock";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer, requireViewer, sessionOf } from "~/.server/guards";
import { orUnavailable } from "~/.server/upstream-failure";
import { redirectWithToast } from "~/.server/toast";
import {
  complianceDocuments,
  memberRewards,
  profileDetails,
  saveProfileDetails,
} from "~/.server/upstream/profile-details";
import type { Route } from "./+types/profile";

/**
 * The password form (issue 13) is a chunk of its own: drawn by the server with the page (it works before
 * hydration), its code fetched as the page hydrates, not with the profile's first load (its budget).
 */
const ChangePasswordSection = lazy(async () =>
  import("~/components/profile/change-password").then((m) => ({ default: m.ChangePasswordSection })),
);

export function meta() {
  return [{ title: "Profile" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // Spec §2: carriers and admins have the read-only /basic_profile; agents and agencies this page.
  if (!isBroker({ role: sessionOf(context).session.get("role") ?? "Admin" })) {
    const viewer = await requireViewer(request, context);
    if (!isBroker(viewer.user)) throw redirect("/basic_profile");
  }
  const [viewer, [details, documents, rewards]] = await loadWithViewer(request, context, async (token) =>
    Promise.all([profileDetails(token), complianceDocuments(token), orUnavailable(memberRewards(token))]),
  );
  const notifications = viewer.documentNotifications;
  return {
    role: viewer.user.role,
    email: viewer.user.email,
    // An administrator signed in as this user does not see the password form (the user changes it).
    impersonating: viewer.user.returnToUserId !== null,
    details,
    licenses: viewer.profile?.licenses ?? [],
    smsConsent: viewer.profile?.smsConsent ?? null,
    documents: documents.map((d) => ({
      ...d,
      flagged: documentIsFlagged(d.kind, notifications, d.title),
      notifications: notificationsFor(d.kind, notifications, d.title),
    })),
    otherNotifications: notificationsOfNoDocument(documents, notifications),
    rewards,
    today: todayIso(),
    licenseWarningDays: viewer.profile?.licenseWarningDays,
    niprHolds: viewer.profile?.niprHolds ?? [],
  };
}

/** Issue 12: saves the details the upstream lets a broker change (phone, address); errors keep what was typed. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = actionForm(request, context, { schema: profileDetailsSchema });
  return form.answer(async () => {
    const viewer = await requireViewer(request, context);
    if (!isBroker(viewer.user)) throw redirect("/basic_profile");
    const parsed = await form.parse(profileDetailsSchema);
    if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
    await saveProfileDetails(viewer.token, parsed.value);
    return redirectWithToast("/profile", [successToast("Your details were saved.")]);
  });
}

type LoaderData = Route.ComponentProps["loaderData"];

function DetailsSection({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { details, role } = loaderData;
  const [form, fields] = usePortalForm(profileDetailsSchema, {
    id: "profile-details",
    lastResult: actionData,
    defaultValue: {
      phone: details.phone ?? "",
      addressLine1: details.addressLine1 ?? "",
      addressLine2: details.addressLine2 ?? "",
      city: details.city ?? "",
      state: details.state ?? "",
      zip: details.zip ?? "",
    },
  });
  const fixed: Array<[string, string]> = [
    ["Name", `${details.firstName} ${details.lastName}`],
    ["E-mail", details.email],
    ["NPN", details.npnNumber ?? "—"],
    [role === "Agency" ? "Agency" : "Agency you write under", details.agencyName ?? "None"],
    ["Upline", details.upline ?? "None"],
  ];
  return (
    <section aria-labelledby="details-title">
      <Title order={2} size="h3" id="details-title" mb="xs">
        Personal details
      </Title>
      <Paper withBorder p="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" className="rewards-figures">
            {fixed.map(([label, value]) => (
              <div key={label}>
                <Text component="dt" size="sm" c="dimmed">
                  {label}
                </Text>
                <Text component="dd" style={{ overflowWrap: "anywhere" }}>
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Your name, e-mail and NPN come from your licensing record, your agency and upline from your hierarchy: to
            change them, write to support. You can change your phone number and address here.
          </Text>
          <PortalForm form={form}>
            <Stack gap="sm">
              <FormAlert form={form} />
              <MaskedField field={fields.phone} mask="phone" label="Phone" autoComplete="tel" />
              <TextField field={fields.addressLine1} label="Street address" autoComplete="address-line1" />
              <TextField field={fields.addressLine2} label="Address line 2 (optional)" autoComplete="address-line2" />
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextField field={fields.city} label="City" autoComplete="address-level2" />
                <TextField field={fields.state} label="State" autoComplete="address-level1" maxLength={2} />
                <TextField field={fields.zip} label="ZIP code" autoComplete="postal-code" inputMode="numeric" />
              </SimpleGrid>
              <Group>
                <SubmitButton>Save details</SubmitButton>
              </Group>
            </Stack>
          </PortalForm>
        </Stack>
      </Paper>
    </section>
  );
}

function DocumentsSection({ loaderData }: { loaderData: LoaderData }) {
  const { documents, today } = loaderData;
  const { revalidate } = useRevalidator();
  return (
    <section aria-labelledby="documents-title" id="documents">
      <Title order={2} size="h3" id="documents-title" mb="xs">
        Documents
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Keep your compliance documents current: a document marked with the alert icon needs your attention, and contract
        requests stay blocked until it is replaced.
      </Text>
      <Stack gap="sm">
        {loaderData.otherNotifications.length > 0 ? (
          <Paper withBorder p="md" component="article" aria-labelledby="document-other" data-testid="document-other">
            <Stack gap="xs">
              <Title order={3} size="h4" id="document-other">
                Other documentation
              </Title>
              {loaderData.otherNotifications.map((n) => (
                <Group key={n.id} gap="xs" wrap="nowrap" align="flex-start">
                  <DocumentAlertIcon />
                  <Text size="sm">
                    <strong>{n.documentName}</strong>: {n.message} Contact Support to send it.
                  </Text>
                </Group>
              ))}
            </Stack>
          </Paper>
        ) : null}
        {documents.map((doc) => {
          const titleId = `document-${doc.kind}`;
          return (
            <Paper
              withBorder
              p="md"
              key={doc.kind}
              component="article"
              aria-labelledby={titleId}
              data-testid={`document-${doc.kind}`}
            >
              <Stack gap="xs">
                <Title order={3} size="h4" id={titleId}>
                  {doc.title}
                </Title>
                <DocumentStatusLine document={doc} flagged={doc.flagged} today={today} />
                {doc.notifications.map((n) => (
                  <Text key={n.id} size="sm">
                    {n.message}
                  </Text>
                ))}
                {doc.file ? (
                  <Text size="sm">
                    On file:{" "}
                    <Anchor href={`/profile/documents/${doc.kind}/file`} download={doc.file.name}>
                      {doc.file.name}
                    </Anchor>{" "}
                    ({fileSizeText(doc.file.size)}
                    {doc.uploadedAt ? `, uploaded ${formatDate(doc.uploadedAt)}` : ""})
                  </Text>
                ) : (
                  <Text size="sm">Nothing on file yet.</Text>
                )}
                <details className="document-upload" open={doc.flagged || undefined}>
                  <summary>{doc.file ? `Replace your ${doc.title}` : `Upload your ${doc.title}`}</summary>
                  <DocumentUploadForm
                    kind={doc.kind}
                    today={today}
                    lastResult={null}
                    replacing={doc.file !== null}
                    onUploaded={revalidate}
                  />
                </details>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </section>
  );
}

function SmsSection({ smsConsent }: { smsConsent: boolean | null }) {
  return (
    <section aria-labelledby="sms-title">
      <Title order={2} size="h3" id="sms-title" mb="xs">
        Text-message alerts
      </Title>
      <Paper withBorder p="md">
        <PortalForm action="/account/sms_consent">
          <input type="hidden" name="redirectTo" value="/profile" />
          <Stack gap="sm">
            <Text>Text-message alerts tell you about your contracts and commissions as they change.</Text>
            <Text data-testid="sms-answer" fw={500}>
              {smsAnswerText(smsConsent)}
            </Text>
            <Group gap="xs">
              <SubmitButton name="consent" value="yes" variant={smsConsent === true ? "filled" : "default"}>
                Yes
              </SubmitButton>
              <SubmitButton name="consent" value="no" variant={smsConsent === false ? "filled" : "default"}>
                No
              </SubmitButton>
            </Group>
          </Stack>
        </PortalForm>
      </Paper>
    </section>
  );
}

/** Issue 12: an agent's or agency's own profile: details, licenses, documents, text alerts, member rewards. */
export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const branding = useRootData()?.branding ?? BRANDINGS.default;
  // Issue 20: a long page on a phone; its sections are reachable from the top (in-page links, no JavaScript).
  const sections: Array<[string, string]> = [
    ["details-title", "Personal details"],
    ["licenses-title", "Licenses"],
    ["documents-title", "Documents"],
    ["sms-title", "Text-message alerts"],
    ...(loaderData.impersonating ? [] : ([["password-title", "Password"]] as Array<[string, string]>)),
    ["rewards-title", "Member rewards"],
  ];
  return (
    <Stack gap="xl" maw={960} className="page-with-index">
      <Stack gap="xs">
        <Title order={1}>Profile</Title>
        <nav aria-label="Profile sections">
          <ul className="page-index">
            {sections.map(([id, label]) => (
              <li key={id}>
                <Anchor href={`#${id}`} size="sm">
                  {label}
                </Anchor>
              </li>
            ))}
          </ul>
        </nav>
      </Stack>
      <DetailsSection loaderData={loaderData} actionData={actionData} />
      <section aria-labelledby="licenses-title">
        <Title order={2} size="h3" id="licenses-title" mb="xs">
          Licenses
        </Title>
        {loaderData.niprHolds.length > 0 ? (
          <Alert color="yellow" title="NIPR holds" mb="sm">
            <ul className="plain-list">
              {loaderData.niprHolds.map((h) => (
                <li key={h.state}>{h.message}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {loaderData.licenses.length === 0 ? (
          <Text c="dimmed">
            No licenses on file. Licenses come from your licensing record (NIPR); write to support if one is missing.
          </Text>
        ) : (
          <LicenseTable
            aria-labelledby="licenses-title"
            licenses={loaderData.licenses}
            detailed={{ today: loaderData.today, warningDays: loaderData.licenseWarningDays }}
          />
        )}
      </section>
      <DocumentsSection loaderData={loaderData} />
      <SmsSection smsConsent={loaderData.smsConsent} />
      <Suspense fallback={null}>
        {loaderData.impersonating ? null : (
          <ChangePasswordSection email={loaderData.email} lastResult={undefined} returnTo="/profile" />
        )}
      </Suspense>
      <RewardsCard rewards={loaderData.rewards} disclaimer={branding.rewardsDisclaimer} />
    </Stack>
  );
}
