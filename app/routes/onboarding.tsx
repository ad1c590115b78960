import { parseWithZod } from "@conform-to/zod/v4";
import { Anchor, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck, IconCircleDashed } from "@tabler/icons-react";
import { useEffect } from "react";
import { Form, Link, data } from "react-router";
import { LegalQuestionsForm } from "~/components/legal-questions-form";
import {
  BankingStep,
  DocumentsStep,
  LicensesStep,
  OptoutStep,
  PersonalStep,
  SignatureStep,
} from "~/components/onboarding-steps";
import { useShowToasts } from "~/components/toaster";
import { answersToNestedRows, legalAnswersSchema } from "~/domain/legal-answers";
import { toNestedEntries } from "~/domain/nested-attributes";
import {
  bankingSchema,
  documentsSchema,
  licenseSchema,
  optoutSchema,
  personalSchema,
  signatureFormSchema,
} from "~/domain/onboarding-forms";
import { errorToasts, successToast } from "~/domain/toast";
import { fullName } from "~/domain/user";
import { formDataOf } from "~/.server/forms";
import { loadWithViewer, requireViewer, upstreamFailure } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { parseUploadForm } from "~/.server/upload";
import { UnauthorizedError, UpstreamError } from "~/.server/upstream/client";
import { legalAnswers, legalQuestions, saveLegalAnswers } from "~/.server/upstream/contracting";
import {
  completeOnboarding,
  onboarding as loadOnboarding,
  saveOnboardingDocuments,
  saveOnboardingStep,
} from "~/.server/upstream/onboarding";
import type { Onboarding } from "~/.server/upstream/schemas";
import type { Route } from "./+types/onboarding";

/** The legal questions of onboarding are those of the default product (Medicare Advantage, id 1). */
const ONBOARDING_LEGAL_PRODUCT = 1;

export function meta() {
  return [{ title: "Contracting" }];
}

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

function nextStepHref(state: Pick<Onboarding, "steps">): string {
  const next = state.steps.find((s) => !s.complete);
  return next ? `/onboarding/${next.key}` : "/onboarding";
}

