import { Anchor } from "@mantine/core";
import type { CarrierResourceView } from "~/domain/carrier-resource";

/** The broker services number (a tel: link) and e-mail (mailto:) as terms of a carrier's facts list. */
export function CarrierContactFacts({
  resource,
}: {
  resource: Pick<CarrierResourceView, "brokerPhone" | "brokerEmail">;
}) {
  return (
    <>
      {resource.brokerPhone ? (
        <>
          <dt>Broker services</dt>
          <dd>
            {resource.brokerPhone.href ? (
              <Anchor href={resource.brokerPhone.href}>{resource.brokerPhone.text}</Anchor>
            ) : (
              resource.brokerPhone.text
            )}
          </dd>
        </>
      ) : null}
      {resource.brokerEmail ? (
        <>
          <dt>E-mail</dt>
          <dd>
            <Anchor href={`mailto:${resource.brokerEmail}`}>{resource.brokerEmail}</Anchor>
          </dd>
        </>
      ) : null}
    </>
  );
}
