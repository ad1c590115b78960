import { documentStatus } from "~/domain/compliance-documents";
import { contractStateOf } from "~/domain/contract-state";
import { type ReadinessLine, documentNoticesOf, readinessOf, sortLines } from "~/domain/readiness";
import type { LoadedViewer } from "./viewer";
import { centerResources, contractingStatuses, productCarriers, products } from "./upstream/contracting";
import { complianceDocuments } from "./upstream/profile-details";
import { readinessFacts } from "./upstream/readiness";

/** Every carrier product offered (each product's carriers), with its product's id and name. */
export async function offeredCarrierProducts(token: string) {
  return products(token).then(async (list) =>
    Promise.all(
      list.map(async (product) =>
        productCarriers(token, product.id).then((carriers) =>
          carriers.map((c) => ({ ...c, productId: product.id, productName: product.name })),
        ),
      ),
    ).then((lists) => lists.flat()),
  );
}

/**
 * The carrier products offered and their carrier resources, started once: the agency's dashboard reads both its own
 * ready-to-sell lines and its downline's from them (issue 37 §5), without asking the upstream twice.
 */
export function catalogueReads(token: string) {
  return { offered: offeredCarrierProducts(token), resources: centerResources(token) };
}

export type CatalogueReads = ReturnType<typeof catalogueReads>;

/**
 * Issue 25 §1: every upstream read the ready-to-sell lines need, started together (ADR 017: the product list is a
 * shared list, usually known already, so its carriers follow it without a second round in practice). The viewer's
 * own reads (licenses, NIPR holds, document notifications) come with the viewer.
 */
export async function readinessReads(token: string, catalogue: CatalogueReads = catalogueReads(token)) {
  const [offered, statuses, documents, resources, facts] = await Promise.all([
    catalogue.offered,
    contractingStatuses(token),
    complianceDocuments(token),
    catalogue.resources,
    readinessFacts(token),
  ]);
  return { offered, statuses, documents, resources, facts };
}

export type ReadinessReads = Awaited<ReturnType<typeof readinessReads>>;

/** The lines, ready first (app/domain/readiness.ts decides each step). */
export function readinessLinesOf(viewer: LoadedViewer, reads: ReadinessReads, today: string): ReadinessLine[] {
  const { offered, statuses, documents, resources, facts } = reads;
  const ahipDoc = documents.find((d) => d.kind === "ahip");
  const ahip = ahipDoc
    ? { status: documentStatus(ahipDoc, today), expiresOn: ahipDoc.expiresOn }
    : { status: "missing" as const, expiresOn: null };
  const documentNotices = documentNoticesOf(
    viewer.documentNotifications,
    (k) => documents.find((d) => d.kind === k)?.title,
  );
  const resourceOf = new Map(resources.map((r) => [r.carrierProductId, r]));
  const certificationOf = new Map(
    facts.certifications.filter((c) => c.planYear === facts.planYear).map((c) => [c.carrierId, c.completedOn]),
  );
  const rtsOf = new Map(facts.rtsStatuses.map((r) => [r.carrierId, r]));
  const licenses = viewer.profile?.licenses ?? [];
  const lines = offered.map((cp) => {
    const resource = resourceOf.get(cp.carrierProductId);
    return readinessOf({
      productId: cp.productId,
      productName: cp.productName,
      carrierProductId: cp.carrierProductId,
      carrierName: cp.carrierName,
      today,
      planYear: facts.planYear,
      contract: contractStateOf(cp.carrierProductId, statuses),
      licenses,
      holds: viewer.profile?.niprHolds ?? [],
      licenseWarningDays: viewer.profile?.licenseWarningDays,
      ahip,
      certification: {
        completedOn: certificationOf.get(cp.id) ?? null,
        certificationLink: resource?.certificationLink ?? null,
        certificationDate: resource?.certificationDate ?? null,
      },
      documentNotices,
      rts: rtsOf.get(cp.id) ?? null,
    });
  });
  return sortLines(lines);
}
