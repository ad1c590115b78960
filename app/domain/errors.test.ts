import { describe, expect, it } from "vitest";
import {
  BACK_TO_HOME,
  ERROR_PAGE_FAILED,
  GO_BACK_HOME,
  NOT_FOUND_TEXT,
  UNAUTHORIZED_REQUEST,
  UNDEFINED_RESPONSE,
  errorMessages,
} from "~/domain/errors";

describe("spec §8: an error may be a server response with data.error, a string, an array of strings, or an object with message", () => {
  it("a server response with data.error (a string) gives that string", () => {
    expect(errorMessages({ data: { error: "Carrier product not found" } })).toEqual(["Carrier product not found"]);
  });

  it("data.error as an array of strings gives one message per string", () => {
    expect(errorMessages({ data: { error: ["Name is required", "Email is invalid"] } })).toEqual([
      "Name is required",
      "Email is invalid",
    ]);
  });

  it("a plain string gives that string", () => {
    expect(errorMessages("Something went wrong")).toEqual(["Something went wrong"]);
  });

  it("an array of strings gives one message per string", () => {
    expect(errorMessages(["First problem", "Second problem", "Third problem"])).toEqual([
      "First problem",
      "Second problem",
      "Third problem",
    ]);
  });

  it("an object with message gives the message", () => {
    expect(errorMessages({ message: "Network Error" })).toEqual(["Network Error"]);
    expect(errorMessages(new Error("Request timed out"))).toEqual(["Request timed out"]);
  });

  it("data.error wins over message", () => {
    expect(errorMessages({ message: "Request failed with status code 422", data: { error: "Invalid NPN" } })).toEqual([
      "Invalid NPN",
    ]);
  });
});

describe("spec §8: if nothing usable is present the text is 'Undefined response from server'", () => {
  const nothingUsable: Array<[string, unknown]> = [
    ["null", null],
    ["undefined", undefined],
    ["an empty object", {}],
    ["a number", 42],
    ["an empty array", []],
    ["an array with non-strings", [1, { a: 1 }]],
    ["an array mixing strings and non-strings", ["ok", 2]],
    ["an empty string", ""],
    ["a blank string", "   "],
    ["data without error", { data: {} }],
    ["data.error null", { data: { error: null } }],
    ["data.error a number", { data: { error: 500 } }],
    ["data.error an empty array", { data: { error: [] } }],
    ["an object whose message is not a string", { message: 42 }],
    ["an object whose message is empty", { message: "" }],
    ["a boolean", true],
  ];

  it.each(nothingUsable)("%s → ['Undefined response from server']", (_name, value) => {
    expect(errorMessages(value)).toEqual(["Undefined response from server"]);
  });

  it("the text is exactly the spec's", () => {
    expect(UNDEFINED_RESPONSE).toBe("Undefined response from server");
  });
});

describe("spec §8 error catalogue texts", () => {
  it("Page not found: 'This page could not be found'", () => {
    expect(NOT_FOUND_TEXT).toBe("This page could not be found");
  });

  it("spec §2 not-found link: 'Back to the home page'", () => {
    expect(BACK_TO_HOME).toBe("Back to the home page");
  });

  it("Page error screen: 'An error occurred while showing the error page' with a link 'Go back to home'", () => {
    expect(ERROR_PAGE_FAILED).toBe("An error occurred while showing the error page");
    expect(GO_BACK_HOME).toBe("Go back to home");
  });

  it("'Unauthorized Request' redirects to index", () => {
    expect(UNAUTHORIZED_REQUEST).toBe("Unauthorized Request");
  });
});
