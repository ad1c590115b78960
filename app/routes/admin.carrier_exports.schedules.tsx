import { Stack, Text, Title } from "@mantine/core";
import { data } from "react-router";
import { ErrorPage } from "~/components/error-page";
import type { FormResult } from "~/components/forms/use-portal-form";
import { successToast } from "~/domain/toast";
import { requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { ExportsNav } from "~/admin/sections/carrier_exports/nav";
import { ScheduleForm } from "~/admin/sections/carrier_exports/schedule-form";
import { type ScheduleFormValue, scheduleSchema } from "~/admin/sections/carrier_exports/schemas";
import { carrierExportSchedules, saveCarrierExportSchedule } from "~/admin/sections/carrier_exports/section.server";
import type { Route } from "./+types/admin.carrier_exports.schedules";

export function meta() {
  return [{ title: "Export schedules · Carrier exports · Admin" }];
}

export const handle = {
  crumbs: () => [{ label: "Carrier exports", to: "/admin/carrier_exports" }, { label: "Schedules" }],
};

/** Each carrier's schedule per kind of file (issue 24 §2): off, daily or weekly; due runs join the history. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [, { schedules }] = await loadWithViewer(request, context, async (token) => carrierExportSchedules(token));
  return { schedules };
}

type Answer = { carrierId: number | null; result: FormResult };

export async function action({ request, context }: Route.ActionArgs) {
  const form = actionForm(request, context, { schema: scheduleSchema });
  const carrierOf = async () => {
    const raw = (await form.read().catch(() => undefined))?.get("carrierId");
    return typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  };
  return form.answer(
    async () => {
      const viewer = await requireAdmin(request, context);
      const parsed = await form.parse(scheduleSchema);
      if (parsed.status !== "success")
        return data<Answer>({ carrierId: await carrierOf(), result: parsed.reply() }, { status: 400 });
      const { record } = await saveCarrierExportSchedule(viewer.token, parsed.value as ScheduleFormValue);
      return redirectWithToast(new URL(request.url).pathname, [
        successToast(`${record.carrier.name}'s export schedule saved.`),
      ]);
    },
    async (failure) =>
      data<Answer>({ carrierId: await carrierOf(), result: failure.result }, { status: failure.status }),
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function CarrierExportSchedules({ loaderData, actionData }: Route.ComponentProps) {
  const answered = actionData as Answer | undefined;
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Export schedules</Title>
        <Text c="dimmed" mt={4}>
          When each carrier&apos;s files are built without anyone asking: daily at 6:00 UTC, or weekly on Mondays at
          6:00 UTC. Each scheduled file carries the changes of the day or week before it.
        </Text>
      </div>
      <ExportsNav current="Schedules" />
      {loaderData.schedules.map((schedule) => (
        <ScheduleForm
          key={schedule.carrier.id}
          schedule={schedule}
          lastResult={answered?.carrierId === schedule.carrier.id ? answered.result : undefined}
        />
      ))}
    </Stack>
  );
}
