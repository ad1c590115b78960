import { describe, expect, it } from "vitest";
import {
  TAX_ID_REQUIRED,
  bankingSchema,
  documentsSchema,
  licenseSchema,
  optoutSchema,
  personalSchema,
} from "./onboarding-forms";

const TODAY = "2026-11-22";
const person = {
  firstName: "Aisha",
  lastName: "Khan",
  phone: "555 201 4410",
  dateOfBirth: "04/12/1980",
  addressLine1: "12 Ocean Drive",
  city: "Miami",
  state: "fl",
  zip: "33101",
};

function messages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("onboarding personal details (spec §5 masks: ssn ###-##-####, ein ##-#######, phone 10 digits)", () => {
  it("asks for the SSN or TIN when the role requires one and none is on file", () => {
    const schema = personalSchema({ today: TODAY, taxIdRequired: true });
    expect(messages(schema.safeParse(person))).toEqual({ taxId: TAX_ID_REQUIRED });
    const ok = schema.parse({ ...person, taxIdType: "ssn", taxId: "123-45-6789" });
    expect(ok).toMatchObject({ taxId: "123456789", phone: "5552014410", state: "FL", dateOfBirth: "1980-04-12" });
  });

  it("checks the mask of the chosen kind", () => {
    const schema = personalSchema({ today: TODAY, taxIdRequired: true });
    expect(messages(schema.safeParse({ ...person, taxIdType: "ssn", taxId: "12-34" }))).toEqual({
      taxId: "Enter the SSN as ###-##-####",
    });
    expect(messages(schema.safeParse({ ...person, taxIdType: "ein", taxId: "123-45-678" }))).toEqual({
      taxId: "Enter the EIN as ##-#######",
    });
    expect(schema.parse({ ...person, taxIdType: "ein", taxId: "12-3456789" }).taxId).toBe("123456789");
  });

  it("does not ask again once one is on file, and adults only", () => {
    const schema = personalSchema({ today: TODAY, taxIdRequired: false });
    expect(schema.safeParse(person).success).toBe(true);
    expect(messages(schema.safeParse({ ...person, dateOfBirth: "01/01/2010" }))).toEqual({
      dateOfBirth: "Enter a date on or before 11/22/2008",
    });
    expect(messages(schema.safeParse({ ...person, phone: "555-1234" }))).toEqual({
      phone: "Enter a 10-digit phone number",
    });
  });
});

describe("licenses, banking, documents, opt-out", () => {
  it("a license must expire in the future", () => {
    const schema = licenseSchema({ today: TODAY });
    const license = { state: "fl", licenseNumber: "W1", licenseType: "Health", expiresOn: "11/22/2026" };
    expect(messages(schema.safeParse(license))).toEqual({ expiresOn: "Enter a date on or after 11/23/2026" });
    expect(schema.parse({ ...license, expiresOn: "11/23/2026" })).toMatchObject({
      state: "FL",
      expiresOn: "2026-11-23",
    });
  });

  it("routing numbers have 9 digits, account numbers 4 to 17", () => {
    const bank = {
      accountHolder: "Aisha Khan",
      accountType: "checking",
      routingNumber: "021000021",
      accountNumber: "123456",
    };
    expect(bankingSchema.safeParse(bank).success).toBe(true);
    expect(messages(bankingSchema.safeParse({ ...bank, routingNumber: "1234" }))).toEqual({
      routingNumber: "A routing number has 9 digits",
    });
    expect(messages(bankingSchema.safeParse({ ...bank, accountNumber: "12" }))).toEqual({
      accountNumber: "An account number has 4 to 17 digits",
    });
  });

  it("each document is required unless one of its kind is stored; only images or PDF", () => {
    const pdf = new File(["%PDF-1.4"], "w9.pdf", { type: "application/pdf" });
    const text = new File(["hello"], "notes.txt", { type: "text/plain" });
    expect(messages(documentsSchema([]).safeParse({}))).toEqual({
      w9: "Attach your W-9 form (image or PDF)",
      eo: "Attach your E&O certificate (image or PDF)",
    });
    expect(documentsSchema(["eo"]).safeParse({ w9: pdf }).success).toBe(true);
    expect(messages(documentsSchema(["eo"]).safeParse({ w9: text }))).toEqual({
      w9: "Only images or PDF files can be attached",
    });
  });

  it("opt-out checkboxes are on only when ticked", () => {
    expect(optoutSchema.parse({ marketingEmails: "on" })).toEqual({ marketingEmails: true, leadPrograms: false });
  });
});
