import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmailAddress } from "./email-address";

describe("EmailAddress (issue 37: an e-mail wraps before its @, not mid-word)", () => {
  it("offers a break before the @ only", () => {
    expect(renderToStaticMarkup(<EmailAddress email="william.jackson.202@brokers.demo.test" />)).toBe(
      "william.jackson.202<wbr/>@brokers.demo.test",
    );
  });

  it("draws a text without a local part as it is", () => {
    expect(renderToStaticMarkup(<EmailAddress email="@nobody" />)).toBe("@nobody");
    expect(renderToStaticMarkup(<EmailAddress email="no address" />)).toBe("no address");
  });
});
