import { describe, expect, it } from "vitest";
import { SIGNATURE_MIN_POINTS, SignatureSchema, type SignatureStroke, signatureIsValid } from "~/domain/signature";

const stroke = (n: number): SignatureStroke => ({
  points: Array.from({ length: n }, (_, i) => ({ x: i, y: i * 2, time: 1000 + i })),
});

describe("spec §5/§9: a signature is valid only with more than 15 points in total", () => {
  it("the constant is 15", () => expect(SIGNATURE_MIN_POINTS).toBe(15));
  it("no strokes is invalid", () => expect(signatureIsValid([])).toBe(false));
  it("exactly 15 points is invalid", () => {
    expect(signatureIsValid([stroke(15)])).toBe(false);
    expect(signatureIsValid([stroke(10), stroke(5)])).toBe(false);
  });
  it("16 points is valid, counted across strokes", () => {
    expect(signatureIsValid([stroke(16)])).toBe(true);
    expect(signatureIsValid([stroke(8), stroke(0), stroke(8)])).toBe(true);
  });
});

describe("SignatureSchema: the strokes as a JSON form value", () => {
  const message = "Please sign in the box: your signature is too short.";
  const errors = (value: unknown) => {
    const result = SignatureSchema.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };
  it("parses a valid signature into strokes", () => {
    const strokes = [stroke(9), { points: [{ x: 1, y: 2 }, ...stroke(8).points] }];
    expect(SignatureSchema.parse(JSON.stringify(strokes))).toEqual(strokes);
  });
  it("15 points raises the message", () => expect(errors(JSON.stringify([stroke(15)]))).toEqual([message]));
  it.each([undefined, "", "not json", "{}", '[{"points":[{"x":"a","y":1}]}]'])("%j raises the message", (value) => {
    expect(errors(value)).toEqual([message]);
  });
});
