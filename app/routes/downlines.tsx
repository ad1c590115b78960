import { FilterForm } from "~/components/filter-form";
import { Alert, Button, Group, NativeSelect, Text, Title } from "@mantine/core";
import { Link, data, useLocation } from "react-router";
import { AgencyBlock, AgentsTable, type Branches } from "~/components/downline-tree";
import { ErrorPage } from "~/components/error-page";
import { IgnoredFiltersNote } from "~/components/ignored-filters-note";
import { PortalForm, SubmitButton } from "~/components/forms/form";
import { LinkModal } from "~/components/link-modal";
import { PlainTable } from "~/components/plain-table";
import {
  CONTRACT_STATUS_FILTERS,
  idParam,
  noPoliciesText,
  openAgenciesOf,
  tooManyOpenText,
  withOpen,
} from "~/domain/downlines";
import { DOWNLINE_READINESS_HREF } from "~/domain/downline-readiness";
import { filterValue } from "~/domain/list-query";
import { withParam } from "~/domain/url";
import { formatDate } from "~/domain/formats";
import { DOWNLOAD_SENT, errorToasts, successToast } from "~/domain/toast";
import { formDataOf } from "~/.server/forms";
import { loadWithViewer, rememberedNpnId, requireViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import {
  downlineBranches,
  downlineCarriers,
  downlinePolicies,
  exportDownlinePolicies,
} from "~/.server/upstream/downlines";
import { orNotFound, upstreamFailure, upstreamStatus } from "~/.server/upstream-failure";
import type { Route } from "./+types/downlines";

export function meta() {
  return [{ title: "Downlines" }];
}

/** An id in the URL that is malformed, unknown, or not in the user's downline: the page answers 404. */
function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

/**
 * Spec §2 downlines: per carrier, agency blocks that expand (a link: ?open=npnId) to their sub-agencies
 * and agents; policy lists per agent and agency (?policies=npnId) with export. The root and every open
 * block (at most MAX_OPEN_AGENCIES) come in one upstream call, the policy list alongside: a page costs
 * the same few calls however long its URL. An unknown or foreign ?carrier= or ?policies= answers 404; an
 * open block that is not in the tree (a stale link) is just not shown.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { open, asked: openAsked } = openAgenciesOf(params);
  // A contract status the page does not know is ignored with a note (ADR 020).
  const statusFilter = filterValue(params, "status", { values: CONTRACT_STATUS_FILTERS });
  const statuses = statusFilter.value ? [statusFilter.value] : [];
  const policiesOf = idParam(params, "policies");
  const asked = idParam(params, "carrier");
  if (policiesOf === "invalid" || asked === "invalid") notFound();

  /** The root's and the open agencies' blocks, and the policy list when one is asked for, all at once. */
  const treeOf = async (token: string, carrierId: number, rootNpn: number | null) => {
    // Without a root of their own (an admin) nothing is open.
    const ids = rootNpn === null ? [] : [rootNpn, ...open.filter((id) => id !== rootNpn)];
    return Promise.all([
      ids.length > 0
        ? downlineBranches(token, carrierId, ids, statuses)
        : Promise.resolve({ branches: [], notFound: [] as number[] }),
      // Not in the user's tree: null, and the page answers 404.
      policiesOf !== null ? orNotFound(downlinePolicies(token, carrierId, policiesOf)) : Promise.resolve(null),
    ]);
  };
  type Tree = Awaited<ReturnType<typeof treeOf>>;

  // One round (ADR 017): the carriers, the viewer and the blocks start together. The blocks name the
  // npnId the session kept at sign-in and the URL's carrier; without ?carrier they follow the carrier list,
  // a shared list that is usually known already. A session from before npnId was kept waits for the viewer.
  const remembered = rememberedNpnId(context);
  const [viewer, { carriers, carrierId, tree }] = await loadWithViewer(request, context, async (token) => {
    const carrierList = downlineCarriers(token);
    const early = asked !== null && remembered !== undefined ? treeOf(token, asked, remembered) : null;
    // An unknown ?carrier= answers 404 below, whatever its blocks' call answered.
    early?.catch(() => {});
    const carriers = await carrierList;
    if (asked !== null && !carriers.some((c) => c.id === asked)) notFound();
    const carrierId = asked ?? carriers[0]?.id ?? null;
    if (carrierId === null) return { carriers, carrierId, tree: null };
    const rootNpn = remembered !== undefined ? remembered : (await requireViewer(request, context)).user.npnId;
    const tree: { rootNpn: number | null; found: Tree } = {
      rootNpn,
      found: await (early ?? treeOf(token, carrierId, rootNpn)),
    };
    return { carriers, carrierId, tree };
  });
  const rootNpn = viewer.user.npnId;
  const page = {
    carriers,
    carrierId,
    rootNpn,
    // Issue 25 §2: an agency's readiness view of the same hierarchy (not an administrator's: they have none).
    readinessHref: viewer.user.role === "Agency" ? DOWNLINE_READINESS_HREF : null,
    open,
    tooManyOpenText: openAsked > open.length ? tooManyOpenText(openAsked) : null,
    status: statusFilter.value ?? "",
    ignored: statusFilter.ignored ? ["status"] : [],
  };
  if (carrierId === null || tree === null) {
    if (policiesOf !== null) notFound();
    return { ...page, branches: {}, policyDetails: null };
  }
  let found = tree.found;
  if (tree.rootNpn !== rootNpn) {
    // The npnId changed since sign-in (rare): the viewer is the authority, ask again for its tree.
    try {
      found = await treeOf(viewer.token, carrierId, rootNpn);
    } catch (error) {
      return upstreamFailure(error, viewer.session);
    }
  }
  const [{ branches }, details] = found;
  if (policiesOf !== null && details === null) notFound();
  return {
    ...page,
    branches: Object.fromEntries(branches.map(({ npnId, agencies, agents }) => [npnId, { agencies, agents }])),
    policyDetails: details,
  };
}

