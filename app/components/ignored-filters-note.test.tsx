import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IgnoredFiltersNote } from "./ignored-filters-note";

const render = (ignored: string[]) =>
  renderToStaticMarkup(
    <MantineProvider>
      <IgnoredFiltersNote ignored={ignored} />
    </MantineProvider>,
  );

describe("IgnoredFiltersNote: a list says which values of its link it ignored (issue 11 point 8)", () => {
  it("names them in a status note", () => {
    const html = render(["page", "sort"]);
    expect(html).toContain('role="status"');
    expect(html).toContain("Some values in the link were not valid and were ignored: page, sort column.");
  });

  it("draws nothing when nothing was ignored", () => {
    expect(render([])).not.toContain("ignored-filters");
  });
});
