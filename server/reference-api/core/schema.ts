/**
 * The reference database's tables and indexes, as one SQL script (db.ts splits it with sqlStatements).
 * A module rather than a .sql file read from disk: the server is compiled into build/server/ by the Vite build
 * (docs/decisions/018-one-compiled-server.md), where no file sits beside this code.
 */
export const SCHEMA_SQL = `
-- The reference API's tables and indexes (SQLite). db.ts runs these statements
-- in one transaction when it opens the database; every statement ends with ";" at the end of a line and
-- creates only what is missing (IF NOT EXISTS), so an existing file keeps its data.

-- AUTOINCREMENT: an account created by a registration never takes the id of one a reset deleted (whose
-- sessions reset() ends). status: 'unverified' = registered, e-mail address not yet verified (cannot sign in);
-- 'pending' = created by an administrator, waiting for its owner to choose a password (password_hash '!',
-- which no password matches).
CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'unverified', 'pending', 'disabled')),
  upline_user_id INTEGER,         -- an agent: the agency they write under (the one whose invitation they registered
                                  -- with); an agency: its upline agency (hierarchy.ts)
  role TEXT NOT NULL CHECK (role IN ('Agent', 'Agency', 'Admin', 'Carrier')), -- always the kind of role_id's role
  role_id INTEGER NOT NULL,       -- roles.id: the role flags of the session user come from the role (issue 14)
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  npn_id INTEGER,
  npn_number TEXT,
  npn_current_max_level TEXT,
  phone TEXT,
  sms_consent INTEGER,            -- NULL = not answered, 0 = declined, 1 = consented
  flags TEXT NOT NULL DEFAULT '{}', -- JSON: the boolean flags of the session user (seed.ts UserFlags)
  last_sign_in_at TEXT            -- ISO: the user's last sign-in of their own (POST /api/login; not "Sign in as")
);

CREATE INDEX IF NOT EXISTS users_role ON users (role_id);

-- Roles (issue 14, admin roles): what a user is to the portal (kind = the session user's role) and the role
-- flags of spec §3, which every user of the role gets. The first role of each kind (lowest id) is the one a
-- registration gives.
CREATE TABLE IF NOT EXISTS roles (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  kind TEXT NOT NULL CHECK (kind IN ('Agent', 'Agency', 'Admin', 'Carrier')),
  description TEXT NOT NULL DEFAULT '',
  has_onboarding_process INTEGER NOT NULL DEFAULT 0,
  has_show_ach_info INTEGER NOT NULL DEFAULT 0,
  has_optout_process INTEGER NOT NULL DEFAULT 0,
  requires_ssn_or_tin INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL
);

-- Ready-to-sell statuses (issue 14, admin RTS statuses): what a downline contract shows for its advisor with a
-- carrier (downline_contracts.rts_status_id). carrier_id NULL = a status of any carrier; the code is unique per
-- carrier (COALESCE: one NULL-carrier status per code too).
CREATE TABLE IF NOT EXISTS rts_statuses (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  status_code TEXT NOT NULL,
  status_title TEXT NOT NULL,
  display_status TEXT NOT NULL,
  -- The badge's tone (app/domain/rts.ts): ready, in_progress or blocked.
  tone TEXT NOT NULL DEFAULT 'in_progress' CHECK (tone IN ('ready', 'in_progress', 'blocked')),
  description TEXT NOT NULL DEFAULT '',
  carrier_id INTEGER,
  updated_at TEXT NOT NULL
);

CREATE UNIQUE INDEX IF NOT EXISTS rts_statuses_code ON rts_statuses (COALESCE(carrier_id, 0), status_code);

-- The audit history of the admin area (issue 14, admin-support.ts audit()): every admin write, who, when and
-- what changed (changes: JSON [{ field, from, to }]). resource + record_id name the record (users/12).
CREATE TABLE IF NOT EXISTS admin_audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  actor_user_id INTEGER,
  actor_name TEXT NOT NULL,
  resource TEXT NOT NULL,
  record_id INTEGER NOT NULL,
  action TEXT NOT NULL,
  changes TEXT NOT NULL DEFAULT '[]',
  note TEXT
);

CREATE INDEX IF NOT EXISTS admin_audit_record ON admin_audit (resource, record_id);

-- Notes administrators keep on a broker (issue 14, brokers/:id).
CREATE TABLE IF NOT EXISTS admin_notes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  broker_user_id INTEGER NOT NULL,
  author_user_id INTEGER,
  author_name TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS admin_notes_broker ON admin_notes (broker_user_id);

CREATE TABLE IF NOT EXISTS licenses (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  state TEXT NOT NULL,
  license_number TEXT NOT NULL,
  license_type TEXT NOT NULL,
  status TEXT NOT NULL,
  expires_on TEXT
);

CREATE INDEX IF NOT EXISTS licenses_user ON licenses (user_id);

CREATE TABLE IF NOT EXISTS system_notifications (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  message TEXT NOT NULL,
  severity TEXT NOT NULL CHECK (severity IN ('info', 'warning', 'critical')),
  published_at TEXT NOT NULL,
  -- When the notice ends (ISO timestamp); NULL: it stays until withdrawn (issue 20).
  ends_at TEXT,
  -- Who it addresses (issue 22): everyone, the roles of audience_roles (a JSON array of role kinds), or the agency
  -- audience_agency_id and every user under it; published_at is when it starts showing.
  audience TEXT NOT NULL DEFAULT 'everyone' CHECK (audience IN ('everyone', 'roles', 'agency')),
  audience_roles TEXT NOT NULL DEFAULT '[]',
  audience_agency_id INTEGER,
  updated_at TEXT
);

CREATE TABLE IF NOT EXISTS document_notifications (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  document_name TEXT NOT NULL,
  message TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS document_notifications_user ON document_notifications (user_id);

CREATE TABLE IF NOT EXISTS products (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  position INTEGER NOT NULL
);

-- active = 0 (issue 22, carriers/): gone from Contract Now and the Learning Center, its contracts untouched.
CREATE TABLE IF NOT EXISTS carriers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  updated_at TEXT
);

-- A carrier's offering of one product; its id is the carrierProductId of the contract.
CREATE TABLE IF NOT EXISTS carrier_products (
  id INTEGER PRIMARY KEY,
  carrier_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  UNIQUE (carrier_id, product_id)
);

CREATE TABLE IF NOT EXISTS carrier_resources (
  id INTEGER PRIMARY KEY,
  carrier_product_id INTEGER NOT NULL UNIQUE,
  data TEXT NOT NULL               -- JSON: the CarrierResource fields (HTML strings or null)
);

CREATE TABLE IF NOT EXISTS contracting_entries (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  carrier_product_id INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'denied', 'approved', 'active')),
  last_public_note TEXT,           -- what the broker sees (spec §3 lastPublicNote)
  updated_at TEXT NOT NULL,
  requested_at TEXT NOT NULL,     -- ISO: when the request was made
  state_since TEXT NOT NULL,      -- ISO: when it entered its current status (the desk's waiting time)
  writing_number TEXT,            -- the carrier's writing number (set when active)
  effective_date TEXT,            -- YYYY-MM-DD, set when active
  internal_note TEXT,             -- staff only (issue 14, admin-contracting.ts)
  states TEXT,                    -- JSON list: the states the request covers (issue 24 §7); NULL: not recorded
  version INTEGER NOT NULL DEFAULT 1, -- one more at every move (staff's or the broker's): a move carries the one shown
  UNIQUE (user_id, carrier_product_id)
);

-- Answers of POST /api/profile/contracting_entries by Idempotency-Key (successful answers only).
CREATE TABLE IF NOT EXISTS idempotency_keys (
  user_id INTEGER NOT NULL,
  key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, key)
);

CREATE TABLE IF NOT EXISTS legal_questions (
  id INTEGER PRIMARY KEY,
  question_text TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS product_legal_questions (
  product_id INTEGER NOT NULL,
  legal_question_id INTEGER NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (product_id, legal_question_id)
);

CREATE TABLE IF NOT EXISTS legal_answers (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  legal_question_id INTEGER NOT NULL,
  has_occurred INTEGER NOT NULL DEFAULT 0,
  action_on TEXT,
  action TEXT,
  reason TEXT,
  explanation TEXT,
  file_id INTEGER,
  UNIQUE (user_id, legal_question_id)
);

CREATE TABLE IF NOT EXISTS files (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  data BLOB NOT NULL,
  created_at TEXT NOT NULL
);

-- Onboarding (issue 3): one row per saved step of a user; completed_at NULL = saved but not complete
-- (e.g. licenses added, not yet confirmed). data is JSON (the personal step's holds the tax id number,
-- which is never sent back).
CREATE TABLE IF NOT EXISTS onboarding_steps (
  user_id INTEGER NOT NULL,
  step TEXT NOT NULL,
  data TEXT NOT NULL DEFAULT '{}',
  completed_at TEXT,
  PRIMARY KEY (user_id, step)
);

-- No longer written or read: the onboarding documents are compliance_documents rows since issue 12 (one set
-- of documents per user). Kept so a database file of an older version still opens as it did.
CREATE TABLE IF NOT EXISTS onboarding_documents (
  user_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('w9', 'eo')),
  file_id INTEGER NOT NULL,
  PRIMARY KEY (user_id, kind)
);

-- Book of business (GET /api/book_of_business): one row per policy of an agent's or agency's book;

-- product and carrier come from the carrier product.
CREATE TABLE IF NOT EXISTS policies (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  member_name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Active', 'Pending', 'Terminated', 'Canceled')),
  carrier_product_id INTEGER NOT NULL,
  effective_date TEXT NOT NULL,   -- YYYY-MM-DD
  policy_number TEXT NOT NULL UNIQUE,
  -- The sale (issue 23, policy production): a new enrollment, a plan change of an existing member, or a renewal.
  sale_kind TEXT NOT NULL DEFAULT 'new' CHECK (sale_kind IN ('new', 'plan_change', 'renewal'))
);

CREATE INDEX IF NOT EXISTS policies_user ON policies (user_id);

-- Requested exports ("Download was sent to your email"); params is JSON (the filters, search and sort).
CREATE TABLE IF NOT EXISTS exports (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  params TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS exports_user ON exports (user_id);

-- Register downlines (issue 4): invitations an agency sent (user_id = the agency). A withdrawn
-- invitation is deleted. AUTOINCREMENT: new ids never reuse a seed id, so a per-user reset can
-- re-insert the seed rows without colliding with another user's new invitation.
CREATE TABLE IF NOT EXISTS downline_invitations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  email TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  level TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Sent', 'Accepted', 'Expired')), -- a Sent one past expires_at reads as Expired
  token_hash TEXT NOT NULL UNIQUE, -- SHA-256 (hex) of the token of /registration/<token>; the token itself is only e-mailed
  expires_at TEXT NOT NULL,       -- ISO timestamp: the link works until then
  accepted_user_id INTEGER,       -- the account registered with it (status Accepted)
  sent_at TEXT NOT NULL           -- ISO timestamp of the last sending
);

CREATE INDEX IF NOT EXISTS downline_invitations_user ON downline_invitations (user_id);

-- The hashes of the links an invitation had before it was sent again (issue 13): such a link is answered
-- "used" rather than "invalid". Deleted with a withdrawn invitation (its links are then invalid).
CREATE TABLE IF NOT EXISTS replaced_invitation_tokens (
  token_hash TEXT PRIMARY KEY,
  invitation_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,       -- the inviting agency (for the per-user reset)
  replaced_at TEXT NOT NULL
);

-- Downlines (issue 4, queries in downlines.ts): the sub-agencies and agents under an agency user
-- (owner_user_id; the root's npn is users.npn_id), their contract per carrier, and their policies.
CREATE TABLE IF NOT EXISTS downline_nodes (
  npn_id INTEGER PRIMARY KEY,
  parent_npn_id INTEGER NOT NULL,
  owner_user_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('agency', 'agent')),
  advisor TEXT NOT NULL,
  level TEXT NOT NULL,
  agent_writing_number TEXT,
  npn_number TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS downline_nodes_owner ON downline_nodes (owner_user_id);

CREATE TABLE IF NOT EXISTS downline_contracts (
  owner_user_id INTEGER NOT NULL,
  npn_id INTEGER NOT NULL,
  carrier_id INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Active', 'Pending', 'Terminated')),
  rts_status_id INTEGER NOT NULL, -- rts_statuses.id: the advisor's ready-to-sell status with the carrier
  PRIMARY KEY (npn_id, carrier_id)
);

CREATE TABLE IF NOT EXISTS downline_policies (
  id INTEGER PRIMARY KEY,
  owner_user_id INTEGER NOT NULL,
  npn_id INTEGER NOT NULL,
  carrier_id INTEGER NOT NULL,
  member_name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Active', 'Pending', 'Terminated', 'Canceled')),
  product_name TEXT NOT NULL,
  effective_date TEXT NOT NULL    -- YYYY-MM-DD
);

CREATE INDEX IF NOT EXISTS downline_policies_npn ON downline_policies (npn_id, carrier_id);

-- Conversations (issues 4, 12 and 22; conversations/store.ts): one model for the brokers' conversations with the
-- organization, of two kinds: tickets (kind support, or commission_inquiry: carrier_id = the carrier that answers,
-- reference = the statement or policy asked about) and feedback (rating = the owner's optional 1-5).
-- closed_at: closed by the owner or staff; otherwise the status is read from the last message (staff's =
-- answered, the owner's = open). assignee_user_id = the administrator working on it, NULL = not assigned.
-- Messages: owner_user_id = the conversation's owner (the per-user reset, the counts); read_at = when the owner
-- read a staff message, NULL while unread (the owner's own are read from the start); file_id = an attachment in
-- files, owned by the uploader. AUTOINCREMENT as downline_invitations.
CREATE TABLE IF NOT EXISTS conversations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('support', 'commission_inquiry', 'feedback')),
  user_id INTEGER NOT NULL,
  subject TEXT NOT NULL,
  category TEXT NOT NULL,
  reference TEXT,
  carrier_id INTEGER,
  rating INTEGER CHECK (rating BETWEEN 1 AND 5),
  assignee_user_id INTEGER,
  closed_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS conversations_user ON conversations (user_id, kind);

CREATE INDEX IF NOT EXISTS conversations_carrier ON conversations (carrier_id, kind);

CREATE TABLE IF NOT EXISTS conversation_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id INTEGER NOT NULL,
  owner_user_id INTEGER NOT NULL,
  author_id INTEGER NOT NULL,
  author TEXT NOT NULL,
  from_staff INTEGER NOT NULL DEFAULT 0,
  body TEXT NOT NULL,
  file_id INTEGER,
  read_at TEXT,
  created_at TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS conversation_messages_conversation ON conversation_messages (conversation_id);

CREATE INDEX IF NOT EXISTS conversation_messages_owner ON conversation_messages (owner_user_id, from_staff, read_at);

-- The carrier a Carrier-role user belongs to (answers that carrier's commission inquiries).
CREATE TABLE IF NOT EXISTS carrier_users (
  user_id INTEGER PRIMARY KEY,
  carrier_id INTEGER NOT NULL
);

-- Money (issue 23; docs/decisions/029-money.md). Amounts are integer cents everywhere (app/domain/cents.ts).
-- A carrier's statement for one monthly period (YYYY-MM), imported from the carrier's file: draft until locked;
-- locking publishes it to the agents (their Commissions page reads only locked statements). The file's SHA-256 is
-- unique: the same file imported again is refused, naming this statement.
CREATE TABLE IF NOT EXISTS commission_statements (
  id INTEGER PRIMARY KEY,
  carrier_id INTEGER NOT NULL,
  period TEXT NOT NULL,                 -- YYYY-MM
  carrier_statement_date TEXT NOT NULL, -- YYYY-MM-DD: the date on the carrier's statement
  file_name TEXT NOT NULL,
  file_sha256 TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('draft', 'locked')),
  imported_by INTEGER NOT NULL,         -- users.id of the administrator who imported it
  imported_at TEXT NOT NULL,            -- ISO
  locked_by INTEGER,
  locked_at TEXT,                       -- ISO: the agents' statement date (published)
  version INTEGER NOT NULL DEFAULT 1    -- one more at every change of it or its lines: the lock carries the one shown
);

CREATE INDEX IF NOT EXISTS commission_statements_period ON commission_statements (period, carrier_id);

-- The carriers' commission schedule (issue 25 §3, commission-schedules/): what a carrier pays per policy per monthly
-- period for one carrier product: initial_cents in the policy's first paying period (the period after its effective
-- month), renewal_cents in each later one while the policy is active.
CREATE TABLE IF NOT EXISTS commission_schedules (
  carrier_product_id INTEGER PRIMARY KEY,
  initial_cents INTEGER NOT NULL,
  renewal_cents INTEGER NOT NULL
);

-- A carrier's column mapping (issue 23 §1), remembered from its last import: JSON { policyNumber, memberName,
-- kind, amount } naming the file's header for each field.
CREATE TABLE IF NOT EXISTS statement_mappings (
  carrier_id INTEGER PRIMARY KEY,
  mapping TEXT NOT NULL,
  updated_by INTEGER NOT NULL,
  updated_at TEXT NOT NULL
);

-- One line of a carrier's statement. kind: initial, true_up, renewal, chargeback (amount negative). Matched: to a
-- policy (by its number on import, or by hand) and through it to the writing agent, or by hand to an agent only
-- (policy_id NULL). Unmatched lines wait for reconciliation; set aside: left out with a note.
-- matched_by: NULL = matched on import by the policy number; else the administrator who matched it by hand.
CREATE TABLE IF NOT EXISTS statement_lines (
  id INTEGER PRIMARY KEY,
  statement_id INTEGER NOT NULL,
  line_no INTEGER NOT NULL,             -- the line of the file (1 is the header)
  policy_number TEXT NOT NULL,          -- as the file has it
  member_name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('initial', 'true_up', 'renewal', 'chargeback')),
  amount_cents INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('matched', 'unmatched', 'set_aside')),
  policy_id INTEGER,
  agent_user_id INTEGER,                -- the writing agent (the policy's, or chosen by hand)
  matched_by INTEGER,
  note TEXT
);

CREATE INDEX IF NOT EXISTS statement_lines_statement ON statement_lines (statement_id, state);
CREATE INDEX IF NOT EXISTS statement_lines_agent ON statement_lines (agent_user_id);

-- What a matched statement line pays, per person (splits.ts): street to the writing agent (level 0), overrides to
-- each upline agency by level (1, 2); written when the line is matched, deleted with it. period and carrier_id are
-- the statement's, kept here so totals group without joins.
CREATE TABLE IF NOT EXISTS commission_splits (
  id INTEGER PRIMARY KEY,
  statement_line_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  level INTEGER NOT NULL,               -- 0 = street (the writing agent), 1.. = override to the n-th upline
  amount_cents INTEGER NOT NULL,
  period TEXT NOT NULL,
  carrier_id INTEGER NOT NULL
);

CREATE INDEX IF NOT EXISTS commission_splits_user ON commission_splits (user_id, period);
CREATE INDEX IF NOT EXISTS commission_splits_line ON commission_splits (statement_line_id);

-- A statement file being imported (issue 23 §1): read into statement_import_rows (streamed), previewed with each
-- row's problem, then written as a statement (statement_id) or discarded. status: reading, ready (preview),
-- importing, imported, failed (problem says why), discarded. rows_read / rows_written: progress.
CREATE TABLE IF NOT EXISTS statement_imports (
  id INTEGER PRIMARY KEY,
  carrier_id INTEGER NOT NULL,
  period TEXT NOT NULL,
  carrier_statement_date TEXT NOT NULL,
  file_name TEXT NOT NULL,
  file_sha256 TEXT,                     -- known once the whole file is read
  mapping TEXT NOT NULL,                -- JSON, as statement_mappings
  headers TEXT NOT NULL DEFAULT '[]',   -- JSON: the file's header row (a missing mapped column waits for a mapping)
  status TEXT NOT NULL CHECK (status IN ('reading', 'ready', 'importing', 'imported', 'failed', 'discarded')),
  problem TEXT,
  rows_read INTEGER NOT NULL DEFAULT 0,
  rows_written INTEGER NOT NULL DEFAULT 0,
  statement_id INTEGER,
  created_by INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- The rows of an import being previewed: the file's values (text), what they read as, and the row's problem.
CREATE TABLE IF NOT EXISTS statement_import_rows (
  import_id INTEGER NOT NULL,
  line_no INTEGER NOT NULL,
  policy_number TEXT NOT NULL,
  member_name TEXT NOT NULL,
  kind TEXT,                            -- NULL when the kind cell could not be read (problem says why)
  amount_cents INTEGER,                 -- NULL when the amount could not be read
  policy_id INTEGER,                    -- the policy its number matches, if any (unmatched is not a problem)
  problem TEXT,
  cells TEXT NOT NULL DEFAULT '[]',     -- JSON: the row's cells as the file has them (re-read when the mapping changes)
  PRIMARY KEY (import_id, line_no)
);

-- Payout entries (issue 23 §3): one-time payments (amount > 0) and deductions (amount < 0) not tied to a statement
-- line. Only approved entries reach a total; the creator may not approve their own entry.
CREATE TABLE IF NOT EXISTS payout_entries (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,             -- the agent or agency paid (or charged)
  kind TEXT NOT NULL CHECK (kind IN ('bonus', 'fee', 'advance', 'chargeback_recovery', 'correction')),
  amount_cents INTEGER NOT NULL,
  memo TEXT NOT NULL,
  policy_id INTEGER,
  period TEXT NOT NULL,                 -- YYYY-MM
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  created_by INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  decided_by INTEGER,                   -- who approved or rejected it (never created_by)
  decided_at TEXT,
  decision_note TEXT,
  version INTEGER NOT NULL DEFAULT 1    -- one more at every change: a decision carries the one it was shown (issue 35)
);

CREATE INDEX IF NOT EXISTS payout_entries_user ON payout_entries (user_id, period);

-- Learning Center (issue 12, queries in learning-center/routes.ts, seed in learning-center/seed.ts): the resources of
-- the three libraries (carrier_id / product_id NULL: every carrier / product; audience 'agencies': agencies
-- and admins only; links JSON [{ title, url }]) and their attachments. Reference data: no user's.
CREATE TABLE IF NOT EXISTS learning_resources (
  id INTEGER PRIMARY KEY,
  library TEXT NOT NULL CHECK (library IN ('agent', 'documentation', 'enrollment')),
  title TEXT NOT NULL,
  category TEXT NOT NULL,
  carrier_id INTEGER,
  product_id INTEGER,
  description TEXT NOT NULL,
  body TEXT,
  audience TEXT NOT NULL DEFAULT 'all' CHECK (audience IN ('all', 'agencies')),
  links TEXT NOT NULL DEFAULT '[]',
  updated_at TEXT NOT NULL,
  -- issue 22 (learning_center_resources/): agents see it once published and publish_on (YYYY-MM-DD) has come.
  status TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published')),
  publish_on TEXT
);

CREATE INDEX IF NOT EXISTS learning_resources_library ON learning_resources (library);

CREATE TABLE IF NOT EXISTS learning_attachments (
  id INTEGER PRIMARY KEY,
  resource_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  data BLOB NOT NULL
);

CREATE INDEX IF NOT EXISTS learning_attachments_resource ON learning_attachments (resource_id);

-- Submitted enrollments (issue 12, queries in submitted-enrollments.ts): enrollments submitted through the
-- quote tool. user_id = the account whose list holds it (an agency's downline agents' are its own);
-- writing_agent = who wrote it (the account itself, or a downline agent). carrier_id points at carriers.
CREATE TABLE IF NOT EXISTS submitted_enrollments (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  writing_agent TEXT NOT NULL,
  writing_agent_npn TEXT,
  confirmation_number TEXT NOT NULL,
  member_name TEXT NOT NULL,
  plan_name TEXT NOT NULL,
  product_name TEXT NOT NULL,
  carrier_id INTEGER NOT NULL,
  effective_date TEXT NOT NULL,   -- YYYY-MM-DD
  status TEXT NOT NULL CHECK (status IN ('Submitted', 'Pending carrier review', 'Enrolled', 'Rejected', 'Canceled')),
  submitted_at TEXT NOT NULL,     -- ISO timestamp
  client_id TEXT                  -- the sunfire_clients row (a Sunfire import's; null for the seed's)
);

CREATE INDEX IF NOT EXISTS submitted_enrollments_user ON submitted_enrollments (user_id, submitted_at);
-- Profile (issue 12, queries in profile-details.ts): the address of a broker (name, e-mail and phone are in
-- users; the agency and upline come from users.upline_user_id, hierarchy.ts).
CREATE TABLE IF NOT EXISTS profile_details (
  user_id INTEGER PRIMARY KEY,
  address_line1 TEXT,
  address_line2 TEXT,
  city TEXT,
  state TEXT,
  zip TEXT
  -- The agency and upline are not here: hierarchy.ts reads them from users.upline_user_id.
);

-- What the licensing record adds to a license (spec §3 profile.licenses): class, lines of authority
-- (JSON list), resident or not, effective date. A license added in onboarding has none.
CREATE TABLE IF NOT EXISTS license_details (
  license_id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  license_class TEXT NOT NULL,
  lines_of_authority TEXT NOT NULL DEFAULT '[]',
  resident INTEGER NOT NULL,
  effective_on TEXT
);

-- The compliance documents of a broker, one per kind (E&O, W-9, AML, AHIP, direct deposit): the one set
-- of documents the profile and onboarding's documents step share (the bytes are in files). review is the
-- reviewer's verdict ('pending' = awaiting review by an administrator, issue 14); reviewer_note says why a
-- document was rejected.
CREATE TABLE IF NOT EXISTS compliance_documents (
  user_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('eo', 'w9', 'aml', 'ahip', 'direct_deposit')),
  file_id INTEGER NOT NULL,
  review TEXT NOT NULL DEFAULT 'accepted' CHECK (review IN ('accepted', 'rejected', 'pending')),
  reviewer_note TEXT,
  expires_on TEXT,                -- YYYY-MM-DD; NULL: the document does not run out
  expiry_noticed_on TEXT,         -- the expires_on its expiry notification was made for (document-expiry.ts)
  uploaded_at TEXT NOT NULL,
  PRIMARY KEY (user_id, kind)
);

-- Member rewards paid out to a broker (GET /api/profile/rewards); amounts in cents.
CREATE TABLE IF NOT EXISTS reward_payouts (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  paid_on TEXT NOT NULL,          -- YYYY-MM-DD
  amount_cents INTEGER NOT NULL
);

CREATE INDEX IF NOT EXISTS reward_payouts_user ON reward_payouts (user_id);
-- Accounts (issue 13, accounts.ts): the single-use links of an account (purpose verify = confirm the e-mail
-- address after registering, activate = choose the first password of an account an administrator created,
-- reset = choose a new password). Only the SHA-256 (hex) of a token is stored; used_at is set when it is used
-- and when a newer token of the same purpose replaces it. AUTOINCREMENT as downline_invitations.
CREATE TABLE IF NOT EXISTS account_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'activate', 'reset')),
  token_hash TEXT NOT NULL UNIQUE,
  expires_at TEXT NOT NULL,       -- ISO timestamp
  used_at TEXT,
  created_at TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS account_tokens_user ON account_tokens (user_id, purpose);

-- The e-mails the reference API sent while no SMTP server is configured (mailer.ts; read by npm run outbox and
-- the tests' GET /__outbox). to_address as written; html_body escapes every value it quotes.
CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS outbox_to ON outbox (to_address COLLATE NOCASE);

-- A stand-in for the national producer registry: the NPNs a registration may give (reference data).
CREATE TABLE IF NOT EXISTS npn_registry (
  npn TEXT PRIMARY KEY,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL
);

-- The history of each contract request (issue 14, admin-contracting.ts): one row per state it entered
-- (from_state NULL = requested); user_id = the broker (for the per-user reset); actor = who moved it (the broker
-- or an administrator; actor_user_id NULL = the system). timeInStates and the request's history come from it.
CREATE TABLE IF NOT EXISTS contract_request_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  entry_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  from_state TEXT,
  to_state TEXT NOT NULL CHECK (to_state IN ('pending', 'denied', 'approved', 'active')),
  at TEXT NOT NULL,
  actor_user_id INTEGER,
  actor_name TEXT NOT NULL,
  public_note TEXT,
  internal_note TEXT
);

CREATE INDEX IF NOT EXISTS contract_request_events_entry ON contract_request_events (entry_id, at);

-- The content sections of the admin area (issue 22): who dismissed which system notification (for good), and the
-- quote tool's providers (sunfire.ts reads them; the secret is write-only: never in an answer or a log line).
CREATE TABLE IF NOT EXISTS system_notification_dismissals (
  notification_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  dismissed_at TEXT NOT NULL,
  PRIMARY KEY (notification_id, user_id)
);

CREATE TABLE IF NOT EXISTS quote_tool_providers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  sign_on_url TEXT NOT NULL,
  test_site_url TEXT,
  roles TEXT NOT NULL DEFAULT '[]',
  enabled INTEGER NOT NULL DEFAULT 1,
  secret TEXT,
  updated_at TEXT NOT NULL
);

-- E-mail communications (issue 22 §2.5, email/): the templates of every e-mail the product sends (key = the
-- mailer's kind; placeholders checked against email/templates.ts), the log of every e-mail sent (queued → sent or
-- failed with the reason; a one-time link's body is never kept: text_body/html_body NULL), and the messages an
-- administrator sent to a filtered list of users (filter = the JSON of the filter's choices).
CREATE TABLE IF NOT EXISTS email_templates (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS email_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  filter TEXT NOT NULL,
  recipient_count INTEGER NOT NULL,
  created_by_user_id INTEGER NOT NULL,
  created_by_name TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS email_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  to_address TEXT NOT NULL,
  user_id INTEGER,
  subject TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'failed')),
  failure_reason TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  message_id INTEGER,
  resend_of INTEGER,
  test INTEGER NOT NULL DEFAULT 0,
  text_body TEXT,
  html_body TEXT
);

CREATE INDEX IF NOT EXISTS email_log_created ON email_log (created_at);
CREATE INDEX IF NOT EXISTS email_log_message ON email_log (message_id);

-- The support desk's internal notes (issue 22, conversations/admin.ts): staff-only entries of a conversation's
-- thread; owner_user_id = the conversation's owner, for the per-user reset. Only the admin endpoints read this
-- table: a note never reaches the owner or a carrier.
CREATE TABLE IF NOT EXISTS conversation_notes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id INTEGER NOT NULL,
  owner_user_id INTEGER NOT NULL,
  author_id INTEGER NOT NULL,
  author TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS conversation_notes_conversation ON conversation_notes (conversation_id);

-- Carrier exports (issue 24 §2, carrier-exports/): the files sent to carriers. A run keeps its CSV whole (text:
-- small files); slot_at = the schedule's due time of a scheduled run (one run per carrier, kind and slot), NULL for
-- one built on demand; csv NULL = a seeded run not built yet (built on the first read, from its window).
CREATE TABLE IF NOT EXISTS carrier_export_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  carrier_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('new_contracts', 'terminations', 'address_changes')),
  trigger TEXT NOT NULL CHECK (trigger IN ('manual', 'schedule')),
  frequency TEXT CHECK (frequency IN ('daily', 'weekly')),
  built_by INTEGER,
  built_at TEXT NOT NULL,
  covered_from TEXT NOT NULL,
  covered_to TEXT NOT NULL,
  slot_at TEXT,
  row_count INTEGER,
  csv TEXT
);

CREATE UNIQUE INDEX IF NOT EXISTS carrier_export_runs_slot ON carrier_export_runs (carrier_id, kind, slot_at)
  WHERE slot_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS carrier_export_runs_built ON carrier_export_runs (built_at);

-- A carrier's schedule per kind (no row = off); since = when it was set (its first slot comes after).
CREATE TABLE IF NOT EXISTS carrier_export_schedules (
  carrier_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  frequency TEXT NOT NULL CHECK (frequency IN ('off', 'daily', 'weekly')),
  since TEXT NOT NULL,
  PRIMARY KEY (carrier_id, kind)
);

-- What the terminations and address changes files carry: an agent's appointment ended with a carrier
-- (carrier_id set), or a broker's new address (carrier_id NULL: every carrier the broker is contracted with).
CREATE TABLE IF NOT EXISTS carrier_export_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('termination', 'address_change')),
  user_id INTEGER NOT NULL,
  carrier_id INTEGER,
  at TEXT NOT NULL,
  writing_number TEXT,
  reason TEXT,
  effective_date TEXT,
  address_line1 TEXT,
  address_line2 TEXT,
  city TEXT,
  state TEXT,
  zip TEXT
);

CREATE INDEX IF NOT EXISTS carrier_export_events_at ON carrier_export_events (kind, at);
-- Carrier enrollments and notifications (issue 24 §3–4, carrier-enrollments/): the enrollment records carriers send,
-- each with its raw payload stored verbatim (text, as it arrived), and what carriers tell us about agents and policies.
-- user_id: the portal user of the writing agent's NPN (NULL: none). document_name: the document notification a
-- notification becomes for its agent (NULL: nothing for the agent to do); routed_at: when it was sent there.
CREATE TABLE IF NOT EXISTS carrier_enrollments (
  id INTEGER PRIMARY KEY,
  carrier_id INTEGER NOT NULL,
  user_id INTEGER,
  writing_agent TEXT NOT NULL,
  writing_agent_npn TEXT,
  plan_name TEXT NOT NULL,
  plan_type TEXT NOT NULL,
  contract_pbp TEXT,
  client_name TEXT NOT NULL,
  client_id TEXT NOT NULL,
  client_dob TEXT NOT NULL,
  county TEXT NOT NULL,
  state TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('submitted', 'pending', 'rfi', 'enrolled', 'rejected', 'terminated')),
  status_updated_at TEXT NOT NULL,
  submitted_on TEXT NOT NULL,
  effective_on TEXT,
  terminated_on TEXT,
  termination_reason TEXT,
  confirmation_number TEXT NOT NULL,
  received_at TEXT NOT NULL,
  raw_payload TEXT NOT NULL,
  -- What the carrier asks for while the status is 'rfi' (NULL otherwise).
  rfi_request TEXT
);

CREATE INDEX IF NOT EXISTS carrier_enrollments_received ON carrier_enrollments (received_at);

CREATE TABLE IF NOT EXISTS carrier_notifications (
  id INTEGER PRIMARY KEY,
  carrier_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('rfi', 'termination', 'chargeback', 'certification')),
  user_id INTEGER,
  policy_number TEXT,
  enrollment_id INTEGER,
  subject TEXT NOT NULL,
  message TEXT NOT NULL,
  received_at TEXT NOT NULL,
  handled_at TEXT,
  handled_by INTEGER,
  handled_note TEXT,
  document_name TEXT,
  routed_at TEXT
);

CREATE INDEX IF NOT EXISTS carrier_notifications_received ON carrier_notifications (received_at);
-- NIPR, the Producer Database's stand-in (issue 24 §6-8, nipr/): the connection and what is tracked (one row, id 1;
-- the password is write-only: no endpoint answers it), the chosen producers, the daily alerts (generated per weekday
-- from the seed day on read, nipr/daily.ts: generated_through), and every sync.
CREATE TABLE IF NOT EXISTS nipr_config (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  username TEXT NOT NULL,
  password TEXT NOT NULL,
  tracking TEXT NOT NULL CHECK (tracking IN ('all', 'chosen')),
  cost_cents INTEGER NOT NULL,
  active_scan TEXT NOT NULL CHECK (active_scan IN ('weekly', 'monthly')),
  inactive_scan TEXT NOT NULL CHECK (inactive_scan IN ('weekly', 'monthly')),
  warning_days INTEGER NOT NULL,
  seed_day TEXT NOT NULL,
  generated_through TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS nipr_tracked (
  user_id INTEGER PRIMARY KEY
);

CREATE TABLE IF NOT EXISTS nipr_alerts (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  day TEXT NOT NULL,                -- YYYY-MM-DD: the alerts file's day
  kind TEXT NOT NULL,
  state TEXT,
  summary TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '{}', -- JSON: what applying it writes (a new expiry date, a license number)
  handled_at TEXT,
  handled_by TEXT,
  note TEXT
);

CREATE INDEX IF NOT EXISTS nipr_alerts_user ON nipr_alerts (user_id);
CREATE INDEX IF NOT EXISTS nipr_alerts_day ON nipr_alerts (day);

-- A hold on a broker's new contract requests in one state (issue 24 §7, app/domain/nipr-holds.ts): written when an
-- administrator handles a lapsed license or a regulatory action alert, open until resolved (resolved_at).
CREATE TABLE IF NOT EXISTS nipr_holds (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  state TEXT NOT NULL,
  alert_id INTEGER NOT NULL UNIQUE,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL,
  resolved_at TEXT,
  resolved_by TEXT
);

CREATE INDEX IF NOT EXISTS nipr_holds_user ON nipr_holds (user_id);

CREATE TABLE IF NOT EXISTS nipr_syncs (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  trigger TEXT NOT NULL CHECK (trigger IN ('daily', 'weekly', 'monthly', 'manual')),
  by_name TEXT,
  producers INTEGER NOT NULL,
  changes INTEGER NOT NULL,
  summary TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('succeeded', 'partial', 'failed')),
  failures TEXT NOT NULL DEFAULT '[]'
);

-- Carrier imports (issue 24 §1, carrier-imports/): a carrier's file of one kind (rts: ready-to-sell statuses;
-- policies) read into carrier_import_rows (streamed, each row's problem), previewed, then written in the
-- background (rows_written: progress; n_*: the rows by outcome) or discarded. status as statement_imports.
-- A file (file_sha256) already imported, or waiting in its preview, is refused. The mapping per carrier and kind
-- is remembered in carrier_import_mappings.
CREATE TABLE IF NOT EXISTS carrier_imports (
  id INTEGER PRIMARY KEY,
  carrier_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('rts', 'appointments', 'policies', 'enrollments')),
  file_name TEXT NOT NULL,
  file_sha256 TEXT,
  mapping TEXT NOT NULL,
  headers TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL CHECK (status IN ('reading', 'ready', 'importing', 'imported', 'failed', 'discarded')),
  problem TEXT,
  rows_read INTEGER NOT NULL DEFAULT 0,
  rows_written INTEGER NOT NULL DEFAULT 0,
  n_problems INTEGER NOT NULL DEFAULT 0,
  n_created INTEGER NOT NULL DEFAULT 0,
  n_updated INTEGER NOT NULL DEFAULT 0,
  n_unchanged INTEGER NOT NULL DEFAULT 0,
  n_refused INTEGER NOT NULL DEFAULT 0,
  created_by INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  finished_at TEXT
);

CREATE INDEX IF NOT EXISTS carrier_imports_sha ON carrier_imports (file_sha256);

CREATE TABLE IF NOT EXISTS carrier_import_rows (
  import_id INTEGER NOT NULL,
  line_no INTEGER NOT NULL,
  cells TEXT NOT NULL,                  -- JSON: the row's cells as the file has them
  problem TEXT,                         -- the preview's problem; after the import, why it was refused
  outcome TEXT CHECK (outcome IN ('created', 'updated', 'unchanged', 'refused')),
  PRIMARY KEY (import_id, line_no)
);

CREATE TABLE IF NOT EXISTS carrier_import_mappings (
  carrier_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  mapping TEXT NOT NULL,
  updated_by INTEGER NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (carrier_id, kind)
);

-- Sunfire imports (issue 24 §5, sunfire-imports/, ADR 034): the quote tool's enrollment export read into
-- sunfire_import_rows with each row's problem, agent (users by NPN) and client (sunfire_clients by the matching
-- rules), previewed, then written in the background: a matched row becomes a submitted_enrollments row of its agent,
-- an unmatched one waits to be reconciled by hand. status and file_sha256 as carrier_imports.
CREATE TABLE IF NOT EXISTS sunfire_imports (
  id INTEGER PRIMARY KEY,
  file_name TEXT NOT NULL,
  file_sha256 TEXT,
  headers TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL CHECK (status IN ('reading', 'ready', 'importing', 'imported', 'failed', 'discarded')),
  problem TEXT,
  rows_read INTEGER NOT NULL DEFAULT 0,
  rows_written INTEGER NOT NULL DEFAULT 0,
  n_problems INTEGER NOT NULL DEFAULT 0,
  n_to_reconcile INTEGER NOT NULL DEFAULT 0,
  n_matched INTEGER NOT NULL DEFAULT 0,
  n_unmatched INTEGER NOT NULL DEFAULT 0,
  n_reconciled INTEGER NOT NULL DEFAULT 0,
  n_refused INTEGER NOT NULL DEFAULT 0,
  created_by INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  finished_at TEXT
);

CREATE INDEX IF NOT EXISTS sunfire_imports_sha ON sunfire_imports (file_sha256);

CREATE TABLE IF NOT EXISTS sunfire_import_rows (
  import_id INTEGER NOT NULL,
  line_no INTEGER NOT NULL,
  cells TEXT NOT NULL,                  -- JSON: the row's values by field (records.ts SUNFIRE_COLUMNS)
  problem TEXT,                         -- the preview's problem; after the import, why it was refused
  agent_user_id INTEGER,                -- the agent by the row's NPN (or chosen by a person)
  client_match TEXT NOT NULL DEFAULT '{"kind":"new"}', -- JSON: app/domain/sunfire-matching.ts ClientMatch
  outcome TEXT CHECK (outcome IN ('matched', 'unmatched', 'reconciled', 'refused')),
  client_id TEXT,                       -- the client the enrollment is for, once written
  enrollment_id INTEGER,                -- the submitted_enrollments row it became
  PRIMARY KEY (import_id, line_no)
);

-- The clients the quote tool's enrollments are for (the matching rules run against them): Sunfire's client id,
-- the values the rules compare, and the agent who first enrolled them. A matched row's client, or a new one made
-- from the row.
CREATE TABLE IF NOT EXISTS sunfire_clients (
  id TEXT PRIMARY KEY,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT,
  date_of_birth TEXT,                   -- YYYY-MM-DD
  medicare_id TEXT,
  phone TEXT,
  created_at TEXT NOT NULL
);

-- The plans the quote tool sells, by carrier: a row's carrier and plan must name one exactly.
CREATE TABLE IF NOT EXISTS sunfire_plans (
  carrier_id INTEGER NOT NULL,
  plan_name TEXT NOT NULL,
  product_name TEXT NOT NULL,
  PRIMARY KEY (carrier_id, plan_name)
);

-- A broker's appointment with a carrier in a state, as the carrier's appointments file says it (issue 24 §1): what the
-- broker's contracts page shows beside the contract requests (an appointment with no contract record is flagged).
-- import_id: the carrier import that last wrote it (NULL: seeded).
CREATE TABLE IF NOT EXISTS carrier_appointments (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  carrier_id INTEGER NOT NULL,
  state TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Appointed', 'Pending', 'Terminated')),
  effective_date TEXT NOT NULL,
  termination_reason TEXT,
  import_id INTEGER,
  updated_at TEXT NOT NULL,
  UNIQUE (user_id, carrier_id, state)
);

-- The carriers' own certifications a broker completed, per plan year (issue 25 §1, readiness/): what the carriers'
-- files report; with the AHIP compliance document they make a Medicare product sellable (app/domain/readiness.ts).
CREATE TABLE IF NOT EXISTS carrier_certifications (
  user_id INTEGER NOT NULL,
  carrier_id INTEGER NOT NULL,
  plan_year INTEGER NOT NULL,
  completed_on TEXT NOT NULL,        -- YYYY-MM-DD
  PRIMARY KEY (user_id, carrier_id, plan_year)
);

-- Sessions are not a data table: reset() keeps them, so signed-in sessions survive a reset.
-- No foreign keys on purpose (the users they point at are deleted and re-inserted by reset()).
CREATE TABLE IF NOT EXISTS sessions (
  token TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL,
  return_to_user_id INTEGER,
  created_at TEXT NOT NULL
);
`;
