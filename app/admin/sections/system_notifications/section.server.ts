import { type SectionServer, eachId, text } from "~/.server/admin/section-server";
import { adminResource } from "~/.server/upstream/admin";
import { ROLES } from "~/domain/user";
import { toUsDate } from "~/domain/validation";
import {
  type AdminSystemNotificationBody,
  AdminSystemNotificationBodySchema,
  AdminSystemNotificationResponseSchema,
  AdminSystemNotificationsResponseSchema,
} from "./contract.server";
import type { AdminSystemNotification } from "./records";
import type { NoticeFormValue } from "./schemas";

const api = adminResource("system_notifications", {
  list: AdminSystemNotificationsResponseSchema,
  one: AdminSystemNotificationResponseSchema,
  body: AdminSystemNotificationBodySchema,
});

const DAY_MS = 24 * 3600_000;
/** The UTC day (YYYY-MM-DD) of an ISO timestamp. */
const dayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);
/** The last day a notice shows: the day before its (exclusive) end, when it ends at midnight. */
const lastDayOf = (endsAt: string) => dayOf(new Date(Date.parse(endsAt) - 1).toISOString());

/**
 * The form's value as the upstream's body: the checked roles, the first day's midnight (UTC; none: now), the day
 * after the last day's midnight (exclusive end). A day left as it was keeps the record's own time (`before`).
 */
export function bodyOf(v: NoticeFormValue, before?: AdminSystemNotification): AdminSystemNotificationBody {
  const startsAt =
    v.startsOn === null
      ? new Date().toISOString()
      : before && dayOf(before.startsAt) === v.startsOn
        ? before.startsAt
        : `${v.startsOn}T00:00:00.000Z`;
  const endsAt =
    v.endsOn === null
      ? null
      : before?.endsAt && lastDayOf(before.endsAt) === v.endsOn
        ? before.endsAt
        : new Date(Date.parse(`${v.endsOn}T00:00:00.000Z`) + DAY_MS).toISOString();
  return {
    title: v.title,
    message: v.message,
    severity: v.severity,
    audience: v.audience,
    roles: ROLES.filter((r) => v[`role${r}`]),
    agencyId: v.agencyId,
    startsAt,
    endsAt,
  };
}

export const server: SectionServer<AdminSystemNotification> = {
  list: async (token, params) => api.list(token, params),
  // Not the message nor the history's dates: the record page shows those.
  listRow: (n) => ({
    id: n.id,
    title: n.title,
    severity: n.severity,
    audience: n.audience,
    roles: n.roles,
    agency: n.agency,
    startsAt: n.startsAt,
    endsAt: n.endsAt,
    status: n.status,
    dismissals: n.dismissals,
  }),
  record: async (token, id) => api.record(token, id),
  remove: async (token, id) => api.remove(token, id),
  bulk: async (token, { id }) => eachId(id, async (one) => api.remove(token, one)),
  exportCsv: async (token, params) => api.exportCsv(token, params),
  form: {
    create: async (token, value) => api.create(token, bodyOf(value as NoticeFormValue)),
    update: async (token, id, value) => {
      const { record } = await api.record(token, id);
      return api.update(token, id, bodyOf(value as NoticeFormValue, record));
    },
    formValues: (n) => ({
      title: n.title,
      message: n.message,
      severity: n.severity,
      audience: n.audience,
      ...Object.fromEntries(ROLES.map((r) => [`role${r}`, n.roles.includes(r) ? "on" : undefined])),
      agencyId: text(n.agency?.id),
      startsOn: toUsDate(dayOf(n.startsAt)),
      endsOn: n.endsAt ? toUsDate(lastDayOf(n.endsAt)) : "",
    }),
  },
};
