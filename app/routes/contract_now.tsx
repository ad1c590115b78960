import { randomUUID } from "node:crypto";
import { Alert, Button, Group, Paper } from "@mantine/core";
import { useEffect, useRef } from "react";
import { Link, data, redirect } from "react-router";
import { CarrierContractCard } from "~/components/carrier-contract-card";
import { LegalQuestionsForm } from "~/components/legal-questions-form";
import { useFetcherToasts } from "~/components/toaster";
import {
  CONTRACT_REQUEST_BLOCKED,
  contractRequestedMessage,
  contractStateOf,
  viewContractHref,
} from "~/domain/contract-state";
import { homeFor } from "~/domain/home";
import { contractRequestsBlocked } from "~/domain/documents";
import { holdsRefusal, statesOfSale } from "~/domain/nipr-holds";
import type { LayoutHandle } from "~/domain/layout";
import { answersToNestedRows, legalAnswerSetProblems, legalAnswersSchema } from "~/domain/legal-answers";
import { toNestedEntries } from "~/domain/nested-attributes";
import { errorToasts, successToast } from "~/domain/toast";
import { fullName } from "~/domain/user";
import { carrierCards, chosenProduct } from "~/.server/contract-now";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer, requireViewer } from "~/.server/guards";
import { todayIso } from "~/.server/clock";
import { redirectWithToast } from "~/.server/toast";
import { parseUploadForm } from "~/.server/upload";
import {
  centerResources,
  contractingStatuses,
  legalAnswers,
  legalQuestions,
  productCarriers,
  products,
  requestContracts,
  saveLegalAnswers,
} from "~/.server/upstream/contracting";
import { orNotFound } from "~/.server/upstream-failure";
import { viewerState } from "~/.server/viewer";
import type { Route } from "./+types/contract_now";

export function meta() {
  return [{ title: "Contract Now" }];
}

export const handle: LayoutHandle = { fullScreen: true };

type Step = "confirm" | "legal";

