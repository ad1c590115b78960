/**
 * Waits on a condition instead of a fixed sleep: asks `condition` every `pollMs` until it gives a truthy
 * value (which is returned), and throws "<what>: not within N s" once `timeoutMs` has passed. A condition
 * that throws stops the wait with its error. On a busy machine a fixed sleep is either too short (a flaky
 * test) or too long (a slow one); a condition with a deadline is neither.
 */
export async function waitFor<T>(
  condition: () => T | Promise<T>,
  options: { what: string; timeoutMs?: number; pollMs?: number },
): Promise<NonNullable<T>> {
  const { what, timeoutMs = 10_000, pollMs = 20 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (Date.now() >= deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
