import { describe, expect, it } from "vitest";
import {
  COMPLIANCE_DOCUMENT_KINDS,
  COMPLIANCE_DOCUMENT_TYPES,
  EXPIRY_WARNING_DAYS,
  documentIsFlagged,
  documentStatus,
  isComplianceDocumentKind,
  notificationsFor,
  notificationsOfNoDocument,
} from "./compliance-documents";
import { contractRequestsBlocked, documentsNeedAttention } from "./documents";

describe("spec §2: an alert icon shows when documents need attention", () => {
  it("with one or more document notifications, not without", () => {
    expect(documentsNeedAttention({ documentNotificationCount: 0 })).toBe(false);
    expect(documentsNeedAttention({ documentNotificationCount: 1 })).toBe(true);
    expect(documentsNeedAttention({ documentNotificationCount: 12 })).toBe(true);
  });
});

describe("spec §4 'Document notifications disable contract requests' (§6: blocked while they exist)", () => {
  it("blocked with any document notification; open without", () => {
    expect(contractRequestsBlocked({ documentNotificationCount: 0 })).toBe(false);
    expect(contractRequestsBlocked({ documentNotificationCount: 1 })).toBe(true);
  });
});

describe("issue 12: compliance document status (valid, expiring, expired, missing, rejected)", () => {
  const today = "2031-05-10";
  const doc = (over: Partial<{ file: unknown; review: "accepted" | "rejected"; expiresOn: string | null }>) => ({
    file: { id: 1 },
    review: "accepted" as const,
    expiresOn: null,
    ...over,
  });
  it("missing without a file, whatever else is said", () => {
    expect(documentStatus(doc({ file: null, review: "rejected" }), today)).toBe("missing");
  });
  it("rejected by the reviewer, even before it expires", () => {
    expect(documentStatus(doc({ review: "rejected", expiresOn: "2032-01-01" }), today)).toBe("rejected");
  });
  it("expired after its expiry day; expiring within 60 days; valid beyond or without a date", () => {
    expect(documentStatus(doc({ expiresOn: "2031-05-09" }), today)).toBe("expired");
    expect(documentStatus(doc({ expiresOn: "2031-05-10" }), today)).toBe("expiring");
    expect(documentStatus(doc({ expiresOn: "2031-07-09" }), today)).toBe("expiring");
    expect(documentStatus(doc({ expiresOn: "2031-07-10" }), today)).toBe("valid");
    expect(documentStatus(doc({}), today)).toBe("valid");
    expect(EXPIRY_WARNING_DAYS).toBe(60);
  });
});

describe("spec §8: the alert icon stands next to each document a document notification names", () => {
  const notifications = [
    { id: 1, documentName: "E&O Certificate" },
    { id: 2, documentName: "w-9" },
  ];
  it("matches the document's title, ignoring case and punctuation", () => {
    expect(COMPLIANCE_DOCUMENT_KINDS.filter((k) => documentIsFlagged(k, notifications))).toEqual(["eo", "w9"]);
    expect(notificationsFor("w9", notifications)).toEqual([{ id: 2, documentName: "w-9" }]);
    expect(documentIsFlagged("aml", [])).toBe(false);
  });
  it("also matches the upstream's own title of the document; a notification naming no listed document stands alone", () => {
    const named = [
      { id: 3, documentName: "Errors and Omissions (E&O)" },
      { id: 4, documentName: "State appointment form" },
    ];
    expect(documentIsFlagged("eo", named)).toBe(false);
    expect(documentIsFlagged("eo", named, "Errors and Omissions (E&O)")).toBe(true);
    const documents = [
      { kind: "eo" as const, title: "Errors and Omissions (E&O)" },
      { kind: "w9" as const, title: "W-9" },
    ];
    expect(notificationsOfNoDocument(documents, named)).toEqual([{ id: 4, documentName: "State appointment form" }]);
    expect(notificationsOfNoDocument(documents, notifications)).toEqual([]);
  });
  it("knows the five kinds and which of them run out", () => {
    expect(COMPLIANCE_DOCUMENT_KINDS.filter((k) => COMPLIANCE_DOCUMENT_TYPES[k].expires)).toEqual([
      "eo",
      "aml",
      "ahip",
    ]);
    expect(isComplianceDocumentKind("direct_deposit")).toBe(true);
    expect(isComplianceDocumentKind("passport")).toBe(false);
  });
});
