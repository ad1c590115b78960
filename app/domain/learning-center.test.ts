import { describe, expect, it } from "vitest";
import { listQueryFrom } from "./list-query";
import {
  LEARNING_LIST,
  LIBRARIES,
  attachmentHref,
  carrierResourceHref,
  fileKindLabel,
  fileSizeLabel,
  isSafeExternalUrl,
  libraryOfPath,
  matchingCarriers,
  pathId,
  resourceHref,
} from "./learning-center";

describe("spec §2 Learning center: /learning_center has children agent_resources, documentation_resources, enrollment_resources, their :id pages and carrier_resources/:id?", () => {
  it("the three libraries and their URLs", () => {
    expect(LIBRARIES.map((l) => l.slug)).toEqual([
      "agent_resources",
      "documentation_resources",
      "enrollment_resources",
    ]);
    expect(resourceHref("documentation", 12)).toBe("/learning_center/documentation_resources/12");
    expect(attachmentHref("agent", 1, 3)).toBe("/learning_center/agent_resources/1/attachments/3");
    expect(carrierResourceHref(101)).toBe("/learning_center/carrier_resources/101");
  });

  it("the library a path names, or none", () => {
    expect(libraryOfPath("/learning_center/enrollment_resources")?.library).toBe("enrollment");
    expect(libraryOfPath("/learning_center/agent_resources/4/attachments/1")?.library).toBe("agent");
    expect(libraryOfPath("/learning_center/carrier_resources/101")).toBeNull();
    expect(libraryOfPath("/learning_center")).toBeNull();
  });

  it.each([
    ["1", 1],
    ["42", 42],
    ["0", null],
    ["-1", null],
    ["abc", null],
    ["1e3", null],
    ["9999999999", null],
    [undefined, null],
  ])("an id in a path: %j → %j", (raw, id) => expect(pathId(raw)).toBe(id));
});

describe("issue 12: a library list in the URL (ADR 020): search, sort, paging, carrier and product filters", () => {
  it("keeps checked values, leaves out and names what it does not know", () => {
    const { params, ignored } = listQueryFrom(
      new URLSearchParams("sort=title&order=desc&carrierId=2&productId=abc&perPage=7&page=2&search=%00guide"),
      LEARNING_LIST,
    );
    expect(params.toString()).toBe("page=2&search=guide&sort=title&order=DESC&carrierId=2");
    expect(ignored).toEqual(["perPage", "productId"]);
  });
  it("sorts by title, category, carrier, product and updated date only", () => {
    for (const sort of ["title", "category", "carrierName", "productName", "updatedAt"]) {
      expect(listQueryFrom(new URLSearchParams({ sort }), LEARNING_LIST).ignored).toEqual([]);
    }
    expect(listQueryFrom(new URLSearchParams({ sort: "body" }), LEARNING_LIST).ignored).toEqual(["sort"]);
  });
});

describe("issue 12: what a resource page shows", () => {
  it("external links: http(s) only", () => {
    expect(isSafeExternalUrl("https://www.cms.gov/x")).toBe(true);
    expect(isSafeExternalUrl("http://a.example.com")).toBe(true);
    for (const url of [
      "javascript:alert(1)",
      "data:text/html,x",
      "//evil.example.com",
      "/learning_center",
      "vbscript:x",
    ]) {
      expect(isSafeExternalUrl(url), url).toBe(false);
    }
  });
  it.each([
    [12, "12 bytes"],
    [1, "1 byte"],
    [2048, "2 KB"],
    [1024 * 1024 * 3.25, "3.3 MB"],
  ])("a size of %i bytes reads %j", (bytes, label) => expect(fileSizeLabel(bytes)).toBe(label));
  it("the kind of a file", () => {
    expect(fileKindLabel("application/pdf")).toBe("PDF");
    expect(fileKindLabel("image/png")).toBe("PNG image");
    expect(fileKindLabel("image/jpeg; charset=x")).toBe("JPG image");
    expect(fileKindLabel("application/zip")).toBe("File");
  });
  it("the hub's search finds carriers by name, ignoring case", () => {
    const carriers = [{ carrierName: "Blue Harbor Health" }, { carrierName: "Summit Mutual" }];
    expect(matchingCarriers(carriers, "  HARBOR ")).toEqual([{ carrierName: "Blue Harbor Health" }]);
    expect(matchingCarriers(carriers, "")).toEqual([]);
  });
});
