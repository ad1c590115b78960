import { Anchor, Group, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { CarrierResourceView } from "~/domain/carrier-resource";
import { CarrierResourceTabs } from "./carrier-resource-tabs";

/**
 * A carrier product's resource (spec §2, §3): recertification ('OPENS <date>' / 'TBA'), package code ('TBA'),
 * the Description, the carrier portal and certification links, and the learning-center tabs. One component for
 * the Contract Now dialog's carrier card and the Learning Center's carrier page. The carrier page adds the broker
 * services number (a tel: link) and e-mail (mailto:) to the facts (CarrierContactFacts, in its own module so the
 * dialog's JavaScript does not carry it): a reader comes for them there; the card has them in Broker Support.
 */
export function CarrierResourceDetails({
  resource,
  moreFacts,
  headingLevel = 3,
}: {
  resource: CarrierResourceView;
  /** More terms and values for the facts list (the carrier page's contacts: CarrierContactFacts). */
  moreFacts?: ReactNode;
  /** The level of the Description heading (below the card's or page's title). */
  headingLevel?: 2 | 3;
}) {
  return (
    <>
      <dl className="carrier-facts">
        <dt>Recertification</dt>
        <dd>{resource.recertification}</dd>
        <dt>Package code</dt>
        <dd>{resource.packageCode}</dd>
        {moreFacts}
      </dl>
      {/* Wider screens show the Description open; phones get it as the first, collapsed section below. */}
      {resource.descriptionHtml ? (
        <div className="carrier-description">
          <Title order={headingLevel} size="h5">
            Description
          </Title>
          <div className="resource-html" dangerouslySetInnerHTML={{ __html: resource.descriptionHtml }} />
        </div>
      ) : null}
      <Group gap="md">
        {resource.carrierPortalLink ? (
          <Anchor href={resource.carrierPortalLink} target="_blank" rel="noopener noreferrer">
            Carrier portal
          </Anchor>
        ) : null}
        {resource.certificationLink ? (
          <Anchor href={resource.certificationLink} target="_blank" rel="noopener noreferrer">
            Certification
          </Anchor>
        ) : null}
      </Group>
      {/* Transfer Policy is one of these sections (spec §2), so it is not repeated above. */}
      <CarrierResourceTabs tabs={resource.tabs} descriptionHtml={resource.descriptionHtml} />
    </>
  );
}
