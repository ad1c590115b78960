import { describe, expect, it } from "vitest";
import { sanitize } from "./html";

/** Carrier resources arrive as HTML from the upstream (spec §3 "additionalInfo (HTML)"). */
describe("sanitize: carrier resource HTML keeps its formatting and loses anything that could run or phish", () => {
  it("keeps paragraphs, lists, emphasis, tables and links", () => {
    const html =
      "<p>Call <strong>us</strong> <em>today</em></p><ul><li>One</li></ul><table><tr><td>1</td></tr></table>";
    expect(sanitize(html)).toBe(
      "<p>Call <strong>us</strong> <em>today</em></p><ul><li>One</li></ul><table><tr><td>1</td></tr></table>",
    );
  });

  it("drops scripts, styles, iframes, forms and images, with their content where it could run", () => {
    const html =
      '<p>Hi</p><script>alert(1)</script><style>p{display:none}</style><iframe src="https://evil.test"></iframe>' +
      '<form action="https://evil.test"><input name="password"></form><img src="x" onerror="alert(1)">';
    const clean = sanitize(html)!;
    expect(clean).toBe("<p>Hi</p>");
  });

  it("drops event handlers, style and class attributes", () => {
    expect(sanitize('<p onclick="alert(1)" style="color:red" class="x" onmouseover="steal()">Text</p>')).toBe(
      "<p>Text</p>",
    );
  });

  it("refuses javascript:, data: and protocol-relative links; keeps http(s), mailto and tel", () => {
    expect(sanitize('<a href="javascript:alert(1)">x</a>')).toBe('<a target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitize('<a href="JaVaScRiPt:alert(1)">x</a>')).not.toMatch(/javascript/i);
    expect(sanitize('<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>')).not.toContain("data:");
    expect(sanitize('<a href="//evil.test/login">x</a>')).not.toContain("evil.test");
    for (const href of ["https://carrier.test/guide", "mailto:help@carrier.test", "tel:+15555550100"]) {
      expect(sanitize(`<a href="${href}">x</a>`)).toContain(`href="${href}"`);
    }
  });

  it("every link opens in a new window without access to the portal (target and rel are forced)", () => {
    expect(sanitize('<a href="https://carrier.test" target="_self" rel="opener">Guide</a>')).toBe(
      '<a href="https://carrier.test" target="_blank" rel="noopener noreferrer">Guide</a>',
    );
  });

  it("null and empty stay as they are (the field is shown as missing)", () => {
    expect(sanitize(null)).toBeNull();
    expect(sanitize("")).toBe("");
  });
});
