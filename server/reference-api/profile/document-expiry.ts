/**
 * Issue 14: a compliance document that runs out gives its broker a document notification, as a rejection does,
 * so the broker's alert icon and contract block follow the calendar as they follow the admin's review. A row's
 * `expiry_noticed_on` is the expiry date a notification was created for (or found already there): each expiry is
 * noticed once, so an administrator's approval (which deletes the notification) is not undone by the next sweep;
 * a new upload (a new date, noticed NULL) starts again. ReferenceDb.sweepExpiredDocuments() runs this at most once
 * a day, before the first API request of the day (app.ts).
 */
import type { Client, InStatement } from "@libsql/client";
import { COMPLIANCE_DOCUMENT_TYPES, isComplianceDocumentKind } from "../../../app/domain/compliance-documents.ts";

/** What the broker reads beside the document (the seed's docs@ wording: the date as YYYY-MM-DD). */
export function expiryMessage(title: string, expiresOn: string): string {
  return `Your ${title} expired on ${expiresOn}. Upload a current one.`;
}

/** The statements that notice every document past its expiry on `today` (YYYY-MM-DD) not noticed yet. */
export async function expiryStatements(client: Client, today: string): Promise<InStatement[]> {
  const due = await client.execute({
    sql: `SELECT user_id, kind, expires_on FROM compliance_documents
          WHERE expires_on IS NOT NULL AND expires_on < ?
            AND (expiry_noticed_on IS NULL OR expiry_noticed_on <> expires_on)`,
    args: [today],
  });
  const statements: InStatement[] = [];
  for (const r of due.rows) {
    const kind = String(r.kind);
    if (!isComplianceDocumentKind(kind)) continue;
    const userId = Number(r.user_id);
    const expiresOn = String(r.expires_on);
    const title = COMPLIANCE_DOCUMENT_TYPES[kind].title;
    statements.push(
      {
        // One notification per document: one already naming it (a rejection, the seed's) is left as it is.
        sql: `INSERT INTO document_notifications (user_id, document_name, message)
              SELECT ?, ?, ? WHERE NOT EXISTS
                (SELECT 1 FROM document_notifications WHERE user_id = ? AND document_name = ?)`,
        args: [userId, title, expiryMessage(title, expiresOn), userId, title],
      },
      {
        sql: "UPDATE compliance_documents SET expiry_noticed_on = expires_on WHERE user_id = ? AND kind = ?",
        args: [userId, kind],
      },
    );
  }
  return statements;
}
