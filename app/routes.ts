import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** Spec §2, route by route. Later issues add the remaining pages under the same layouts. */
export default [
  layout("layouts/login.tsx", [index("routes/_index.tsx")]),
  layout("layouts/container.tsx", [route("privacy_policy", "routes/privacy_policy.tsx")]),
  layout("layouts/default.tsx", [
    route("dashboard", "routes/dashboard.tsx"),
    route("home", "routes/home.tsx"),
    route("basic_profile", "routes/basic_profile.tsx"),
    route("onboarding/:step?", "routes/onboarding.tsx"),
    route("onboarding_complete", "routes/onboarding_complete.tsx"),
    route("carrier/tickets", "routes/carrier.tickets.tsx"),
    route("admin", "routes/admin._index.tsx"),
    route("contract_now", "routes/contract_now.tsx"),
    route("book_of_business", "routes/book_of_business.tsx"),
    route("register_downlines", "routes/register_downlines.tsx"),
    route("downlines", "routes/downlines.tsx"),
    route("my_tickets", "routes/my_tickets.tsx"),
    route("contact_support", "routes/contact_support.tsx"),
    route("commission_inquiry", "routes/commission_inquiry.tsx"),
    route("commissions", "routes/commissions.tsx"),
    route("register_downlines/new", "routes/register_downlines.new.tsx"),
    route("contracts", "routes/contracts.tsx", { id: "contracts" }),
    route("contracts_pending", "routes/contracts.tsx", { id: "contracts_pending" }),
    // Feedback conversations (issue 12): the static pages rank above /feedback/:id.
    route("feedback", "routes/feedback.list.tsx", { id: "feedback" }),
    route("feedback/list", "routes/feedback.list.tsx", { id: "feedback_list" }),
    route("feedback/show", "routes/feedback.list.tsx", { id: "feedback_show" }),
    route("feedback/conversation", "routes/feedback.list.tsx", { id: "feedback_conversation" }),
    route("feedback/form", "routes/feedback.form.tsx"),
    route("feedback/:id", "routes/feedback.$id.tsx"),
  ]),
  route("account/logout", "routes/account.logout.tsx"),
  route("account/logout_as_user", "routes/account.logout_as_user.tsx"),
  route("account/sms_consent", "routes/account.sms_consent.tsx"),
  layout("layouts/unknown.tsx", [route("*", "routes/$.tsx")]),
] satisfies RouteConfig;
