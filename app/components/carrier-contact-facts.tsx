import { Anchor } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import type { CarrierResourceView } from "~/domain/carrier-resource";

/**
 * An e-mail address that may break only before its @ and the dots of its domain (<wbr>), where a reader
 * expects it to, when its line is too short (a phone); never in the middle of a word.
 */
export function breakableEmail(email: string): ReactNode {
  const at = email.lastIndexOf("@");
  if (at <= 0) return email;
  const [first = "", ...rest] = email.slice(at).split(".");
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {first}
      {rest.map((part, i) => (
        <Fragment key={i}>
          <wbr />.{part}
        </Fragment>
      ))}
    </>
  );
}

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
              <Anchor href={resource.brokerPhone.href} inherit>
                {resource.brokerPhone.text}
              </Anchor>
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
            <Anchor href={`mailto:${resource.brokerEmail}`} inherit>
              {breakableEmail(resource.brokerEmail)}
            </Anchor>
          </dd>
        </>
      ) : null}
    </>
  );
}
