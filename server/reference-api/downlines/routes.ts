/**
 * Downlines routes (issue 4, docs/upstream-api.md): GET /api/downlines/carriers (the carriers a
 * downline can be viewed for), GET /api/downlines/:carrierId/agency/:npnId (the direct sub-agencies and
 * agents of an agency for one carrier, with counts), GET /api/downlines/:carrierId/agencies?npnIds= (the
 * same for several agencies in one call), GET /api/downlines/:carrierId/policies/:npnId (an
 * agent's or a whole agency subtree's policies) and .../export (recorded in `exports`).
 * Storage: downline_nodes (the tree under an agency user, owner_user_id; the root's npn is the user's
 * npn_id), downline_contracts (status and RTS per node and carrier), downline_policies. Agencies see
 * their own tree, admins any; other roles 403.
 */
import type { Row } from "@libsql/client";
import type { Express, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import {
  DOWNLINE_BRANCHES_MAX,
  type DownlineAgency,
  type DownlineAgent,
  type DownlineBranchesResponseSchema,
  type DownlineCarriersResponseSchema,
  type DownlinePolicy,
  type DownlinesResponseSchema,
  type PolicyDetailsResponseSchema,
} from "../../../app/.server/upstream/schemas/downlines.ts";
import { EXPORT_SENT } from "../book-of-business/routes.ts";
import { positiveInt, scalar } from "../core/paging.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import { POLICY_STATUSES, type PolicyStatus } from "../book-of-business/seed.ts";
import type { RtsCode } from "../admin-people/seed.ts";
import { DOWNLINE_CARRIER_IDS, DOWNLINE_CONTRACT_STATUSES, type DownlineContractStatus } from "./seed.ts";
import { SEED_AGENCY_NAMES } from "../invitations/seed.ts";
import { SEED_RTS_STATUSES } from "../admin-people/seed.ts";

type DownlineCarriersResponse = z.infer<typeof DownlineCarriersResponseSchema>;
type DownlinesResponse = z.infer<typeof DownlinesResponseSchema>;
type DownlineBranchesResponse = z.infer<typeof DownlineBranchesResponseSchema>;
type PolicyDetailsResponse = z.infer<typeof PolicyDetailsResponseSchema>;
type RtsStatus = DownlineAgent["rtsStatus"];

export const AGENCIES_ONLY = "Only agencies can view downlines";
export const EXPORT_KIND = "downline_policies";
export const INVALID_CONTRACT_STATUSES =
  "contractStatuses must be a comma-separated list of active, pending, terminated";
export const INVALID_NPN_IDS = `npnIds must be a comma-separated list of 1 to ${DOWNLINE_BRANCHES_MAX} npnIds`;
export const INVALID_POLICY_STATUS = `status must be all or one of ${POLICY_STATUSES.join(", ")}`;
export const noCarrier = (carrierId: string) => `No carrier with id ${carrierId}`;
export const noDownline = (npnId: string) => `No downline with npnId ${npnId}`;
export const notAnAgency = (npnId: string) => `No downline agency with npnId ${npnId}`;

/**
 * The seed's texts of the RTS, NRTS and PEND statuses (admin-people/seed.ts). The downlines read each contract's status
 * from rts_statuses (editable in the admin area); these are only what tests compare with.
 */
export const RTS_STATUSES: Readonly<Record<RtsCode, RtsStatus>> = SEED_RTS_STATUSES;

type Authed = Response<unknown, { session: SessionRecord }>;

function fail(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

class QueryError extends Error {}

/** Comma list of active|pending|terminated (any case); empty or absent = every status. */
export function parseContractStatuses(raw: string | undefined): Set<DownlineContractStatus> {
  const names = (raw ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const statuses = new Set<DownlineContractStatus>();
  for (const name of names) {
    const status = DOWNLINE_CONTRACT_STATUSES.find((s) => s.toLowerCase() === name);
    if (!status) throw new QueryError(INVALID_CONTRACT_STATUSES);
    statuses.add(status);
  }
  return statuses;
}

/** Comma list of positive npnIds (repeats collapse), 1 to DOWNLINE_BRANCHES_MAX of them, in the asked order. */
export function parseNpnIds(raw: unknown): number[] {
  const text = Array.isArray(raw) ? raw.map(String).join(",") : typeof raw === "string" ? raw : "";
  const parts = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const ids = parts.map((part) => positiveInt(part));
  const unique = [...new Set(ids)];
  if (unique.length === 0 || unique.length > DOWNLINE_BRANCHES_MAX || unique.some((id) => id == null)) {
    throw new QueryError(INVALID_NPN_IDS);
  }
  return unique as number[];
}

/** Several agencies' branches: each tree involved is read once; unknown, foreign and agent npnIds are listed as notFound. */
async function branchesFor(
  db: ReferenceDb,
  user: SessionRecord["user"],
  npnIds: number[],
  carrierId: number,
  statuses: Set<DownlineContractStatus>,
): Promise<DownlineBranchesResponse> {
  const owners = await ownersOf(db, npnIds);
  const ownerIds = [...new Set(npnIds.flatMap((id) => owners.get(id) ?? []))].filter((owner) =>
    mayOpenTree(user, owner),
  );
  const builders = new Map(
    await Promise.all(
      ownerIds.map(async (owner) => {
        const tree = await loadTree(db, owner);
        return [owner, tree ? { tree, branchOf: await branchesOf(db, tree, carrierId, statuses) } : null] as const;
      }),
    ),
  );
  const result: DownlineBranchesResponse = { branches: [], notFound: [] };
  for (const npnId of npnIds) {
    const owner = owners.get(npnId);
    const built = owner == null ? null : builders.get(owner);
    if (built && built.tree.nodes.get(npnId)?.kind === "agency")
      result.branches.push({ npnId, ...built.branchOf(npnId) });
    else result.notFound.push(npnId);
  }
  return result;
}

/** Default Active; `all` = null (every status); else one of POLICY_STATUSES (any case). */
export function parsePolicyStatus(raw: string | undefined): PolicyStatus | null {
  if (raw === undefined || raw === "") return "Active";
  if (raw.toLowerCase() === "all") return null;
  const status = POLICY_STATUSES.find((s) => s.toLowerCase() === raw.toLowerCase());
  if (!status) throw new QueryError(INVALID_POLICY_STATUS);
  return status;
}

interface DownlineNode {
  npnId: number;
  parentNpnId: number | null;
  kind: "agency" | "agent";
  advisor: string;
  level: string;
  agentWritingNumber: string | null;
  npnNumber: string;
}

/** One agency user's tree: every node by npn (the root included) and the children of each. */
interface Tree {
  ownerUserId: number;
  nodes: Map<number, DownlineNode>;
  children: Map<number, DownlineNode[]>;
}

/** The tree `npnId` is in, if the caller may see it (its own tree; an admin any); else null. */
async function treeOf(db: ReferenceDb, user: SessionRecord["user"], npnId: number): Promise<Tree | null> {
  const ownerUserId = (await ownersOf(db, [npnId])).get(npnId);
  if (ownerUserId == null || !mayOpenTree(user, ownerUserId)) return null;
  const tree = await loadTree(db, ownerUserId);
  return tree?.nodes.has(npnId) ? tree : null;
}

function mayOpenTree(user: SessionRecord["user"], ownerUserId: number): boolean {
  return user.role === "Admin" || ownerUserId === user.userId;
}

/** The agency user whose tree holds each npnId (a node's owner, or the agency itself for a root); one query. */
async function ownersOf(db: ReferenceDb, npnIds: number[]): Promise<Map<number, number>> {
  const marks = npnIds.map(() => "?").join(", ");
  const found = await db.client.execute({
    sql: `SELECT npn_id, owner_user_id FROM downline_nodes WHERE npn_id IN (${marks})
          UNION ALL SELECT npn_id, id FROM users WHERE npn_id IN (${marks}) AND role = 'Agency'`,
    args: [...npnIds, ...npnIds],
  });
  const owners = new Map<number, number>();
  for (const r of found.rows) if (!owners.has(Number(r.npn_id))) owners.set(Number(r.npn_id), Number(r.owner_user_id));
  return owners;
}

/** One agency user's whole tree (null when the user has no npn). */
async function loadTree(db: ReferenceDb, ownerUserId: number): Promise<Tree | null> {
  const [owner, rows] = await Promise.all([
    db.client.execute({ sql: "SELECT * FROM users WHERE id = ?", args: [ownerUserId] }),
    db.client.execute({
      sql: "SELECT * FROM downline_nodes WHERE owner_user_id = ? ORDER BY advisor, npn_id",
      args: [ownerUserId],
    }),
  ]);
  const o = owner.rows[0];
  if (!o || o.npn_id == null) return null;
  const nodes = new Map<number, DownlineNode>();
  nodes.set(Number(o.npn_id), {
    npnId: Number(o.npn_id),
    parentNpnId: null,
    kind: "agency",
    advisor: SEED_AGENCY_NAMES[ownerUserId] ?? `${String(o.first_name)} ${String(o.last_name)}`,
    level: o.npn_current_max_level == null ? "Agency" : String(o.npn_current_max_level),
    agentWritingNumber: null,
    npnNumber: o.npn_number == null ? "" : String(o.npn_number),
  });
  const children = new Map<number, DownlineNode[]>();
  for (const r of rows.rows) {
    const node: DownlineNode = {
      npnId: Number(r.npn_id),
      parentNpnId: Number(r.parent_npn_id),
      kind: String(r.kind) as DownlineNode["kind"],
      advisor: String(r.advisor),
      level: String(r.level),
      agentWritingNumber: r.agent_writing_number == null ? null : String(r.agent_writing_number),
      npnNumber: String(r.npn_number),
    };
    nodes.set(node.npnId, node);
    children.set(node.parentNpnId!, [...(children.get(node.parentNpnId!) ?? []), node]);
  }
  return { ownerUserId, nodes, children };
}

/** The agents anywhere under `npnId`. */
function agentsUnder(tree: Tree, npnId: number): DownlineNode[] {
  return (tree.children.get(npnId) ?? []).flatMap((n) => (n.kind === "agent" ? [n] : agentsUnder(tree, n.npnId)));
}

async function downlines(
  db: ReferenceDb,
  tree: Tree,
  npnId: number,
  carrierId: number,
  statuses: Set<DownlineContractStatus>,
): Promise<DownlinesResponse> {
  return { downlines: (await branchesOf(db, tree, carrierId, statuses))(npnId) };
}

/** Reads a tree's contracts and policy counts for a carrier once; the result builds any agency's branch. */
async function branchesOf(
  db: ReferenceDb,
  tree: Tree,
  carrierId: number,
  statuses: Set<DownlineContractStatus>,
): Promise<(npnId: number) => DownlinesResponse["downlines"]> {
  const [contracts, counts, notReady] = await Promise.all([
    db.client.execute({
      sql: `SELECT dc.npn_id, dc.status, s.status_code, s.status_title, s.display_status, s.tone, s.description
            FROM downline_contracts dc JOIN rts_statuses s ON s.id = dc.rts_status_id
            WHERE dc.owner_user_id = ? AND dc.carrier_id = ?`,
      args: [tree.ownerUserId, carrierId],
    }),
    db.client.execute({
      sql: `SELECT npn_id, COUNT(*) AS n FROM downline_policies
            WHERE owner_user_id = ? AND carrier_id = ? AND status = 'Active' GROUP BY npn_id`,
      args: [tree.ownerUserId, carrierId],
    }),
    // What an agency without a contract with the carrier shows: the carrier's NRTS status (else any carrier's).
    db.client.execute({
      sql: `SELECT status_code, status_title, display_status, tone, description FROM rts_statuses
            WHERE status_code = 'NRTS' AND (carrier_id = ? OR carrier_id IS NULL) ORDER BY carrier_id IS NULL LIMIT 1`,
      args: [carrierId],
    }),
  ]);
  const rtsOf = (r: Row): RtsStatus => ({
    statusCode: String(r.status_code),
    statusTitle: String(r.status_title),
    displayStatus: String(r.display_status),
    tone: String(r.tone) as RtsStatus["tone"],
    description: String(r.description),
  });
  const noContractRts: RtsStatus = notReady.rows[0] ? rtsOf(notReady.rows[0]) : { ...RTS_STATUSES.NRTS };
  const contractOf = new Map(
    contracts.rows.map((r) => [
      Number(r.npn_id),
      { status: String(r.status) as DownlineContractStatus, rts: rtsOf(r) },
    ]),
  );
  const activeCount = new Map(counts.rows.map((r) => [Number(r.npn_id), Number(r.n)]));
  /** An agent shown for this carrier: it has a contract with it, of a wanted status. */
  const shown = (n: DownlineNode) => {
    const contract = contractOf.get(n.npnId);
    return contract !== undefined && (statuses.size === 0 || statuses.has(contract.status));
  };

  return (npnId) => {
    const agencies: DownlineAgency[] = [];
    const agents: DownlineAgent[] = [];
    for (const child of tree.children.get(npnId) ?? []) {
      if (child.kind === "agent") {
        if (!shown(child)) continue;
        const contract = contractOf.get(child.npnId)!;
        agents.push({
          npnId: child.npnId,
          advisor: child.advisor,
          agentWritingNumber: child.agentWritingNumber ?? "",
          status: contract.status,
          rtsStatus: contract.rts,
          activePolicyCount: activeCount.get(child.npnId) ?? 0,
        });
      } else {
        const subAgents = agentsUnder(tree, child.npnId).filter(shown);
        if (statuses.size > 0 && subAgents.length === 0) continue;
        agencies.push({
          npnId: child.npnId,
          advisor: child.advisor,
          level: child.level,
          rtsStatus: contractOf.get(child.npnId)?.rts ?? noContractRts,
          agentCount: subAgents.length,
          activePolicyCount: subAgents.reduce((sum, a) => sum + (activeCount.get(a.npnId) ?? 0), 0),
        });
      }
    }
    return { agencies, agents };
  };
}

async function policyDetails(
  db: ReferenceDb,
  tree: Tree,
  npnId: number,
  carrierId: number,
  status: PolicyStatus | null,
): Promise<PolicyDetailsResponse> {
  const node = tree.nodes.get(npnId)!;
  const isAgency = node.kind === "agency";
  const agents = isAgency ? agentsUnder(tree, npnId) : [node];
  const nameOf = (n: number | null) => (n == null ? null : (tree.nodes.get(n)?.advisor ?? null));
  const rows =
    agents.length === 0
      ? []
      : (
          await db.client.execute({
            sql: `SELECT * FROM downline_policies
                  WHERE carrier_id = ? AND npn_id IN (${agents.map(() => "?").join(", ")})${status ? " AND status = ?" : ""}
                  ORDER BY effective_date DESC, id`,
            args: [carrierId, ...agents.map((a) => a.npnId), ...(status ? [status] : [])],
          })
        ).rows;
  const policies: DownlinePolicy[] = rows.map((r) => {
    const agent = tree.nodes.get(Number(r.npn_id))!;
    return {
      id: Number(r.id),
      memberName: String(r.member_name),
      status: String(r.status),
      productName: String(r.product_name),
      effectiveDate: String(r.effective_date),
      upline: isAgency ? nameOf(agent.parentNpnId) : null,
      agentName: isAgency ? agent.advisor : null,
      npnNumber: isAgency ? agent.npnNumber : null,
    };
  });
  return {
    policyDetails: {
      advisor: { name: node.advisor, npnNumber: node.npnNumber, upline: nameOf(node.parentNpnId), isAgency },
      policies,
    },
  };
}

export function registerDownlineRoutes(
  app: Express,
  { db, logger, requireSession }: { db: ReferenceDb; logger: Logger; requireSession: RequestHandler },
): void {
  /** The caller is an agency or an admin; else answers 403 and returns false. */
  const mayView = (res: Authed): boolean => {
    const { role } = res.locals.session.user;
    if (role === "Agency" || role === "Admin") return true;
    fail(res, 403, AGENCIES_ONLY);
    return false;
  };

  /** The carrier and the caller's tree holding npnId from the path; else answers 404 and returns null. */
  const target = async (
    req: Request,
    res: Authed,
  ): Promise<{ carrierId: number; npnId: number; tree: Tree } | null> => {
    const rawCarrier = String(req.params.carrierId ?? "");
    const rawNpn = String(req.params.npnId ?? "");
    const carrierId = positiveInt(scalar(rawCarrier));
    if (carrierId == null || !DOWNLINE_CARRIER_IDS.includes(carrierId)) {
      fail(res, 404, noCarrier(rawCarrier));
      return null;
    }
    const npnId = positiveInt(scalar(rawNpn));
    const tree = npnId == null ? null : await treeOf(db, res.locals.session.user, npnId);
    if (npnId == null || !tree) {
      fail(res, 404, noDownline(rawNpn));
      return null;
    }
    return { carrierId, npnId, tree };
  };

  /** Runs `parse` over a query value; a QueryError answers 422 (returns undefined). */
  const parseQuery = <T>(res: Response, parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (error) {
      if (error instanceof QueryError) {
        fail(res, 422, error.message);
        return undefined;
      }
      throw error;
    }
  };

  app.get("/api/downlines/carriers", requireSession, async (_req, res: Authed) => {
    if (!mayView(res)) return;
    const rows = await db.client.execute({
      sql: `SELECT id, name FROM carriers WHERE id IN (${DOWNLINE_CARRIER_IDS.map(() => "?").join(", ")}) ORDER BY id`,
      args: [...DOWNLINE_CARRIER_IDS],
    });
    const body: DownlineCarriersResponse = {
      carriers: rows.rows.map((r) => ({ id: Number(r.id), name: String(r.name) })),
    };
    res.json(body);
  });

  app.get("/api/downlines/:carrierId/agency/:npnId", requireSession, async (req: Request, res: Authed) => {
    if (!mayView(res)) return;
    const t = await target(req, res);
    if (!t) return;
    if (t.tree.nodes.get(t.npnId)!.kind !== "agency") return fail(res, 404, notAnAgency(String(req.params.npnId)));
    const statuses = parseQuery(res, () => parseContractStatuses(scalar(req.query.contractStatuses)));
    if (!statuses) return;
    res.json(await downlines(db, t.tree, t.npnId, t.carrierId, statuses));
  });

  app.get("/api/downlines/:carrierId/agencies", requireSession, async (req: Request, res: Authed) => {
    if (!mayView(res)) return;
    const rawCarrier = String(req.params.carrierId ?? "");
    const carrierId = positiveInt(scalar(rawCarrier));
    if (carrierId == null || !DOWNLINE_CARRIER_IDS.includes(carrierId)) return fail(res, 404, noCarrier(rawCarrier));
    const npnIds = parseQuery(res, () => parseNpnIds(req.query.npnIds));
    if (!npnIds) return;
    const statuses = parseQuery(res, () => parseContractStatuses(scalar(req.query.contractStatuses)));
    if (!statuses) return;
    res.json(await branchesFor(db, res.locals.session.user, npnIds, carrierId, statuses));
  });

  app.get("/api/downlines/:carrierId/policies/:npnId", requireSession, async (req: Request, res: Authed) => {
    if (!mayView(res)) return;
    const t = await target(req, res);
    if (!t) return;
    const status = parseQuery(res, () => parsePolicyStatus(scalar(req.query.status)));
    if (status === undefined) return;
    res.json(await policyDetails(db, t.tree, t.npnId, t.carrierId, status));
  });

  app.get("/api/downlines/:carrierId/policies/:npnId/export", requireSession, async (req: Request, res: Authed) => {
    if (!mayView(res)) return;
    const t = await target(req, res);
    if (!t) return;
    const status = parseQuery(res, () => parsePolicyStatus(scalar(req.query.status)));
    if (status === undefined) return;
    const { userId } = res.locals.session.user;
    const { policies } = (await policyDetails(db, t.tree, t.npnId, t.carrierId, status)).policyDetails;
    const params = { carrierId: t.carrierId, npnId: t.npnId, status: status ?? "all", totalCount: policies.length };
    await db.client.execute({
      sql: "INSERT INTO exports (user_id, kind, params, created_at) VALUES (?, ?, ?, ?)",
      args: [userId, EXPORT_KIND, JSON.stringify(params), new Date().toISOString()],
    });
    logger.info({ userId, ...params }, "downline policies export requested");
    res.status(202).json({ message: EXPORT_SENT });
  });
}
