/**
 * server/process-faults.test.ts runs this file as a process of its own: it installs the portal's fault handlers
 * (server/process-faults.ts) with a reporter that prints one JSON line per report, then, inside a request's
 * context, leaves a rejected promise without a handler (FIXTURE_FAULT=rejection) or throws from a timer
 * (FIXTURE_FAULT=exception). A process still alive 200 ms later prints "still serving" and exits 0; the drain
 * prints "draining" and exits 1.
 */
import { faultHandlers, installFaultHandlers, requestContext } from "./process-faults.ts";

installFaultHandlers(
  faultHandlers(
    (error, context) => console.log(JSON.stringify({ level: "error", message: String(error), ...context })),
    () => {
      console.log("draining");
      setTimeout(() => process.exit(1), 10);
    },
  ),
);

requestContext.run({ requestId: "request-35" }, () => {
  setTimeout(() => {
    if (process.env.FIXTURE_FAULT === "exception") throw new Error("thrown from a timer");
    // A guard's promise started, then a sibling call that throws before Promise.all is reached (issue 35).
    // eslint-disable-next-line @typescript-eslint/no-floating-promises -- the fault this fixture is about
    Promise.reject(new Error("refused: 403"));
  }, 5);
});
setTimeout(() => {
  console.log("still serving");
  process.exit(0);
}, 200);
