import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** Spec §2, route by route. Later issues add the remaining pages under the same layouts. */
export default [
  layout("layouts/login.tsx", [
    index("routes/_index.tsx"),
    // Accounts without help desk (issue 13): registration by invitation or not, the e-mailed links.
    route("registration", "routes/registration.tsx"),
    route("registration/:invitation_token", "routes/registration.$invitation_token.tsx"),
    route("account/verify/:token?", "routes/account.verify.tsx"),
    route("account/activate/:id?", "routes/account.activate.tsx"),
    route("account/update_password/:id?", "routes/account.update_password.tsx"),
  ]),
  layout("layouts/container.tsx", [route("privacy_policy", "routes/privacy_policy.tsx")]),
  layout("layouts/default.tsx", [
    route("dashboard", "routes/dashboard.tsx"),
    // Issue 25 §1: per carrier product, ready to sell or the steps left (linked from My Contracts and the dashboard).
    route("ready_to_sell", "routes/ready_to_sell.tsx"),
    route("home", "routes/home.tsx"),
    route("basic_profile", "routes/basic_profile.tsx"),
    route("onboarding/:step?", "routes/onboarding.tsx"),
    route("onboarding_complete", "routes/onboarding_complete.tsx"),
    route("carrier/tickets", "routes/carrier.tickets.tsx"),
    // The admin area (issue 14): one layout (the sections' navigation, breadcrumbs), the sections built on one
    // folder each (app/admin/sections/<key>/: shape, view, form, upstream contract, server half; ADR 024)
    // drawn by the shared list / new / record / export modules; the contracting desk and the broker pages are
    // their own. Static paths rank above the shared ones' :section.
    route("admin", "routes/admin.tsx", [
      index("routes/admin._index.tsx"),
      route("contracting/edit/:id?", "routes/admin.contracting.edit.tsx"),
      route("contracting/edit/:id/files/:fileId", "routes/admin.contracting.file.ts"),
      route("brokers/:id", "routes/admin.brokers.$id.tsx", [
        index("routes/admin.brokers.$id._index.tsx"),
        route("contracts", "routes/admin.brokers.$id.contracts.tsx"),
        route("contracts/new", "routes/admin.brokers.$id.contracts.new.tsx"),
        route("contracts/:contract_id", "routes/admin.brokers.$id.contracts.$contract_id.tsx"),
        route("documents", "routes/admin.brokers.$id.documents.tsx"),
        route("documents/:kind/file", "routes/admin.brokers.$id.documents.file.ts"),
      ]),
      // E-mail communications (issue 22 §2.5): the log, the composer and a template's page are pages of their own.
      route("email_communications/log", "routes/admin.email_communications.log.tsx"),
      route("email_communications/message", "routes/admin.email_communications.message.tsx"),
      route("email_communications/export", "routes/admin.email_communications.export.ts"),
      route("email_communications/:id", "routes/admin.email_communications.$id.tsx"),
      // Issue 22: a carrier's page holds one form per carrier product (its own route module).
      route("carriers/export", "routes/admin.carriers.export.ts"),
      route("carriers/:id", "routes/admin.carriers.$id.tsx"),
      route("learning_center_resources/:id/attachments", "routes/admin.learning_center_resources.attachments.ts"),
      route(
        "learning_center_resources/:id/attachments/:attachmentId",
        "routes/admin.learning_center_resources.attachment.ts",
      ),
      // Payout entries (issue 23 §3): the section's own new page (filled in from its URL) and record page (Approve,
      // Reject; the creator may not).
      route("payout_entries/new", "routes/admin.payout_entries.new.tsx"),
      route("commission_statements/import", "routes/admin.commission_statements.import.tsx"),
      route("commission_statements/import/upload", "routes/admin.commission_statements.import.upload.ts"),
      route("commission_statements/imports/:id", "routes/admin.commission_statements.imports.$id.tsx"),
      // Carrier exports (issue 24 §2): Build now, the schedules, a file's page and its CSV (the history is shared).
      route("carrier_exports/new", "routes/admin.carrier_exports.new.tsx"),
      route("carrier_exports/schedules", "routes/admin.carrier_exports.schedules.tsx"),
      route("carrier_exports/:id/file", "routes/admin.carrier_exports.file.ts"),
      // Carrier imports (issue 24 §1): the upload, and an import's results as CSV.
      route("carrier_imports/upload", "routes/admin.carrier_imports.upload.tsx"),
      route("carrier_imports/upload/send", "routes/admin.carrier_imports.upload.send.ts"),
      route("carrier_imports/:id/results.csv", "routes/admin.carrier_imports.$id.results.ts"),
      // Sunfire imports (issue 24 §5): the upload (and its JavaScript send), an import's results as CSV, an unmatched
      // row's reconciliation.
      route("sunfire_imports/new", "routes/admin.sunfire_imports.new.tsx"),
      route("sunfire_imports/new/upload", "routes/admin.sunfire_imports.new.upload.ts"),
      route("sunfire_imports/:id/results.csv", "routes/admin.sunfire_imports.$id.results.ts"),
      route("sunfire_imports/:id/rows/:line", "routes/admin.sunfire_imports.$id.rows.$line.tsx"),
      route(":section", "routes/admin.section.tsx"),
      route(":section/new", "routes/admin.section.new.tsx"),
      route(":section/export", "routes/admin.section.export.ts"),
      // After :section/export, which outranks it on a tie (/admin/commission_statements/export is the CSV).
      route("commission_statements/:id", "routes/admin.commission_statements.$id.tsx"),
      // Issue 24 §1: an import's page (mapping, preview, progress, results; after :section/export as above).
      route("carrier_imports/:id", "routes/admin.carrier_imports.$id.tsx"),
      route("sunfire_imports/:id", "routes/admin.sunfire_imports.$id.tsx"),
      // The support desk (issue 22): a conversation's page, one module for the tickets queue and the inbox
      // (after :section/new and :section/export, which outrank it on a tie: /admin/tickets/export is the CSV).
      route("tickets/:id", "routes/admin.conversation.tsx", { id: "admin-conversation-ticket" }),
      // Commission totals (issue 23 §2): a row's lines and entries, keyed <userId>-<YYYY-MM> (read only; after
      // :section/export, which outranks it on a tie).
      route("commission_totals/:id", "routes/admin.commission_totals.$id.tsx"),
      route("admin_support/:id", "routes/admin.conversation.tsx", { id: "admin-conversation-support" }),
      route("payout_entries/:id", "routes/admin.payout_entries.$id.tsx"),
      route("carrier_exports/:id", "routes/admin.carrier_exports.$id.tsx"),
      // Carrier enrollments and notifications (issue 24 §3–4): read-only records, the raw payload's viewer and file,
      // a notification's page with its actions.
      route("carrier_enrollments/modal/json_viewer", "routes/admin.carrier_enrollments.json_viewer.tsx"),
      route("carrier_enrollments/:id/payload", "routes/admin.carrier_enrollments.payload.ts"),
      route("carrier_enrollments/:id", "routes/admin.carrier_enrollments.$id.tsx"),
      route("carrier_notifications/:id", "routes/admin.carrier_notifications.$id.tsx"),
      // NIPR (issue 24 §6-8): the settings page, an alert's page.
      route("nipr_license_config", "routes/admin.nipr_license_config.tsx"),
      route("nipr_pdb_alerts/:id", "routes/admin.nipr_pdb_alerts.$id.tsx"),
      route(":section/:id", "routes/admin.section.record.tsx", { id: "admin-record" }),
      route(":section/:id/edit", "routes/admin.section.record.tsx", { id: "admin-record-edit" }),
    ]),
    route("contract_now", "routes/contract_now.tsx"),
    route("book_of_business", "routes/book_of_business.tsx"),
    route("register_downlines", "routes/register_downlines.tsx"),
    route("downlines", "routes/downlines.tsx"),
    // Downline readiness (issue 25 §2): agencies; its CSV.
    route("downlines/readiness", "routes/downlines.readiness.tsx"),
    route("downlines/readiness/export", "routes/downlines.readiness.export.ts"),
    route("my_tickets", "routes/my_tickets.tsx"),
    route("contact_support", "routes/contact_support.tsx"),
    route("commission_inquiry", "routes/commission_inquiry.tsx"),
    route("commissions", "routes/commissions.tsx"),
    // Expected against received commissions (issue 25 §3): agents and agencies.
    route("commissions/reconciliation", "routes/commissions.reconciliation.tsx"),
    route("register_downlines/new", "routes/register_downlines.new.tsx"),
    route("contracts", "routes/contracts.tsx", { id: "contracts" }),
    route("contracts_pending", "routes/contracts.tsx", { id: "contracts_pending" }),
    // Learning center (issue 12): the hub; the three libraries (:library is agent_resources, documentation_resources
    // or enrollment_resources; any other is the 404 page), a resource, its attachments; the carrier resources.
    route("learning_center", "routes/learning_center._index.tsx"),
    route("learning_center/:library", "routes/learning_center.library.tsx"),
    route("learning_center/:library/:id", "routes/learning_center.resource.tsx"),
    route("learning_center/:library/:id/attachments/:attachmentId", "routes/learning_center.attachment.ts"),
    route("learning_center/carrier_resources/:id?", "routes/learning_center.carrier_resources.tsx"),
    route("enrollments", "routes/enrollments.tsx"),
    route("quote_tool", "routes/quote_tool.tsx"),
    route("submitted_enrollments", "routes/submitted_enrollments.tsx"),
    route("profile", "routes/profile.tsx"),
    route("profile/documents/:kind", "routes/profile.documents.$kind.tsx"),
    route("profile/documents/:kind/file", "routes/profile.documents.$kind.file.tsx"),
    // Feedback conversations (issue 12): the static pages rank above /feedback/:id.
    route("feedback", "routes/feedback.list.tsx", { id: "feedback" }),
    route("feedback/list", "routes/feedback.list.tsx", { id: "feedback_list" }),
    route("feedback/show", "routes/feedback.list.tsx", { id: "feedback_show" }),
    route("feedback/conversation", "routes/feedback.list.tsx", { id: "feedback_conversation" }),
    route("feedback/form", "routes/feedback.form.tsx"),
    route("feedback/:id", "routes/feedback.$id.tsx"),
    route("account/password", "routes/account.password.tsx"),
  ]),
  route("account/logout", "routes/account.logout.tsx"),
  route("account/logout_as_user", "routes/account.logout_as_user.tsx"),
  route("account/sms_consent", "routes/account.sms_consent.tsx"),
  route("account/dismiss_notice", "routes/account.dismiss_notice.tsx"),
  layout("layouts/unknown.tsx", [route("*", "routes/$.tsx")]),
] satisfies RouteConfig;
