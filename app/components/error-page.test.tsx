import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorPageFallback, ErrorPageGuard } from "./error-page";

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
