import { Alert } from "@mantine/core";
import type { ShouldRevalidateFunction } from "react-router";
import { VERSION_FIELD } from "~/domain/record-version";

/**
 * The version of the record a decision is taken on (issue 35 §2, app/domain/record-version.ts), a hidden field of
 * the decision's form. Always the version the page was drawn with (the loader's), never what a refused send carried
 * back: after "This entry changed since you opened it" the page shows the record as it is now, and the next send
 * decides on that. `field` is the form's field of that name, whose errors (a post without a usable version) show
 * here: a hidden input has no place of its own to show them.
 */
export function VersionField({ version, field }: { version: number; field?: { errors?: string[]; errorId: string } }) {
  return (
    <>
      <input type="hidden" name={VERSION_FIELD} value={String(version)} />
      {field?.errors?.length ? (
        <Alert color="red" role="alert" id={field.errorId}>
          {field.errors.join(" ")}
        </Alert>
      ) : null}
    </>
  );
}

/**
 * A page whose decision can be refused as stale draws its record again after that refusal: the action answers 409
 * (app/.server/form-failure.ts), and React Router reloads no loader after a 4xx unless told (without JavaScript the
 * server draws the page with fresh data anyway). Other refusals keep the data shown.
 */
export const revalidateWhenStale: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || actionStatus === 409;
