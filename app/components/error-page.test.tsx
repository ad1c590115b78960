import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorPage, ErrorPageFallback, ErrorPageGuard } from "./error-page";

describe("spec §8 page error screen", () => {
  it("reads 'An error occurred while showing the error page' with a link 'Go back to home'", () => {
    const html = renderToStaticMarkup(<ErrorPageFallback />);
    expect(html).toContain("<h1>An error occurred while showing the error page</h1>");
    expect(html).toContain('<a href="/">Go back to home</a>');
  });

  it("the guard switches to it when rendering the error page throws", () => {
    expect(ErrorPageGuard.getDerivedStateFromError()).toEqual({ failed: true });
    const guard = new ErrorPageGuard({ children: "the error page" });
    guard.state = { failed: true };
    expect(renderToStaticMarkup(<>{guard.render()}</>)).toContain("Go back to home");
  });
});

describe("a list's 400 (ADR 020: the upstream refused a filter of the link)", () => {
  const render = (error: unknown) =>
    renderToStaticMarkup(
      <MantineProvider>
        <ErrorPage error={error} inLayout />
      </MantineProvider>,
    );

  it("says the filters cannot be shown and links to the list without them", () => {
    const html = render(new ErrorResponse(400, "Bad Request", { resetHref: "/book_of_business" }));
    expect(html).toContain("These filters cannot be shown");
    expect(html).toContain("The list does not know a filter in this link.");
    expect(html).toMatch(/<a [^>]*href="\/book_of_business"[^>]*>Show the list without filters<\/a>/);
  });

  it("a 400 without a same-site reset link is the general error page", () => {
    const html = render(new ErrorResponse(400, "Bad Request", { resetHref: "//evil.test" }));
    expect(html).not.toContain("evil.test");
    expect(html).toContain("Something went wrong");
  });
});
