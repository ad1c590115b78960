import { UNSAFE_ErrorResponseImpl as ErrorResponse, data } from "react-router";
import { describe, expect, it } from "vitest";
import { errorVerdict, routeErrorFields } from "./error-verdict";

/** As React Router makes them for a URL no route matches and a method a route does not take. */
const noRoute = new ErrorResponse(404, "Not Found", 'Error: No route matches URL "/nope"', true);
Object.assign(noRoute, { error: new Error('No route matches URL "/nope"') });
const methodNotAllowed = new ErrorResponse(405, "Method Not Allowed", "Error: no action", true);
Object.assign(methodNotAllowed, {
  error: new Error('You made a PUT request to "/dashboard" but did not provide an `action`'),
});

describe("errorVerdict: what handleError does with an error (issue 11 point 8)", () => {
  it("a route error response below 500 (404, 405, 400, 403) is logged at info, not reported", () => {
    for (const error of [
      noRoute,
      methodNotAllowed,
      new ErrorResponse(400, "Bad Request", null),
      new ErrorResponse(403, "Forbidden", null),
    ]) {
      expect(errorVerdict(error, false), String(error.status)).toBe("info");
    }
  });

  it("a route error response of 500 or more, and any other error, is reported", () => {
    expect(errorVerdict(new ErrorResponse(500, "Internal Server Error", null), false)).toBe("report");
    expect(errorVerdict(new ErrorResponse(502, "Bad Gateway", null), false)).toBe("report");
    expect(errorVerdict(new Error("a real fault"), false)).toBe("report");
    expect(errorVerdict("a thrown string", false)).toBe("report");
    // data() is not a route error response until the router turns it into one.
    expect(errorVerdict(data(null, { status: 404 }), false)).toBe("report");
  });

  it("React Router's refusal of a cross-site post is a warning", () => {
    const refused = new Error(
      "The `request.url` origin does not match `origin` header from a forwarded action request.",
    );
    expect(errorVerdict(refused, false)).toBe("warn");
  });

  it("nothing is said about a request the client gave up on", () => {
    expect(errorVerdict(new Error("a real fault"), true)).toBe("ignore");
    expect(errorVerdict(noRoute, true)).toBe("ignore");
  });
});

describe("routeErrorFields: what the info line says", () => {
  it("the status and React Router's reason", () => {
    expect(routeErrorFields(noRoute)).toEqual({ status: 404, reason: 'No route matches URL "/nope"' });
    expect(routeErrorFields(new ErrorResponse(400, "Bad Request", null))).toEqual({ status: 400 });
    expect(routeErrorFields(new Error("x"))).toEqual({});
  });
});
