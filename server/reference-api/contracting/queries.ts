/**
 * The contracting queries (the routes are in contracting.ts): products, product carriers, carrier resources,
 * contracting entries, legal questions and answers, and stored files.
 */
import type {
  CarrierResource,
  ContractingEntry,
  ContractingStatuses,
  LegalAnswer,
  LegalQuestion,
  Product,
  ProductCarrier,
} from "../../../app/.server/upstream/schemas/contracting.ts";
import type { ReferenceDb } from "../core/db.ts";
import type { ContractStatus } from "./seed.ts";

export async function products(db: ReferenceDb): Promise<Product[]> {
  const result = await db.client.execute("SELECT id, name FROM products ORDER BY position, id");
  return result.rows.map((r) => ({ id: Number(r.id), name: String(r.name) }));
}

export async function productExists(db: ReferenceDb, productId: number): Promise<boolean> {
  const result = await db.client.execute({ sql: "SELECT 1 FROM products WHERE id = ?", args: [productId] });
  return result.rows.length > 0;
}

/** The active carriers offering a product (id = carrier id), in carrier product order (issue 22: not inactive ones). */
export async function productCarriers(db: ReferenceDb, productId: number): Promise<ProductCarrier[]> {
  const result = await db.client.execute({
    sql: `SELECT c.id AS carrier_id, c.name AS carrier_name, cp.id AS carrier_product_id
          FROM carrier_products cp JOIN carriers c ON c.id = cp.carrier_id
          WHERE cp.product_id = ? AND c.active = 1 ORDER BY cp.id`,
    args: [productId],
  });
  return result.rows.map((r) => ({
    id: Number(r.carrier_id),
    carrierName: String(r.carrier_name),
    carrierProductId: Number(r.carrier_product_id),
  }));
}

/** All carrier resources, or the one (if any) of a carrier product. */
export async function carrierResources(db: ReferenceDb, carrierProductId: number | null): Promise<CarrierResource[]> {
  const result =
    carrierProductId == null
      ? await db.client.execute("SELECT data FROM carrier_resources ORDER BY carrier_product_id")
      : await db.client.execute({
          sql: "SELECT data FROM carrier_resources WHERE carrier_product_id = ?",
          args: [carrierProductId],
        });
  return result.rows.map((r) => JSON.parse(String(r.data)) as CarrierResource);
}

/** The subset of `ids` that are known carrier products of an active carrier (an inactive one takes no requests). */
export async function knownCarrierProductIds(db: ReferenceDb, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const result = await db.client.execute({
    sql: `SELECT cp.id FROM carrier_products cp JOIN carriers c ON c.id = cp.carrier_id
          WHERE c.active = 1 AND cp.id IN (${ids.map(() => "?").join(", ")})`,
    args: [...ids],
  });
  return new Set(result.rows.map((r) => Number(r.id)));
}

export async function contractingStatuses(db: ReferenceDb, userId: number): Promise<ContractingStatuses> {
  const result = await db.client.execute({
    sql: `SELECT e.id, e.carrier_product_id, e.status, e.last_public_note, e.updated_at,
                 c.name AS carrier_name, p.name AS product_name
          FROM contracting_entries e
          JOIN carrier_products cp ON cp.id = e.carrier_product_id
          JOIN carriers c ON c.id = cp.carrier_id
          JOIN products p ON p.id = cp.product_id
          WHERE e.user_id = ?
          ORDER BY p.position, cp.id`,
    args: [userId],
  });
  const statuses: ContractingStatuses = { pending: [], denied: [], approved: [], active: [] };
  for (const r of result.rows) {
    const entry: ContractingEntry = {
      id: Number(r.id),
      carrierProductId: Number(r.carrier_product_id),
      carrierName: String(r.carrier_name),
      productName: String(r.product_name),
      lastPublicNote: r.last_public_note == null ? null : String(r.last_public_note),
      updatedAt: String(r.updated_at),
    };
    statuses[String(r.status) as ContractStatus].push(entry);
  }
  return statuses;
}

/** The caller's entry status per carrier product. */
export async function contractStatusesByCarrierProduct(
  db: ReferenceDb,
  userId: number,
): Promise<Map<number, ContractStatus>> {
  const result = await db.client.execute({
    sql: "SELECT carrier_product_id, status FROM contracting_entries WHERE user_id = ?",
    args: [userId],
  });
  return new Map(result.rows.map((r) => [Number(r.carrier_product_id), String(r.status) as ContractStatus]));
}

