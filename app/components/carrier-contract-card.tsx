import { Alert, Badge, Button, Card } from "@mantine/core";
import { Link } from "react-router";
import { type CarrierCard, contractRequestedMessage } from "~/domain/contract-state";
import { CarrierResourceDetails } from "./carrier-resource-details";

/** A carrier of the chosen product in the Contract Now dialog (spec §6): facts, resources and its contract state. */
export function CarrierContractCard({
  card,
  productId,
  blocked,
  requested,
  viewContractHref,
}: {
  card: CarrierCard;
  productId: number | null;
  blocked: boolean;
  /** The contract was just requested: the card says so. */
  requested: boolean;
  viewContractHref: string;
}) {
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby={`carrier-${card.carrierProductId}`}
      data-carrier={card.carrierProductId}
    >
      {/* Plain elements with classes (issue 21), not Mantine's Stack, Group and Title. */}
      <div className="l-stack" data-gap="sm">
        <div className="l-row" data-justify="between" data-align="start">
          <h2 className="heading" data-size="h3" id={`carrier-${card.carrierProductId}`}>
            {card.carrierName}
          </h2>
          {productId ? (
            <StateControl card={card} productId={productId} blocked={blocked} viewContractHref={viewContractHref} />
          ) : null}
        </div>
        {requested ? (
          <Alert color="green" role="status">
            {contractRequestedMessage(card.carrierName)}
          </Alert>
        ) : null}

        <CarrierResourceDetails resource={card} />
      </div>
    </Card>
  );
}

function StateControl({
  card,
  productId,
  blocked,
  viewContractHref,
}: {
  card: CarrierCard;
  productId: number;
  blocked: boolean;
  viewContractHref: string;
}) {
  switch (card.state) {
    case "active":
      return (
        <Button component={Link} to={viewContractHref} variant="light">
          {card.stateText}
        </Button>
      );
    case "pending":
    case "approved":
      return (
        <Badge size="lg" variant="light">
          {card.stateText}
        </Badge>
      );
    case "denied":
      return (
        <Alert color="red" variant="light" title="Request denied" p="xs" role="status">
          {card.stateText}
        </Alert>
      );
    case "none":
      return blocked ? (
        <Button disabled>{card.stateText}</Button>
      ) : (
        <Button
          component={Link}
          to={`/contract_now?product=${productId}&carrier=${card.carrierProductId}&step=confirm`}
        >
          {card.stateText}
        </Button>
      );
  }
}
