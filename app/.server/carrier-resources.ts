import {
  type CarrierResourceView,
  learningCenterTabs,
  packageCodeLabel,
  recertificationLabel,
  telHref,
} from "~/domain/carrier-resource";
import { sanitize } from "./html";
import type { CarrierResource } from "./upstream/schemas";

function safeLink(href: string | null): string | null {
  return href && /^https?:\/\//i.test(href) ? href : null;
}

function plain(value: string | null): string | null {
  const text = value?.trim();
  return text ? text : null;
}

/**
 * A carrier product's resource as the portal shows it (the Contract Now card and the Learning Center's carrier
 * page): the upstream's HTML sanitised, the labels of spec §2, the links checked. No resource: empty tabs.
 */
export function carrierResourceView(raw: CarrierResource | null, today: Date): CarrierResourceView {
  const resource = raw
    ? {
        ...raw,
        description: sanitize(raw.description),
        agentGuide: sanitize(raw.agentGuide),
        certification: sanitize(raw.certification),
        commissions: sanitize(raw.commissions),
        transferPolicy: sanitize(raw.transferPolicy),
        technology: sanitize(raw.technology),
        commissionPayments: sanitize(raw.commissionPayments),
        orderingSupplies: sanitize(raw.orderingSupplies),
        additionalInfo: sanitize(raw.additionalInfo),
      }
    : null;
  const phone = plain(resource?.brokerServicesNumber ?? null);
  const email = plain(resource?.brokerSupportedEmail ?? null);
  return {
    descriptionHtml: resource?.description ?? null,
    recertification: recertificationLabel(resource?.certificationDate ?? null, today),
    packageCode: packageCodeLabel(resource?.packageCode ?? null),
    carrierPortalLink: safeLink(resource?.carrierPortalLink ?? null),
    certificationLink: safeLink(resource?.certificationLink ?? null),
    brokerPhone: phone ? { text: phone, href: telHref(phone) } : null,
    brokerEmail: email && /^[^\s@<>"]+@[^\s@<>"]+$/.test(email) ? email : null,
    tabs: resource ? learningCenterTabs(resource) : [],
  };
}