/**
 * New pending entries for `carrierProductIds`, in one transaction, each with its event (contract_request_events:
 * `from` names the state a re-requested entry leaves, undefined = a new request). A denied entry is turned back
 * into a pending one (note cleared); pending, approved and active entries are left as they are.
 */
export async function createPendingEntries(
  db: ReferenceDb,
  userId: number,
  carrierProductIds: readonly number[],
  now: string,
  actor: { userId: number; name: string },
  from: ReadonlyMap<number, ContractStatus> = new Map(),
  states: readonly string[] | null = null,
): Promise<void> {
  const covered = states === null ? null : JSON.stringify(states);
  await db.client.batch(
    carrierProductIds.flatMap((id) => [
      {
        sql: `INSERT INTO contracting_entries (user_id, carrier_product_id, status, last_public_note, updated_at,
                requested_at, state_since, states)
              VALUES (?, ?, 'pending', NULL, ?, ?, ?, ?)
              ON CONFLICT (user_id, carrier_product_id) DO UPDATE
                SET status = 'pending', last_public_note = NULL, updated_at = excluded.updated_at,
                  state_since = excluded.state_since, states = excluded.states,
                  version = contracting_entries.version + 1
                WHERE contracting_entries.status = 'denied'`,
        args: [userId, id, now, now, now, covered],
      },
      {
        sql: `INSERT INTO contract_request_events (entry_id, user_id, from_state, to_state, at, actor_user_id, actor_name)
              SELECT id, user_id, ?, 'pending', ?, ?, ? FROM contracting_entries
              WHERE user_id = ? AND carrier_product_id = ? AND state_since = ?`,
        args: [from.get(id) ?? null, now, actor.userId, actor.name, userId, id, now],
      },
    ]),
    "write",
  );
}

export async function legalQuestions(db: ReferenceDb, productId: number): Promise<LegalQuestion[]> {
  const result = await db.client.execute({
    sql: `SELECT q.id, q.question_text FROM product_legal_questions pq
          JOIN legal_questions q ON q.id = pq.legal_question_id
          WHERE pq.product_id = ? ORDER BY pq.position, q.id`,
    args: [productId],
  });
  return result.rows.map((r) => ({ id: Number(r.id), questionText: String(r.question_text) }));
}

/** Every legal question by id (the texts name questions in validation messages). */
export async function allLegalQuestions(db: ReferenceDb): Promise<Map<number, string>> {
  const result = await db.client.execute("SELECT id, question_text FROM legal_questions");
  return new Map(result.rows.map((r) => [Number(r.id), String(r.question_text)]));
}

export async function legalAnswers(db: ReferenceDb, userId: number): Promise<LegalAnswer[]> {
  const result = await db.client.execute({
    sql: `SELECT a.*, f.name AS file_name, f.content_type AS file_content_type, f.size AS file_size
          FROM legal_answers a LEFT JOIN files f ON f.id = a.file_id AND f.user_id = a.user_id
          WHERE a.user_id = ? ORDER BY a.legal_question_id, a.id`,
    args: [userId],
  });
  return result.rows.map((r) => ({
    id: Number(r.id),
    legalQuestionId: Number(r.legal_question_id),
    hasOccurred: Number(r.has_occurred) === 1,
    actionOn: nullableString(r.action_on),
    action: nullableString(r.action),
    reason: nullableString(r.reason),
    explanation: nullableString(r.explanation),
    file:
      r.file_id == null || r.file_name == null
        ? null
        : {
            id: Number(r.file_id),
            name: String(r.file_name),
            contentType: String(r.file_content_type),
            size: Number(r.file_size),
          },
  }));
}

/** The bytes of a stored file, only for its owner. */
export async function storedFile(
  db: ReferenceDb,
  userId: number,
  fileId: number,
): Promise<{ name: string; contentType: string; data: Buffer } | null> {
  const result = await db.client.execute({
    sql: "SELECT name, content_type, data FROM files WHERE id = ? AND user_id = ?",
    args: [fileId, userId],
  });
  const row = result.rows[0];
  if (!row) return null;
  return {
    name: String(row.name),
    contentType: String(row.content_type),
    data: Buffer.from(row.data as ArrayBuffer),
  };
}

function nullableString(value: unknown): string | null {
  return value == null ? null : String(value);
}
