import type { Submission } from "@conform-to/react";
import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, data } from "react-router";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { LegalQuestionsForm } from "~/components/legal-questions-form";
import {
  BankingStep,
  DocumentsStep,
  LicensesStep,
  OnboardingStepList,
  OptoutStep,
  PersonalStep,
  SignatureStep,
} from "~/components/onboarding";
import { useFetcherToasts } from "~/components/toaster";
import { answersToNestedRows, legalAnswerSetProblems, legalAnswersSchema } from "~/domain/legal-answers";
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
import { todayIso } from "~/.server/clock";
import { formDataOf } from "~/.server/forms";
import { onboardingLegalQuestions } from "~/.server/legal-questions";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer, requireViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { parseUploadForm } from "~/.server/upload";
import { legalAnswers, saveLegalAnswers } from "~/.server/upstream/contracting";
import {
  completeOnboarding,
  onboarding as loadOnboarding,
  saveOnboardingDocuments,
  saveOnboardingStep,
} from "~/.server/upstream/onboarding";
import type { Onboarding } from "~/.server/upstream/schemas";
import { formatPhone } from "~/domain/masks";
import { onboardingResume } from "~/domain/next-steps";
import type { Route } from "./+types/onboarding";
import type { $ZodType } from "zod/v4/core";

export function meta() {
  return [{ title: "Contracting" }];
}

/**
 * The contracting steps (issue 3): each step a form saved to the upstream, resumable; the overview lists
 * them and, when all are done, submits the onboarding.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const legal = params.step === "legal";
  const [viewer, [state, questions, answers]] = await loadWithViewer(request, context, async (token) =>
    Promise.all([
      loadOnboarding(token),
      legal ? onboardingLegalQuestions(token) : Promise.resolve([]),
      legal ? legalAnswers(token) : Promise.resolve([]),
    ]),
  );
  if (params.step && !state.steps.some((s) => s.key === params.step)) {
    throw data(null, { status: 404, statusText: "Not Found" });
  }
  return {
    // Personal details start from what the portal already knows.
    firstName: viewer.user.firstName,
    lastName: viewer.user.lastName,
    requiresTaxId: viewer.user.roleRequiresSsnOrTin,
    // The phone on file as the mask shows it (formatted here: the masks' module loads in the browser only
    // with the first masked field), so the form starts from it with or without JavaScript.
    state: state.personal
      ? { ...state, personal: { ...state.personal, phone: formatPhone(state.personal.phone) } }
      : state,
    step: params.step ?? null,
    questions,
    answers,
    today: todayIso(),
  };
}

/** Fields a step's form never sends back: the tax id, the account number, chosen files. */
const HIDDEN_FIELDS: Record<string, string[]> = {
  personal: ["taxId"],
  banking: ["accountNumber"],
  documents: ["w9", "eo"],
};