/** Export of a policy list: the upstream e-mails it (spec §8 'Download was sent to your email'). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const url = new URL(request.url);
  const form = await formDataOf(request);
  // The carrier shown (the URL's, or the default one the page fell back to); the upstream checks
  // that the advisor is in this agency's tree for it.
  const fromUrl = idParam(url.searchParams, "carrier");
  const fromForm = idParam(new URLSearchParams({ carrierId: String(form.get("carrierId") ?? "") }), "carrierId");
  const npnId = idParam(url.searchParams, "policies");
  if (fromUrl === "invalid" || npnId === "invalid") notFound();
  const carrierId = fromUrl ?? (fromForm === "invalid" ? null : fromForm);
  if (!carrierId || !npnId) {
    return redirectWithToast(`${url.pathname}${url.search}`, errorToasts(["Choose a policy list to export."]));
  }
  try {
    await exportDownlinePolicies(viewer.token, carrierId, npnId);
    return redirectWithToast(`${url.pathname}${url.search}`, [successToast(DOWNLOAD_SENT)]);
  } catch (error) {
    // Not in the user's downline (or no such carrier): the same 404 as the page.
    if (upstreamStatus(error) === 404) notFound();
    return upstreamFailure(error, viewer.session);
  }
}

/** A 404 (an id in the URL the user may not see) shows inside the layout, menu and all. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

type Policy = NonNullable<Route.ComponentProps["loaderData"]["policyDetails"]>["policies"][number];

export default function Downlines({ loaderData }: Route.ComponentProps) {
  const { carriers, carrierId, rootNpn, open, branches, policyDetails, status, ignored } = loaderData;
  const tooMany = loaderData.tooManyOpenText;
  const location = useLocation();
  // Links carry the open blocks the page shows (never more than the cap), whatever the URL had, and not a
  // status the page ignored (nor its note).
  const search = withOpen(ignored.length > 0 ? withParam(location.search, "status", null) : location.search, open);
  const root = rootNpn !== null ? (branches as Branches)[String(rootNpn)] : undefined;
  const closePolicies = `${location.pathname}${withParam(search, "policies", null)}`;

  return (
    // Plain elements with classes (issue 21), not Mantine's Stack, Group, Title and Text.
    <div className="l-stack">
      <h1 className="heading">Downlines</h1>
      {loaderData.readinessHref ? (
        <p className="txt">
          Who in your hierarchy can sell, and what holds the others back:{" "}
          <Link to={loaderData.readinessHref}>Downline readiness</Link>
        </p>
      ) : null}
      {tooMany ? (
        <Alert color="yellow" title="Too many agency blocks open" role="alert">
          {tooMany}
        </Alert>
      ) : null}
      <IgnoredFiltersNote ignored={ignored} />
      <FilterForm>
        <div className="l-row" data-align="end" data-gap="sm">
          {open.map((id) => (
            <input key={id} type="hidden" name="open" value={id} />
          ))}
          <NativeSelect
            name="carrier"
            label="Carrier"
            defaultValue={String(carrierId ?? "")}
            data={carriers.map((c) => ({ value: String(c.id), label: c.name }))}
          />
          <NativeSelect
            name="status"
            label="Contract status"
            defaultValue={status}
            data={[
              { value: "", label: "All" },
              ...CONTRACT_STATUS_FILTERS.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) })),
            ]}
          />
          <Button type="submit" variant="default">
            Show
          </Button>
        </div>
      </FilterForm>

      {!root ? (
        <p className="txt" data-dimmed>
          There is no downline to show for this carrier.
        </p>
      ) : (
        <div className="l-stack" data-gap="sm">
          {root.agencies.map((agency) => (
            <AgencyBlock key={agency.npnId} agency={agency} branches={branches as Branches} search={search} />
          ))}
          <h2 className="heading" data-size="h3">
            Agents
          </h2>
          <AgentsTable agents={root.agents} search={search} />
        </div>
      )}

      {policyDetails ? (
        <LinkModal titleId="policies-title" closeTo={closePolicies} width="60rem" placement="top">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h3" id="policies-title">
              Policies of {policyDetails.advisor.name}
            </Title>
            <Group gap="xs">
              <PortalForm action={`${location.pathname}${search}`}>
                <input type="hidden" name="carrierId" value={carrierId ?? ""} />
                <SubmitButton variant="default" size="xs">
                  Export
                </SubmitButton>
              </PortalForm>
              <Button component={Link} to={closePolicies} size="xs" preventScrollReset data-autofocus>
                Close
              </Button>
            </Group>
          </Group>
          <Text size="sm" c="dimmed" mb="sm">
            NPN {policyDetails.advisor.npnNumber}
            {policyDetails.advisor.upline ? ` · Upline ${policyDetails.advisor.upline}` : ""}
          </Text>
          {policyDetails.policies.length === 0 ? (
            <Text>{noPoliciesText(policyDetails.advisor.name)}</Text>
          ) : (
            <PlainTable
              striped
              aria-labelledby="policies-title"
              columns={[
                { header: "Member", cell: (p) => p.memberName },
                { header: "Status", cell: (p) => p.status },
                { header: "Product", cell: (p) => p.productName },
                { header: "Effective", cell: (p) => formatDate(p.effectiveDate) },
                // An agency's list says who under it wrote each policy.
                ...(policyDetails.advisor.isAgency
                  ? [
                      { header: "Upline", cell: (p: Policy) => p.upline ?? "—" },
                      { header: "Agent", cell: (p: Policy) => p.agentName ?? "—" },
                      { header: "NPN", cell: (p: Policy) => p.npnNumber ?? "—" },
                    ]
                  : []),
              ]}
              rows={policyDetails.policies}
              rowKey={(p) => p.id}
            />
          )}
        </LinkModal>
      ) : null}
    </div>
  );
}
