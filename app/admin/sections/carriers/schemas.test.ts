import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { carrierFields, resourceFields } from "./record-form";
import { carrierRecordSchema } from "./schemas";

const formOf = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.append(k, v);
  return data;
};

describe("the carrier's record page: one form (issue 37)", () => {
  it("holds the carrier's fields first, then the product's resource, with no checkbox after the editors", () => {
    const names = [...carrierFields, ...resourceFields].map((f) => f.name);
    expect(names.slice(0, 2)).toEqual(["name", "active"]);
    expect(carrierFields.every((f) => f.kind !== "checkbox" && f.kind !== "richtext")).toBe(true);
  });

  it("reads the status and the resource from one submission", () => {
    const parsed = parseWithZod(
      formOf({
        name: "Summit Mutual",
        active: "off",
        carrierPortalLink: "https://summit.example.com",
        packageCode: "",
      }),
      { schema: carrierRecordSchema },
    );
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    expect(parsed.value).toMatchObject({
      name: "Summit Mutual",
      active: false,
      carrierPortalLink: "https://summit.example.com",
      packageCode: null,
    });
    const active = parseWithZod(formOf({ name: "Summit Mutual", active: "on" }), { schema: carrierRecordSchema });
    expect(active.status === "success" && active.value.active).toBe(true);
  });

  it("refuses a bad resource field beside a good carrier", () => {
    const parsed = parseWithZod(formOf({ name: "Summit Mutual", active: "on", carrierPortalLink: "summit" }), {
      schema: carrierRecordSchema,
    });
    expect(parsed.status).toBe("error");
    expect(parsed.reply().error).toEqual({ carrierPortalLink: ["Enter a link starting with https://"] });
  });
});
