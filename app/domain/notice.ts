/** Spec §1 and §9: the annual 1099 notice modal, shown when ?notice is present. */
export const NOTICE_PARAM = "notice";
export const NOTICE_THRESHOLD_DOLLARS = 600;
export const NOTICE_TAX_YEAR = 2023;

export const NOTICE_TITLE = `Your ${NOTICE_TAX_YEAR} 1099 tax forms are available`;

export function noticeParagraphs(marketingOrganisation: string): string[] {
  return [
    `Dear brokers and partners: annual 1099 tax forms for every broker and partner who earned $${NOTICE_THRESHOLD_DOLLARS} or more in ${NOTICE_TAX_YEAR} are posted on the external agent portal of ${marketingOrganisation}.`,
    "To find yours, sign in to the external agent portal with the e-mail address you use here, open Documents, then Tax Forms, and download the 1099 for 2023. First time there? Choose “Forgot password” to set a password.",
    "Questions about your 1099? Contact broker support at support@demo.test or (800) 555-0199, Monday to Friday, 8 am to 6 pm ET.",
  ];
}

/** The URL without the notice parameter: where "close" goes (spec §2: closing removes the parameter). */
export function withoutNotice(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(NOTICE_PARAM);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}