/**
 * The contracting steps (issue 3): each step a form saved to the upstream, resumable; the overview lists
 * them and, when all are done, submits the onboarding.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const legal = params.step === "legal";
  const [viewer, [state, questions, answers]] = await loadWithViewer(request, context, (token) =>
    Promise.all([
      loadOnboarding(token),
      legal ? legalQuestions(token, ONBOARDING_LEGAL_PRODUCT) : Promise.resolve([]),
      legal ? legalAnswers(token) : Promise.resolve([]),
    ]),
  );
  if (params.step && !state.steps.some((s) => s.key === params.step)) {
    throw data(null, { status: 404, statusText: "Not Found" });
  }
  return {
    name: fullName(viewer.user),
    email: viewer.user.email,
    // Personal details start from what the portal already knows.
    firstName: viewer.user.firstName,
    lastName: viewer.user.lastName,
    requiresTaxId: viewer.user.roleRequiresSsnOrTin,
    state,
    step: params.step ?? null,
    questions,
    answers,
    today: todayIso(),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const step = params.step ?? null;
  const today = todayIso();
  const form = step === "documents" || step === "legal" ? await parseUploadForm(request) : await formDataOf(request);
  const intent = String(form.get("intent") ?? "save");

  async function saved(state: Onboarding, message = "Saved") {
    return redirectWithToast(nextStepHref(state), [successToast(message)]);
  }

  try {
    if (intent === "complete") {
      await completeOnboarding(viewer.token);
      return redirectWithToast("/onboarding_complete", [successToast("Your onboarding is complete")]);
    }
    const current = await loadOnboarding(viewer.token);
    switch (step) {
      case "personal": {
        const schema = personalSchema({ today, taxIdRequired: viewer.user.roleRequiresSsnOrTin && current.personal?.taxIdType == null });
        const submission = parseWithZod(form, { schema });
        if (submission.status !== "success") return data({ step, result: submission.reply({ hideFields: ["taxId"] }), toasts: [] }, { status: 400 });
        const { taxId, taxIdType, ...rest } = submission.value;
        const body = { ...rest, ...(taxId ? { [taxIdType ?? "ssn"]: taxId } : {}) };
        return saved(await saveOnboardingStep(viewer.token, "personal", body));
      }
      case "licenses": {
        if (intent === "continue") return saved(await saveOnboardingStep(viewer.token, "licenses", {}));
        const submission = parseWithZod(form, { schema: licenseSchema({ today }) });
        if (submission.status !== "success") return data({ step, result: submission.reply(), toasts: [] }, { status: 400 });
        await saveOnboardingStep(viewer.token, "licenses", { license: submission.value });
        return redirectWithToast("/onboarding/licenses", [successToast("License added")]);
      }
      case "legal": {
        const submission = parseWithZod(form, { schema: legalAnswersSchema({ today }) });
        const fileFields = [...form.keys()].filter((key) => key.endsWith(".file"));
        if (submission.status !== "success") return data({ step, result: submission.reply({ hideFields: fileFields }), toasts: [] }, { status: 400 });
        await saveLegalAnswers(viewer.token, toNestedEntries("user", "legalAnswers", answersToNestedRows(submission.value.answers)));
        return saved(await saveOnboardingStep(viewer.token, "legal", {}));
      }
      case "banking": {
        const submission = parseWithZod(form, { schema: bankingSchema });
        if (submission.status !== "success") return data({ step, result: submission.reply({ hideFields: ["accountNumber"] }), toasts: [] }, { status: 400 });
        const v = submission.value;
        return saved(
          await saveOnboardingStep(viewer.token, "banking", {
            ...v,
            routingNumber: v.routingNumber.replace(/\D/g, ""),
            accountNumber: v.accountNumber.replace(/\D/g, ""),
          }),
        );
      }
      case "documents": {
        const submission = parseWithZod(form, { schema: documentsSchema(current.documents.map((d) => d.kind)) });
        if (submission.status !== "success") return data({ step, result: submission.reply({ hideFields: ["w9", "eo"] }), toasts: [] }, { status: 400 });
        const entries: Array<[string, Blob]> = [];
        for (const kind of ["w9", "eo"] as const) {
          const file = submission.value[kind];
          if (file && file.size > 0) entries.push([kind, file]);
        }
        return saved(entries.length ? await saveOnboardingDocuments(viewer.token, entries) : current);
      }
      case "signature": {
        const submission = parseWithZod(form, { schema: signatureFormSchema });
        if (submission.status !== "success") return data({ step, result: submission.reply(), toasts: [] }, { status: 400 });
        return saved(await saveOnboardingStep(viewer.token, "signature", { strokes: submission.value.signature }));
      }
      case "optout": {
        const submission = parseWithZod(form, { schema: optoutSchema });
        if (submission.status !== "success") return data({ step, result: submission.reply(), toasts: [] }, { status: 400 });
        return saved(await saveOnboardingStep(viewer.token, "optout", submission.value));
      }
      default:
        throw data(null, { status: 404, statusText: "Not Found" });
    }
  } catch (error) {
    if (error instanceof UnauthorizedError || !(error instanceof UpstreamError)) return upstreamFailure(error, viewer.session);
    // The upstream's reason as a toast and at the form; what was typed stays in the form.
    return data(
      { step, result: { status: "error" as const, error: { "": error.messages } }, toasts: errorToasts(error.messages) },
      { status: 400 },
    );
  }
}

export default function OnboardingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { name, email, firstName, lastName, requiresTaxId, state, step, questions, answers, today } = loaderData;
  const show = useShowToasts();
  useEffect(() => {
    if (actionData?.toasts.length) show(actionData.toasts);
  }, [actionData, show]);
  const lastResult = actionData && actionData.step === step ? actionData.result : undefined;
  const current = state.steps.find((s) => s.key === step) ?? null;
  const allDone = state.steps.every((s) => s.complete);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Contracting</Title>
        <Text c="dimmed">
          Signed in as {name} ({email})
        </Text>
      </div>
      {state.complete ? (
        <Text>
          Your onboarding is complete.{" "}
          <Anchor component={Link} to="/home">
            Go to your home page
          </Anchor>
          .
        </Text>
      ) : (
        <Text>Complete these contracting steps to unlock the portal. Your progress is saved after each step.</Text>
      )}
      <nav aria-label="Contracting steps">
        <List spacing="xs">
          {state.steps.map((s) => (
            <List.Item
              key={s.key}
              icon={
                <ThemeIcon color={s.complete ? "green" : "gray"} size={22} radius="xl" variant="light">
                  {s.complete ? <IconCircleCheck size={16} aria-label="done" /> : <IconCircleDashed size={16} aria-label="to do" />}
                </ThemeIcon>
              }
            >
              <Anchor component={Link} to={`/onboarding/${s.key}`} aria-current={s.key === step ? "step" : undefined} fw={s.key === step ? 700 : 400}>
                {s.title}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </nav>

      {current ? (
        <Paper withBorder p="md" component="section" aria-labelledby="step-title">
          <Title order={2} size="h3" id="step-title" mb="sm">
            {current.title}
          </Title>
          {current.key === "personal" ? (
            <PersonalStep
              values={state.personal ?? { firstName, lastName, phone: null, dateOfBirth: null, addressLine1: null, city: null, state: null, zip: null, taxIdType: null }}
              requiresTaxId={requiresTaxId}
              today={today}
              lastResult={lastResult}
            />
          ) : current.key === "licenses" ? (
            <LicensesStep licenses={state.licenses} today={today} lastResult={lastResult} />
          ) : current.key === "legal" ? (
            <LegalQuestionsForm
              action="/onboarding/legal"
              questions={questions}
              answers={answers}
              today={today}
              lastResult={lastResult}
              submitLabel="Save & Continue"
            />
          ) : current.key === "banking" ? (
            <BankingStep values={state.banking} lastResult={lastResult} />
          ) : current.key === "documents" ? (
            <DocumentsStep stored={state.documents} lastResult={lastResult} />
          ) : current.key === "signature" ? (
            <SignatureStep signedAt={state.signature?.signedAt ?? null} lastResult={lastResult} />
          ) : (
            <OptoutStep values={state.optout} lastResult={lastResult} />
          )}
        </Paper>
      ) : !state.complete ? (
        <Paper withBorder p="md">
          {allDone ? (
            <Form method="post" action="/onboarding">
              <Stack gap="sm">
                <Text>Every step is done. Submit your onboarding to start contracting.</Text>
                <Group>
                  <Button type="submit" name="intent" value="complete">
                    Submit onboarding
                  </Button>
                </Group>
              </Stack>
            </Form>
          ) : (
            <Button component={Link} to={nextStepHref(state)}>
              Continue where you left off
            </Button>
          )}
        </Paper>
      ) : null}
    </Stack>
  );
}
