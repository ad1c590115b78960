import { describe, expect, it } from "vitest";
import { UPLOAD_TOO_LARGE, UPLOAD_WRONG_TYPE } from "./uploads";
import { licenseMark, sortLicensesByState } from "./licenses";
import { CHOOSE_THE_FILE, ENTER_EXPIRY_DATE, documentUploadSchema, profileDetailsSchema } from "./profile";

const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("issue 12: the profile's personal details (phone with its mask, address)", () => {
  const valid = { phone: "(555) 201-4410 x12", addressLine1: " 1 Main St ", city: "Tucson", state: "az", zip: "85701" };
  it("accepts any formatting of the phone's digits and stores digits; upper-cases the state; no blank line 2", () => {
    expect(profileDetailsSchema.parse({ ...valid, addressLine2: "" })).toEqual({
      phone: "555201441012",
      addressLine1: "1 Main St",
      addressLine2: null,
      city: "Tucson",
      state: "AZ",
      zip: "85701",
    });
  });
  it("names each field's problem", () => {
    const result = profileDetailsSchema.safeParse({
      phone: "555-12",
      addressLine1: " ",
      city: "",
      state: "Ohio",
      zip: "4321",
    });
    expect(messages(result)).toEqual({
      phone: "Enter a 10-digit phone number (an extension may follow)",
      addressLine1: "Enter your street address",
      city: "Enter your city",
      state: "Use the 2-letter state code",
      zip: "Enter a 5-digit ZIP code",
    });
  });
});

describe("issue 12: licenses sorted by state; expired or expiring within 60 days marked", () => {
  const l = (state: string, licenseNumber: string, expiresOn: string | null) => ({ state, licenseNumber, expiresOn });
  it("sorts by state, then number", () => {
    const sorted = sortLicensesByState([l("GA", "2", null), l("AL", "9", null), l("GA", "1", null)]);
    expect(sorted.map((x) => `${x.state}${x.licenseNumber}`)).toEqual(["AL9", "GA1", "GA2"]);
  });
  it("marks by the expiry date as of today", () => {
    const today = "2031-05-10";
    expect(licenseMark(l("FL", "1", "2031-05-09"), today)).toBe("Expired");
    expect(licenseMark(l("FL", "1", "2031-07-09"), today)).toBe("Expires soon");
    expect(licenseMark(l("FL", "1", "2031-07-10"), today)).toBeNull();
    expect(licenseMark(l("FL", "1", null), today)).toBeNull();
  });

  it("follows the NIPR settings' warning window when given (issue 24 §6)", () => {
    const today = "2031-05-10";
    expect(licenseMark(l("FL", "1", "2031-06-01"), today, 10)).toBeNull();
    expect(licenseMark(l("FL", "1", "2031-05-20"), today, 10)).toBe("Expires soon");
    expect(licenseMark(l("FL", "1", "2031-10-01"), today, 180)).toBe("Expires soon");
    expect(licenseMark(l("FL", "1", "2031-05-09"), today, 180)).toBe("Expired");
  });
});

describe("issue 12: a document's upload (type, size; a certificate's expiry date not past)", () => {
  const pdf = new File(["%PDF-1.4"], "cert.pdf", { type: "application/pdf" });
  const today = "2031-05-10";
  it("a certificate needs its expiry date, today or later", () => {
    const schema = documentUploadSchema({ expires: true, today });
    expect(schema.parse({ file: pdf, expiresOn: "05/10/2031" })).toEqual({ file: pdf, expiresOn: "2031-05-10" });
    expect(messages(schema.safeParse({ file: pdf, expiresOn: "" }))).toEqual({ expiresOn: ENTER_EXPIRY_DATE });
    expect(messages(schema.safeParse({ file: pdf, expiresOn: "05/09/2031" }))).toEqual({
      expiresOn: "Enter a date on or after 05/10/2031",
    });
  });
  it("a file is required and must follow the upload rules", () => {
    const schema = documentUploadSchema({ expires: false, today });
    expect(schema.parse({ file: pdf }).file).toBe(pdf);
    expect(messages(schema.safeParse({ file: new File([], "", { type: "application/octet-stream" }) }))).toEqual({
      file: CHOOSE_THE_FILE,
    });
    expect(messages(schema.safeParse({ file: new File(["x"], "w9.txt", { type: "text/plain" }) }))).toEqual({
      file: UPLOAD_WRONG_TYPE,
    });
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.pdf", { type: "application/pdf" });
    expect(messages(schema.safeParse({ file: big }))).toEqual({ file: UPLOAD_TOO_LARGE });
  });
});
