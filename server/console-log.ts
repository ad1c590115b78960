/**
 * Every line the portal writes is JSON (issue 35 §4): what a library writes with `console` — React Router's warning
 * for a path whose percent-encoding is not UTF-8 (`/%C0%AF`), twice a request, was two raw lines on stderr — goes to
 * the JSON log instead, at the level its method says, with `console: true`.
 */
import { format } from "node:util";
import type { Logger } from "pino";

const LEVELS = {
  debug: "debug",
  trace: "debug",
  log: "info",
  info: "info",
  warn: "warn",
  error: "error",
} as const;
type Method = keyof typeof LEVELS;
const METHODS = Object.keys(LEVELS) as Method[];

/** Sends `console`'s lines to `logger`; gives a function that puts `console` back as it was. */
export function consoleToLog(logger: Logger, target: Pick<Console, Method> = console): () => void {
  const saved = METHODS.map((method) => [method, target[method]] as const);
  for (const method of METHODS) {
    target[method] = (...args: unknown[]) => {
      const error = args.find((arg): arg is Error => arg instanceof Error);
      logger[LEVELS[method]]({ console: true, ...(error && { err: error }) }, format(...args));
    };
  }
  return () => {
    for (const [method, original] of saved) target[method] = original;
  };
}