/** Each step's fields (the schemas' shapes; their upstream-dependent options do not change the names). */
function stepFields(step: string | null, today: string): $ZodType | undefined {
  switch (step) {
    case "personal":
      return personalSchema({ today, taxIdRequired: true });
    case "licenses":
      return licenseSchema({ today });
    case "legal":
      return legalAnswersSchema({ today });
    case "banking":
      return bankingSchema;
    case "documents":
      return documentsSchema([]);
    case "signature":
      return signatureFormSchema;
    case "optout":
      return optoutSchema;
    default:
      return undefined;
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const step = params.step ?? null;
  const today = todayIso();
  // An upstream refusal or fault answers with everything the user typed; sensitive fields never come
  // back in the page, whatever failed (the viewer's call included).
  const form = actionForm(request, context, {
    read: step === "documents" || step === "legal" ? parseUploadForm : formDataOf,
    schema: stepFields(step, today),
    hideFields: HIDDEN_FIELDS[step ?? ""] ?? [],
  });
  const invalid = (
    s: Submission<unknown>,
    problems: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {},
  ) => data({ step, result: s.reply({ ...problems, hideFields: [...form.hidden] }), toasts: [] }, { status: 400 });
  const saved = async (state: Onboarding, message = "Saved") =>
    redirectWithToast(onboardingResume(state.steps)?.to ?? "/onboarding", [successToast(message)]);

  return form.answer(
    async () => {
      const viewer = await requireViewer(request, context);
      const { token } = viewer;
      const formData = await form.read();
      const intent = String(formData.get("intent") ?? "save");
      if (intent === "complete") {
        await completeOnboarding(token);
        return redirectWithToast("/onboarding_complete", [successToast("Your onboarding is complete")]);
      }
      switch (step) {
        case "personal": {
          const current = await loadOnboarding(token);
          const s = await form.parse(
            personalSchema({
              today,
              taxIdRequired: viewer.user.roleRequiresSsnOrTin && current.personal?.taxIdType == null,
            }),
          );
          if (s.status !== "success") return invalid(s);
          const { taxId, taxIdType, ...rest } = s.value;
          return saved(
            await saveOnboardingStep(token, "personal", { ...rest, ...(taxId ? { [taxIdType ?? "ssn"]: taxId } : {}) }),
          );
        }
        case "licenses": {
          if (intent === "continue") return saved(await saveOnboardingStep(token, "licenses", {}));
          const s = await form.parse(licenseSchema({ today }));
          if (s.status !== "success") return invalid(s);
          // A double click or a resubmission adds the license once; the repeat is not an error.
          const current = await loadOnboarding(token);
          const onFile = current.licenses.some(
            (l) => l.state === s.value.state && l.licenseNumber === s.value.licenseNumber,
          );
          if (!onFile) await saveOnboardingStep(token, "licenses", { license: s.value });
          return redirectWithToast("/onboarding/licenses", [successToast("License added")]);
        }
        case "legal": {
          form.hide(...[...formData.keys()].filter((key) => key.endsWith(".file")));
          const s = await form.parse(legalAnswersSchema({ today }));
          if (s.status !== "success") return invalid(s);
          const [questions, stored] = await Promise.all([onboardingLegalQuestions(token), legalAnswers(token)]);
          // The questions asked, each once; a kept attachment is the stored one (as in the contract flow).
          const problems = legalAnswerSetProblems(s.value.answers, { questions, stored });
          if (problems) return invalid(s, problems);
          const rows = answersToNestedRows(s.value.answers);
          if (rows.length > 0) await saveLegalAnswers(token, toNestedEntries("user", "legalAnswers", rows));
          return saved(await saveOnboardingStep(token, "legal", {}));
        }
        case "banking": {
          const s = await form.parse(bankingSchema);
          if (s.status !== "success") return invalid(s);
          const digits = (v: string) => v.replace(/\D/g, "");
          return saved(
            await saveOnboardingStep(token, "banking", {
              ...s.value,
              routingNumber: digits(s.value.routingNumber),
              accountNumber: digits(s.value.accountNumber),
            }),
          );
        }
        case "documents": {
          const current = await loadOnboarding(token);
          const s = await form.parse(documentsSchema(current.documents.map((d) => d.kind)));
          if (s.status !== "success") return invalid(s);
          const entries: Array<[string, Blob]> = [];
          for (const kind of ["w9", "eo"] as const) {
            const file = s.value[kind];
            if (file && file.size > 0) entries.push([kind, file]);
          }
          return saved(entries.length ? await saveOnboardingDocuments(token, entries) : current);
        }
        case "signature": {
          const s = await form.parse(signatureFormSchema);
          if (s.status !== "success") return invalid(s);
          return saved(await saveOnboardingStep(token, "signature", { strokes: s.value.signature }));
        }
        case "optout": {
          const s = await form.parse(optoutSchema);
          if (s.status !== "success") return invalid(s);
          return saved(await saveOnboardingStep(token, "optout", s.value));
        }
        default:
          throw data(null, { status: 404, statusText: "Not Found" });
      }
    },
    // The upstream's reason (or that it is not answering) as a toast and at the form; what was typed stays.
    (failure) =>
      data({ step, result: failure.result, toasts: errorToasts(failure.messages) }, { status: failure.status }),
  );
}

export default function OnboardingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { firstName, lastName, requiresTaxId, state, step, questions, answers, today } = loaderData;
  useFetcherToasts(actionData);
  const lastResult = actionData && actionData.step === step ? actionData.result : undefined;
  const current = state.steps.find((s) => s.key === step) ?? null;
  // 'Start with …' until a step is done, then 'Continue where you left off'; null once every step is done.
  const resume = onboardingResume(state.steps);
  // Submitting the whole onboarding has no fields: whatever the upstream said shows above the button.
  const completeErrors =
    actionData?.step === null ? Object.values(actionData.result.error ?? {}).flatMap((e) => e ?? []) : undefined;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Contracting</Title>
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
      <OnboardingStepList steps={state.steps} current={step} />

      {current ? (
        <Paper withBorder p="md" component="section" aria-labelledby="step-title">
          <Title order={2} size="h3" id="step-title" mb="sm">
            {current.title}
          </Title>
          {current.key === "personal" ? (
            <PersonalStep
              values={
                state.personal ?? {
                  firstName,
                  lastName,
                  phone: null,
                  dateOfBirth: null,
                  addressLine1: null,
                  city: null,
                  state: null,
                  zip: null,
                  taxIdType: null,
                }
              }
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
          {resume === null ? (
            <PortalForm action="/onboarding">
              <Stack gap="sm">
                <FormAlert form={{ errors: completeErrors }} />
                <Text>Every step is done. Submit your onboarding to start contracting.</Text>
                <Group>
                  <SubmitButton name="intent" value="complete">
                    Submit onboarding
                  </SubmitButton>
                </Group>
              </Stack>
            </PortalForm>
          ) : (
            <Button component={Link} to={resume.to}>
              {resume.label}
            </Button>
          )}
        </Paper>
      ) : null}
    </Stack>
  );
}
