/** Spec §1: two brandings, chosen by ?brand= and remembered in the browser; unknown → default. */
export const BRAND_PARAM = "brand";
export const BRAND_KEYS = ["default", "partner"] as const;
export type BrandKey = (typeof BRAND_KEYS)[number];

export interface Branding {
  key: BrandKey;
  logoUrl: string;
  /** Short name used as the logo's text alternative and the page title. */
  portalName: string;
  welcomeMessage: string;
  marketingOrganisation: string;
  rewardsDisclaimer: string;
  authorisedEntity: string;
}

function rewardsDisclaimer(organisation: string): string {
  // Spec §1: brokers must be active with the organisation and policies must be active at payment.
  return `To receive member rewards, brokers must be active with ${organisation} and each policy must be active at the time of payment.`;
}

export const BRANDINGS: Record<BrandKey, Branding> = {
  default: {
    key: "default",
    logoUrl: "/brand/default-logo.svg",
    portalName: "Summit Agent Portal",
    welcomeMessage: "Welcome to the Summit Agent Portal",
    marketingOrganisation: "Summit Health Marketing",
    rewardsDisclaimer: rewardsDisclaimer("Summit Health Marketing"),
    authorisedEntity: "Summit Health Marketing, LLC",
  },
  partner: {
    key: "partner",
    logoUrl: "/brand/partner-logo.svg",
    portalName: "Harbor Partners Portal",
    welcomeMessage: "Welcome to Harbor Partners, your contracting home",
    marketingOrganisation: "Harbor Partners Insurance Network",
    rewardsDisclaimer: rewardsDisclaimer("Harbor Partners Insurance Network"),
    authorisedEntity: "Harbor Partners Insurance Network, Inc.",
  },
};

export function isBrandKey(value: unknown): value is BrandKey {
  return typeof value === "string" && (BRAND_KEYS as readonly string[]).includes(value);
}

/** The branding for a key from the URL or the cookie; anything unknown gives the default. */
export function brandingFor(value: unknown): Branding {
  return isBrandKey(value) ? BRANDINGS[value] : BRANDINGS.default;
}

/**
 * Which branding applies: a ?brand= value wins (and is remembered), else the remembered one.
 * Returns the key to remember, or null when nothing changes.
 */
export function resolveBrand(
  queryValue: string | null,
  remembered: string | null | undefined,
): { branding: Branding; remember: BrandKey | null } {
  if (queryValue !== null) {
    const branding = brandingFor(queryValue);
    return { branding, remember: branding.key };
  }
  return { branding: brandingFor(remembered), remember: null };
}
