import { describe, expect, it } from "vitest";
import {
  type ClientKeys,
  type MatchableClient,
  addToIndex,
  clientIndex,
  clientMatchText,
  matchClient,
} from "./sunfire-matching";

const clients: MatchableClient[] = [
  {
    id: "SF-1001",
    firstName: "Eleanor",
    email: "eleanor@example.com",
    dateOfBirth: "1952-03-14",
    medicareId: "1EG4-TE5-MK72",
    phone: "(555) 201-3344",
  },
  {
    id: "SF-1002",
    firstName: "Harold",
    email: "h.b@example.com",
    dateOfBirth: "1950-07-01",
    medicareId: "2FH5TF6NK83",
    phone: "555-201-9000",
  },
  // Two clients sharing a phone (a couple) and a Medicare id typed twice by mistake.
  {
    id: "SF-1003",
    firstName: "Dorothy",
    email: null,
    dateOfBirth: null,
    medicareId: "3GJ6UG7PL94",
    phone: "5552017777",
  },
  {
    id: "SF-1004",
    firstName: "Dorothy",
    email: "dot@example.com",
    dateOfBirth: "1949-01-02",
    medicareId: "3GJ6UG7PL94",
    phone: "+1 555 201 7777",
  },
];
const index = clientIndex(clients);
const keys = (k: Partial<ClientKeys>): ClientKeys => ({
  clientId: "",
  firstName: "",
  email: "",
  dateOfBirth: "",
  medicareId: "",
  phone: "",
  ...k,
});

describe("matching a Sunfire row to a client: id, then e-mail with date of birth, then Medicare id, then phone with first name", () => {
  it("rule 1, id: the client id wins over every other value (any case)", () => {
    expect(
      matchClient(keys({ clientId: "sf-1002", email: "eleanor@example.com", dateOfBirth: "1952-03-14" }), index),
    ).toEqual({ kind: "matched", rule: "id", clientId: "SF-1002" });
  });

  it("an id no client has falls through to the next rule", () => {
    expect(matchClient(keys({ clientId: "SF-9999", medicareId: "1EG4TE5MK72" }), index)).toEqual({
      kind: "matched",
      rule: "medicareId",
      clientId: "SF-1001",
    });
  });

  it("rule 2, e-mail with date of birth: both must be the same (the e-mail without case)", () => {
    expect(matchClient(keys({ email: " Eleanor@Example.com ", dateOfBirth: "1952-03-14" }), index)).toEqual({
      kind: "matched",
      rule: "emailDob",
      clientId: "SF-1001",
    });
    // The e-mail alone, or with another date of birth, is not a match.
    expect(matchClient(keys({ email: "eleanor@example.com" }), index)).toEqual({ kind: "new" });
    expect(matchClient(keys({ email: "eleanor@example.com", dateOfBirth: "1952-03-15" }), index)).toEqual({
      kind: "new",
    });
  });

  it("rule 2 comes before rule 3: e-mail and date of birth name one client, the Medicare id another", () => {
    expect(
      matchClient(keys({ email: "h.b@example.com", dateOfBirth: "1950-07-01", medicareId: "1EG4TE5MK72" }), index),
    ).toEqual({ kind: "matched", rule: "emailDob", clientId: "SF-1002" });
  });

  it("rule 3, Medicare id: without case, spaces or dashes", () => {
    expect(matchClient(keys({ medicareId: "2fh5-tf6-nk83" }), index)).toEqual({
      kind: "matched",
      rule: "medicareId",
      clientId: "SF-1002",
    });
  });

  it("rule 4, phone with first name: the phone by its last ten digits, the first name without case", () => {
    expect(matchClient(keys({ phone: "555.201.9000", firstName: "HAROLD" }), index)).toEqual({
      kind: "matched",
      rule: "phoneFirstName",
      clientId: "SF-1002",
    });
    // The phone with another first name is not a match.
    expect(matchClient(keys({ phone: "555.201.9000", firstName: "Harriet" }), index)).toEqual({ kind: "new" });
  });

  it("ambiguous when a rule finds more than one client; no later rule is tried", () => {
    const twoByMedicare = matchClient(
      keys({ medicareId: "3GJ6UG7PL94", phone: "5552019000", firstName: "Harold" }),
      index,
    );
    expect(twoByMedicare).toEqual({ kind: "ambiguous", rule: "medicareId", candidates: ["SF-1003", "SF-1004"] });
    expect(clientMatchText(twoByMedicare)).toBe("Ambiguous: 2 clients by Medicare id (SF-1003, SF-1004)");
    expect(matchClient(keys({ phone: "555 201 7777", firstName: "dorothy" }), index)).toMatchObject({
      kind: "ambiguous",
      rule: "phoneFirstName",
    });
  });

  it("a new client when no rule finds anyone; once added, the next row of the same person matches it", () => {
    const row = keys({ clientId: "", email: "new@example.com", dateOfBirth: "1955-05-05", firstName: "Walter" });
    expect(matchClient(row, index)).toEqual({ kind: "new" });
    expect(clientMatchText({ kind: "new" })).toBe("New client");
    const grown = clientIndex(clients);
    addToIndex(grown, {
      id: "SF-2000",
      firstName: "Walter",
      email: "new@example.com",
      dateOfBirth: "1955-05-05",
      medicareId: null,
      phone: null,
    });
    expect(matchClient(row, grown)).toEqual({ kind: "matched", rule: "emailDob", clientId: "SF-2000" });
    expect(clientMatchText(matchClient(row, grown))).toBe("Client SF-2000, by e-mail and date of birth");
  });
});
