import { Stack, Text, Title } from "@mantine/core";
import { data } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { backToList } from "~/domain/admin/shapes";
import { successToast } from "~/domain/toast";
import { requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { EntryForm } from "~/admin/sections/payout_entries/entry-form";
import { entrySchema, type EntryFormValue } from "~/admin/sections/payout_entries/schemas";
import { createPayoutEntry, payoutChoices, prefillOf } from "~/admin/sections/payout_entries/section.server";
import type { Route } from "./+types/admin.payout_entries.new";

export function meta() {
  return [{ title: "New payout entry · Admin" }];
}

export const handle = {
  crumbs: (d: { back: string }) => [{ label: "Payout entries", to: d.back }, { label: "New payout entry" }],
};

/**
 * A new payout entry (spec §2 payout_entries/new, issue 23 §3). Its URL may fill it in
 * (?kind=correction&userId=1&period=2025-03&policy=…&memo=…&amount=…): the statements page links "record a
 * correcting entry" here. Created pending; its page says another administrator must approve it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [, choices] = await loadWithViewer(request, context, async (token) => payoutChoices(token));
  return {
    back: backToList("payout_entries", url.searchParams.get("back")),
    brokers: choices.brokers,
    prefill: prefillOf(url.searchParams),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = actionForm(request, context, { schema: entrySchema });
  return form.answer(async () => {
    const viewer = await requireAdmin(request, context);
    const parsed = await form.parse(entrySchema);
    if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
    const record = await createPayoutEntry(viewer.token, parsed.value as EntryFormValue);
    return redirectWithToast(`/admin/payout_entries/${record.id}`, [
      successToast("Payout entry created: another administrator must approve it."),
    ]);
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function NewPayoutEntry({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Stack gap="md" maw={820}>
      <div>
        <Title order={1}>New payout entry</Title>
        <Text c="dimmed" mt={4}>
          A one-time payment or deduction outside the carriers' statements. It waits for another administrator's
          approval; only approved entries reach the totals.
        </Text>
      </div>
      <EntryForm
        brokers={loaderData.brokers}
        lastResult={actionData}
        defaultValue={loaderData.prefill}
        submitLabel="Create payout entry"
        cancelHref={loaderData.back}
      />
    </Stack>
  );
}
