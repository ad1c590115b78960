import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link, data } from "react-router";
import { ConfirmPanel } from "~/components/confirm-panel";
import { ErrorPage } from "~/components/error-page";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { PasswordField } from "~/components/forms/password-field";
import { RadioField } from "~/components/forms/radio-fields";
import { SelectField } from "~/components/forms/select-field";
import { TextField } from "~/components/forms/text-fields";
import { TextareaField } from "~/components/forms/textarea-field";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import { successToast } from "~/domain/toast";
import { requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import {
  NIPR_SCANS,
  NIPR_SCAN_LABELS,
  NIPR_TRACKING,
  NIPR_TRACKING_LABELS,
  monthlyCostText,
} from "~/admin/sections/nipr_license_config/records";
import { connectionSchema, scheduleSchema, trackingSchema } from "~/admin/sections/nipr_license_config/schemas";
import { niprConfig, updateNiprConfig } from "~/admin/sections/nipr_license_config/section.server";
import type { Route } from "./+types/admin.nipr_license_config";

export function meta() {
  return [{ title: "NIPR license settings · Admin" }];
}

export const handle = { crumbs: () => [{ label: "NIPR license settings" }] };

const HERE = "/admin/nipr_license_config";

/**
 * NIPR license settings (spec §2 nipr_license_config, issue 24 §6): three plain forms (each works without
 * JavaScript). The connection's password is write-only: the page never has it (the upstream answers only whether
 * one is saved, and a refused form does not send it back). Who is tracked changes only after a confirmation that
 * shows what it costs a month; the scans and the warning window save at once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [, answer] = await loadWithViewer(request, context, async (token) => niprConfig(token));
  const { config, producers } = answer;
  const byId = new Map(producers.map((p) => [p.id, p.npn]));
  return {
    config,
    trackedCount: config.tracking === "all" ? config.activeProducers : config.trackedUserIds.length,
    chosenNpns: config.trackedUserIds.map((id) => byId.get(id) ?? "").filter(Boolean),
  };
}

const INTENTS = ["connection", "review", "track", "schedule"] as const;
type Intent = (typeof INTENTS)[number];
const SCHEMAS = {
  connection: connectionSchema,
  review: trackingSchema,
  track: trackingSchema,
  schedule: scheduleSchema,
} as const;
type Review = { tracking: string; npns: string; producers: number; cost: string };
type Answer = { intent: Intent; result: FormResult; review?: Review };

export async function action({ request, context }: Route.ActionArgs) {
  const probe = actionForm(request, context);
  const raw = (await probe.read()).get("intent");
  const intent = INTENTS.find((i) => i === raw);
  if (!intent) throw data({ messages: [] }, { status: 400, statusText: "Bad Request" });
  const schema = SCHEMAS[intent];
  // The password never comes back in the page, whatever fails.
  const form = actionForm(request, context, { schema, read: async () => probe.read(), hideFields: ["password"] });
  const answer = (result: FormResult, status: number, review?: Review) =>
    data<Answer>({ intent, result, review }, { status });
  return form.answer(
    async () => {
      const viewer = await requireAdmin(request, context);
      const parsed = await form.parse(schema);
      if (parsed.status !== "success") return answer(parsed.reply({ hideFields: ["password"] }), 400);
      if (intent === "connection") {
        const v = parsed.value as { username: string; password: string | null };
        await updateNiprConfig(viewer.token, { username: v.username, ...(v.password ? { password: v.password } : {}) });
        return redirectWithToast(HERE, [successToast("NIPR connection saved.")]);
      }
      if (intent === "schedule") {
        const v = parsed.value as {
          activeScan: "weekly" | "monthly";
          inactiveScan: "weekly" | "monthly";
          warningDays: number;
        };
        await updateNiprConfig(viewer.token, v);
        return redirectWithToast(HERE, [successToast("Scans and warning window saved.")]);
      }
      const v = parsed.value as { tracking: "all" | "chosen"; npns: string[] };
      const { config, producers } = await niprConfig(viewer.token);
      const byNpn = new Map(producers.map((p) => [p.npn, p.id]));
      const unknown = v.npns.filter((n) => !byNpn.has(n));
      if (v.tracking === "chosen" && unknown.length)
        return answer(
          parsed.reply({
            fieldErrors: { npns: [`No active agent has these NPNs: ${unknown.slice(0, 10).join(", ")}`] },
          }),
          400,
        );
      const ids = v.npns.flatMap((n) => byNpn.get(n) ?? []);
      const count = v.tracking === "all" ? config.activeProducers : ids.length;
      if (intent === "review")
        return answer(parsed.reply(), 200, {
          tracking: v.tracking,
          npns: v.npns.join("\n"),
          producers: count,
          cost: monthlyCostText(count, config.costCents),
        });
      await updateNiprConfig(viewer.token, {
        tracking: v.tracking,
        ...(v.tracking === "chosen" ? { trackedUserIds: ids } : {}),
      });
      return redirectWithToast(HERE, [successToast(`Tracking saved: ${monthlyCostText(count, config.costCents)}.`)]);
    },
    (failure) => answer(failure.result, failure.status),
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function NiprLicenseConfigPage({ loaderData, actionData }: Route.ComponentProps) {
  const { config, trackedCount, chosenNpns } = loaderData;
  const answered = actionData as Answer | undefined;
  const resultOf = (intent: Intent) => (answered?.intent === intent ? answered.result : undefined);
  const review = answered?.intent === "review" ? answered.review : undefined;
  return (
    <Stack gap="md">
      <Title order={1}>NIPR license settings</Title>
      <Text>
        The connection to NIPR's Producer Database, which agents are tracked (NIPR bills each tracked agent per month),
        the fallback scans and the warning window before a license expires.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ConnectionForm
          username={config.username}
          passwordSet={config.passwordSet}
          lastResult={resultOf("connection")}
        />
        <ScheduleForm
          activeScan={config.activeScan}
          inactiveScan={config.inactiveScan}
          warningDays={config.warningDays}
          lastResult={resultOf("schedule")}
        />
      </SimpleGrid>
      <Paper withBorder p="md" component="section" aria-labelledby="tracking-heading">
        <Title order={2} size="h3" id="tracking-heading" mb="xs">
          Tracked agents
        </Title>
        <Text mb="sm" data-testid="nipr-current-cost">
          Now: {NIPR_TRACKING_LABELS[config.tracking].toLowerCase()}, {monthlyCostText(trackedCount, config.costCents)}.
        </Text>
        {review ? (
          <ConfirmPanel
            title="Change who is tracked?"
            intro={`From now on NIPR bills: ${review.cost}.`}
            items={[
              review.tracking === "all"
                ? `Every active agent (${review.producers})`
                : `${review.producers} chosen ${review.producers === 1 ? "agent" : "agents"}`,
            ]}
            action={HERE}
            hidden={[
              ["intent", "track"],
              ["tracking", review.tracking],
              ["npns", review.npns],
            ]}
            confirmLabel="Confirm the change"
            cancelHref={HERE}
            danger={false}
          />
        ) : (
          <TrackingForm
            tracking={config.tracking}
            npns={chosenNpns.join("\n")}
            lastResult={resultOf("review") ?? resultOf("track")}
          />
        )}
      </Paper>
    </Stack>
  );
}

function ConnectionForm({
  username,
  passwordSet,
  lastResult,
}: {
  username: string;
  passwordSet: boolean;
  lastResult: FormResult | undefined;
}) {
  const [form, fields] = usePortalForm(connectionSchema, {
    lastResult,
    constraint: true,
    id: "connection",
    defaultValue: { username },
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="connection-heading">
      <Title order={2} size="h3" id="connection-heading" mb="xs">
        Connection
      </Title>
      <PortalForm form={form}>
        <input type="hidden" name="intent" value="connection" />
        <Stack gap="sm">
          <FormAlert form={form} />
          <TextField field={fields.username} label="NIPR user name" autoComplete="off" />
          <PasswordField
            field={fields.password}
            label="NIPR password"
            autoComplete="new-password"
            description={
              passwordSet
                ? "A password is saved. It is never shown: type a new one to replace it, or leave this empty to keep it."
                : "No password is saved yet."
            }
          />
          <Group>
            <SubmitButton>Save connection</SubmitButton>
          </Group>
        </Stack>
      </PortalForm>
    </Paper>
  );
}

function ScheduleForm({
  activeScan,
  inactiveScan,
  warningDays,
  lastResult,
}: {
  activeScan: string;
  inactiveScan: string;
  warningDays: number;
  lastResult: FormResult | undefined;
}) {
  const [form, fields] = usePortalForm(scheduleSchema, {
    lastResult,
    constraint: true,
    id: "schedule",
    defaultValue: { activeScan, inactiveScan, warningDays: String(warningDays) },
  });
  const scans = NIPR_SCANS.map((value) => ({ value, label: NIPR_SCAN_LABELS[value] }));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="schedule-heading">
      <Title order={2} size="h3" id="schedule-heading" mb="xs">
        Fallback scans and warning window
      </Title>
      <PortalForm form={form}>
        <input type="hidden" name="intent" value="schedule" />
        <Stack gap="sm">
          <FormAlert form={form} />
          <SelectField field={fields.activeScan} label="Scan active licenses" data={scans} />
          <SelectField field={fields.inactiveScan} label="Scan inactive licenses" data={scans} />
          <TextField
            field={fields.warningDays}
            label="Warning window (days)"
            inputMode="numeric"
            description="Licenses are marked Expires soon this many days before they expire (profiles and readiness pages)"
          />
          <Group>
            <SubmitButton>Save scans and window</SubmitButton>
          </Group>
        </Stack>
      </PortalForm>
    </Paper>
  );
}

function TrackingForm({
  tracking,
  npns,
  lastResult,
}: {
  tracking: string;
  npns: string;
  lastResult: FormResult | undefined;
}) {
  const [form, fields] = usePortalForm(trackingSchema, {
    lastResult,
    constraint: true,
    id: "tracking",
    defaultValue: { tracking, npns },
  });
  return (
    <PortalForm form={form}>
      <input type="hidden" name="intent" value="review" />
      <Stack gap="sm">
        <FormAlert form={form} />
        <RadioField
          field={fields.tracking}
          label="Track"
          options={NIPR_TRACKING.map((value) => ({ value, label: NIPR_TRACKING_LABELS[value] }))}
        />
        <TextareaField
          field={fields.npns}
          label="Chosen agents' NPNs"
          description="One per line (or separated by commas); used when tracking a chosen list"
          autosize
          minRows={3}
          maxRows={10}
        />
        <Group>
          <SubmitButton>Review the cost</SubmitButton>
          <Button component={Link} to={HERE} variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </PortalForm>
  );
}
