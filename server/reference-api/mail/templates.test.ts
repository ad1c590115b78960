import { describe, expect, it } from "vitest";
import {
  EMAIL_TEMPLATES,
  fill,
  placeholdersIn,
  renderTemplate,
  TEMPLATE_BY_KEY,
  unknownPlaceholderError,
} from "./templates.ts";

describe("e-mail templates", () => {
  it("use only their own placeholders, each of them at least once", () => {
    for (const t of EMAIL_TEMPLATES) {
      expect(unknownPlaceholderError(t.subject, t.placeholders)).toBeNull();
      expect(unknownPlaceholderError(t.body, t.placeholders)).toBeNull();
      expect(placeholdersIn(`${t.subject} ${t.body}`).sort()).toEqual(Object.keys(t.placeholders).sort());
    }
  });

  it("refuse a placeholder that does not exist, naming it and the ones that do", () => {
    const known = TEMPLATE_BY_KEY.reset.placeholders;
    expect(unknownPlaceholderError("Hi {{ nickname }} {{link}}", known)).toBe(
      "{{nickname}} is not a placeholder of this e-mail. Use {{firstName}}, {{link}}.",
    );
    expect(unknownPlaceholderError("{{a}}{{b}}", known)).toMatch(/^\{\{a\}\}, \{\{b\}\} are not placeholders/);
    expect(unknownPlaceholderError("{{constructor}}", known)).not.toBeNull();
  });

  it("fill in one pass: a value holding a placeholder stays as written", () => {
    expect(fill("{{firstName}} / {{link}}", { firstName: "{{link}}", link: "x" })).toBe("{{link}} / x");
  });

  it("render the HTML escaped, linking only the portal's own URLs", () => {
    const r = renderTemplate(
      { subject: "Hi {{firstName}}", body: "Hello {{firstName}},\n\nGo: {{link}}\nor https://evil.example/x" },
      { firstName: `<b onclick="x">Ann</b> https://evil.example`, link: "https://portal.test/account/a?b=1&c=2" },
      "https://portal.test",
    );
    expect(r.html).toContain('<a href="https://portal.test/account/a?b=1&amp;c=2">');
    expect(r.html).not.toContain('href="https://evil.example');
    expect(r.html).not.toContain("<b ");
    expect(r.html).toContain("&lt;b onclick=&quot;x&quot;&gt;Ann&lt;/b&gt;");
    expect(r.text).toBe(
      `Hello <b onclick="x">Ann</b> https://evil.example,\n\nGo: https://portal.test/account/a?b=1&c=2\nor https://evil.example/x\n`,
    );
  });

  it('say "Hello," without a first name', () => {
    expect(renderTemplate(TEMPLATE_BY_KEY.reset, { firstName: "", link: "l" }, "https://p").text).toMatch(/^Hello,\n/);
  });
});