function numberParam(url: URL, name: string): number | null {
  const value = Number(url.searchParams.get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * Spec §2 Contract Now dialog and §4 contract flow, driven by the URL (?product, ?carrier, ?step) so it
 * works without JavaScript: products → carriers with resources and contract state → confirm the
 * account → legal questions → 'Update Answers & Contract'.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const askedProduct = numberParam(url, "product");
  const carrierParam = numberParam(url, "carrier");
  const stepParam = url.searchParams.get("step");
  const wantsLegal = stepParam === "legal" && askedProduct !== null;

  // One round (ADR 017): everything starts together, the URL's product's carriers with the product list
  // and the contract states. Without ?product (the menu's link) the default product's carriers follow the
  // product list, a shared list that is usually known already; so do an unknown product's (the default's).
  const [viewer, [[productList, product, carriers], statuses, resources, questions, answers]] = await loadWithViewer(
    request,
    context,
    async (token) => {
      const asked = askedProduct === null ? null : productCarriers(token, askedProduct);
      // A product the upstream does not know falls back to the default one below, whatever this answered.
      asked?.catch(() => {});
      return Promise.all([
        products(token).then(async (list) => {
          const chosen = chosenProduct(list, askedProduct);
          const chosenCarriers = !chosen
            ? []
            : asked && chosen.id === askedProduct
              ? await asked
              : await productCarriers(token, chosen.id);
          return [list, chosen, chosenCarriers] as const;
        }),
        contractingStatuses(token),
        centerResources(token),
        // A product the upstream does not know: the dialog falls back to the default product.
        wantsLegal ? orNotFound(legalQuestions(token, askedProduct)) : Promise.resolve(null),
        wantsLegal ? legalAnswers(token) : Promise.resolve(null),
      ]);
    },
  );
  const cards = carrierCards(carriers, resources, statuses, new Date());
  const documentsBlock = contractRequestsBlocked(viewerState(viewer));
  // Issue 24 §7: NIPR holds leave their states out of a request; holds that leave no state refuse it.
  const holds = viewer.profile?.niprHolds ?? [];
  const sale = statesOfSale(viewer.profile?.licenses ?? [], holds, todayIso());
  const blocked = documentsBlock || sale.refused;

  // The flow applies to a carrier with no contract state yet, and never while documents block requests.
  const selected = cards.find((c) => c.carrierProductId === carrierParam && c.state === "none") ?? null;
  const step: Step | null =
    selected && !blocked && (stepParam === "confirm" || stepParam === "legal") ? stepParam : null;

  return {
    products: productList,
    productId: product?.id ?? null,
    cards,
    blocked,
    documentsBlock,
    holds: holds.map((h) => h.message),
    sale,
    refusal: sale.refused ? holdsRefusal(sale.held) : null,
    requested: numberParam(url, "requested"),
    flow:
      step && selected && product
        ? {
            step,
            carrierProductId: selected.carrierProductId,
            carrierName: selected.carrierName,
            questions: step === "legal" ? (questions ?? []) : [],
            answers: step === "legal" ? (answers ?? []) : [],
            idempotencyKey: randomUUID(),
            today: todayIso(),
          }
        : null,
    account: {
      name: fullName(viewer.user),
      email: viewer.user.email,
      npnNumber: viewer.user.npnNumber,
      licenses: viewer.profile?.licenses.length ?? 0,
    },
    viewContractHref: viewContractHref(viewer.user),
    closeHref: homeFor(viewer.user),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const productId = numberParam(url, "product");
  const carrierProductId = numberParam(url, "carrier");
  if (!productId || !carrierProductId) throw redirect("/contract_now");
  const back = `/contract_now?product=${productId}`;
  const schema = legalAnswersSchema({ today: todayIso() });

  // An upstream fault at any call (the viewer's, the reads, saving the answers, the request) keeps the form.
  const form = actionForm(request, context, { read: parseUploadForm, schema });
  return form.answer(
    async () => {
      const viewer = await requireViewer(request, context);
      // Spec §6: requesting contracts is blocked while document notifications exist (the upstream refuses too).
      if (contractRequestsBlocked(viewerState(viewer)))
        return redirectWithToast(back, errorToasts([CONTRACT_REQUEST_BLOCKED]));
      const sale = statesOfSale(viewer.profile?.licenses ?? [], viewer.profile?.niprHolds ?? [], todayIso());
      if (sale.refused) return redirectWithToast(back, errorToasts([holdsRefusal(sale.held)]));

      // The server decides, not the form: the carrier must offer this product and have no contract state
      // yet, and the answers must be those of this product's questions. Independent reads start together.
      const reads = await orNotFound(
        Promise.all([
          productCarriers(viewer.token, productId),
          contractingStatuses(viewer.token),
          legalQuestions(viewer.token, productId),
          legalAnswers(viewer.token),
        ]),
      );
      if (!reads) throw redirect("/contract_now");
      const [carriers, statuses, questions, stored] = reads;
      const carrier = carriers.find((c) => c.carrierProductId === carrierProductId);
      if (!carrier || contractStateOf(carrierProductId, statuses).state !== "none") {
        return redirectWithToast(
          back,
          errorToasts(["This carrier cannot be requested now: its contract state has changed."]),
        );
      }

      const formData = await form.read();
      const parsed = await form.parse(schema);
      const fileFields = [...formData.keys()].filter((key) => key.endsWith(".file"));
      if (parsed.status !== "success") {
        return data({ result: parsed.reply({ hideFields: fileFields }), toasts: [] }, { status: 400 });
      }
      const problems = legalAnswerSetProblems(parsed.value.answers, { questions, stored });
      if (problems) {
        return data({ result: parsed.reply({ ...problems, hideFields: fileFields }), toasts: [] }, { status: 400 });
      }
      const idempotencyKey = String(formData.get("idempotencyKey") ?? "");

      // Spec §4: saves the answers, then submits the request.
      const rows = answersToNestedRows(parsed.value.answers);
      if (rows.length > 0) await saveLegalAnswers(viewer.token, toNestedEntries("user", "legalAnswers", rows));
      const requested = await requestContracts(viewer.token, [carrierProductId], idempotencyKey || randomUUID());
      const entry = [...requested.pending, ...requested.approved, ...requested.active].find(
        (e) => e.carrierProductId === carrierProductId,
      );
      return redirectWithToast(`${back}&requested=${carrierProductId}`, [
        successToast(contractRequestedMessage(entry?.carrierName ?? "the carrier")),
      ]);
    },
    // Spec §8: the error toast carries the upstream's message; the form keeps what the user typed.
    (failure) => data({ result: failure.result, toasts: errorToasts(failure.messages) }, { status: failure.status }),
  );
}

export default function ContractNow({ loaderData, actionData }: Route.ComponentProps) {
  const {
    products: productList,
    productId,
    cards,
    blocked,
    documentsBlock,
    holds,
    sale,
    refusal,
    requested,
    flow,
    account,
  } = loaderData;
  useFetcherToasts(actionData);
  const cancelHref = `/contract_now?product=${productId}`;
  // Opening the dialog, or a step of the flow, puts keyboard and screen-reader focus on its title. The page
  // moves it, not the user, and a title is no control: no ring (Chrome draws one for focus moved by script
  // before any input; app.css drops it where the browser ignores focusVisible but judges it not keyboard).
  const title = useRef<HTMLHeadingElement>(null);
  const flowTitle = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    (flowTitle.current ?? title.current)?.focus({ focusVisible: false });
  }, [productId, flow?.step, flow?.carrierProductId]);

  return (
    // Padding and the phone layout in app.css (the "Contract Now" block), which finds the dialog by its label.
    <Paper role="dialog" aria-modal="true" aria-labelledby="contract-now-title" mih="100vh" radius={0}>
      {/* Plain elements with classes (issue 21), not Mantine's Stack, SimpleGrid, Title and Text. */}
      <div className="l-stack contract-now-body">
        <div className="l-row" data-justify="between">
          <h1 className="heading" id="contract-now-title" ref={title} tabIndex={-1}>
            Contract Now
          </h1>
          <Button component={Link} to={loaderData.closeHref} variant="default">
            Close
          </Button>
        </div>

        {documentsBlock ? (
          <Alert color="red" title="Documents need your attention" role="alert">
            {CONTRACT_REQUEST_BLOCKED}
          </Alert>
        ) : null}
        {holds.length > 0 ? (
          <Alert color={refusal ? "red" : "yellow"} title="NIPR holds" role={refusal ? "alert" : undefined}>
            <ul className="plain-list">
              {holds.map((message) => (
                <li key={message}>{message}</li>
              ))}
              {refusal ? <li>{refusal}</li> : null}
            </ul>
          </Alert>
        ) : null}

        {/* One row that scrolls sideways on a phone, never the page (app.css). */}
        <nav aria-label="Products">
          <Group gap="xs">
            {productList.map((p) => (
              <Button
                key={p.id}
                component={Link}
                to={`/contract_now?product=${p.id}`}
                variant={p.id === productId ? "filled" : "default"}
                aria-current={p.id === productId ? "page" : undefined}
              >
                {p.name}
              </Button>
            ))}
          </Group>
        </nav>

        {flow && productId ? (
          <Paper withBorder p="md" bg="gray.0" component="section" aria-labelledby="flow-title">
            <h2 className="heading flow-title" data-size="h3" id="flow-title" ref={flowTitle} tabIndex={-1}>
              Contract with {flow.carrierName}
            </h2>
            {flow.step === "confirm" ? (
              <div className="l-stack" data-gap="4">
                <h3 className="heading" data-size="h4">
                  Confirm your account
                </h3>
                <p className="txt">{account.name}</p>
                <p className="txt">{account.email}</p>
                {account.npnNumber ? <p className="txt">NPN {account.npnNumber}</p> : null}
                <p className="txt" data-size="sm" data-dimmed>
                  {account.licenses} license{account.licenses === 1 ? "" : "s"} on file
                </p>
                {sale.covered.length > 0 ? (
                  <p className="txt" data-size="sm">
                    This request covers {sale.covered.join(", ")}
                    {sale.held.length > 0 ? `; not ${sale.held.join(", ")} (NIPR hold)` : ""}.
                  </p>
                ) : null}
                <div className="l-row flow-actions">
                  <Button
                    component={Link}
                    to={`/contract_now?product=${productId}&carrier=${flow.carrierProductId}&step=legal`}
                  >
                    Confirm &amp; Next
                  </Button>
                  <Button component={Link} to={cancelHref} variant="default">
                    Cancel
                  </Button>
                </div>
              </div>
            ) : (
              <LegalQuestionsForm
                action={`/contract_now?product=${productId}&carrier=${flow.carrierProductId}&step=legal`}
                questions={flow.questions}
                answers={flow.answers}
                today={flow.today}
                idempotencyKey={flow.idempotencyKey}
                lastResult={actionData?.result}
                cancelHref={cancelHref}
              />
            )}
          </Paper>
        ) : null}

        {cards.length === 0 ? (
          <p className="txt" data-dimmed>
            No carriers offer this product yet.
          </p>
        ) : (
          <div className="l-grid" data-cols="1-2md">
            {cards.map((card) => (
              <CarrierContractCard
                key={card.carrierProductId}
                card={card}
                productId={productId}
                blocked={blocked}
                requested={requested === card.carrierProductId}
                viewContractHref={loaderData.viewContractHref}
              />
            ))}
          </div>
        )}
      </div>
    </Paper>
  );
}
