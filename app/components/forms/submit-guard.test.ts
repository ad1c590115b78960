import { describe, expect, it } from "vitest";
import { UNCONFIRMED_SEND_MS, createSubmitGuard } from "./submit-guard";

function submitEvent() {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

function clock(start = 1_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("the submit guard: a form cannot be sent twice at once", () => {
  it("a second submit while the first is under way is cancelled", () => {
    const guard = createSubmitGuard();
    const first = submitEvent();
    expect(guard.submit(first)).toBe(true);
    expect(first.defaultPrevented).toBe(false);
    guard.update(true);
    const second = submitEvent();
    expect(guard.submit(second)).toBe(false);
    expect(second.defaultPrevented).toBe(true);
    expect(guard.busy()).toBe(true);
  });

  it("a double click before the router reports the send is cancelled too", () => {
    const guard = createSubmitGuard();
    guard.submit(submitEvent());
    const second = submitEvent();
    expect(guard.submit(second)).toBe(false);
    expect(second.defaultPrevented).toBe(true);
  });

  it("opens again once the send settled", () => {
    const guard = createSubmitGuard();
    guard.submit(submitEvent());
    guard.update(false);
    expect(guard.busy()).toBe(true);
    guard.update(true);
    guard.update(false);
    expect(guard.busy()).toBe(false);
    expect(guard.submit(submitEvent())).toBe(true);
  });

  it("an invalid form (validation cancelled the event) is no send: the guard stays open", () => {
    const guard = createSubmitGuard();
    const event = submitEvent();
    let validated = 0;
    expect(
      guard.submit(event, (e) => {
        validated++;
        e.preventDefault();
      }),
    ).toBe(false);
    expect(validated).toBe(1);
    expect(guard.busy()).toBe(false);
    expect(guard.submit(submitEvent())).toBe(true);
  });

  it("validation is not run for a cancelled repeat", () => {
    const guard = createSubmitGuard();
    guard.submit(submitEvent());
    let validated = 0;
    guard.submit(submitEvent(), () => validated++);
    expect(validated).toBe(0);
  });

  it(`a send the router never reported opens the guard after ${UNCONFIRMED_SEND_MS} ms`, () => {
    const time = clock();
    const guard = createSubmitGuard(time.now);
    guard.submit(submitEvent());
    time.advance(UNCONFIRMED_SEND_MS - 1);
    expect(guard.busy()).toBe(true);
    time.advance(1);
    expect(guard.busy()).toBe(false);
  });

  it("a send the router reported stays guarded however long it takes", () => {
    const time = clock();
    const guard = createSubmitGuard(time.now);
    guard.submit(submitEvent());
    guard.update(true);
    time.advance(60_000);
    expect(guard.busy()).toBe(true);
  });
});
