import { describe, expect, it } from "vitest";
import { parseEnv, upstreamMode } from "~/.server/env";

const SECRET_A = "a-session-secret-of-32-characters";
const SECRET_B = "another-secret-0123456789";

/** Runs parseEnv and returns the thrown Error's message. */
function failure(source: Record<string, string | undefined>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    return (error as Error).message;
  }
  throw new Error("parseEnv did not throw");
}

function expectOneLine(message: string) {
  expect(message).not.toMatch(/[\r\n]/);
}

describe("configuration is validated at boot (parseEnv)", () => {
  it("defaults: PORT 3000, BETA_TESTER_EMAIL beta@demo.test, UPSTREAM_TIMEOUT_MS 10000, LOG_LEVEL info", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.BETA_TESTER_EMAIL).toBe("beta@demo.test");
    expect(env.UPSTREAM_TIMEOUT_MS).toBe(10_000);
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.UPSTREAM_API_URL).toBeUndefined();
    expect(env.SESSION_SECRET).toBeUndefined();
  });

  it("empty strings count as unset (defaults apply)", () => {
    const env = parseEnv({ PORT: "", LOG_LEVEL: "", BETA_TESTER_EMAIL: "" });
    expect(env.PORT).toBe(3000);
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.BETA_TESTER_EMAIL).toBe("beta@demo.test");
  });

  it("reads given values", () => {
    const env = parseEnv({
      PORT: "8080",
      BETA_TESTER_EMAIL: "tester@example.com",
      UPSTREAM_TIMEOUT_MS: "2500",
      LOG_LEVEL: "debug",
      UPSTREAM_API_URL: "https://api.example.com",
      SESSION_SECRET: SECRET_A,
    });
    expect(env.PORT).toBe(8080);
    expect(env.BETA_TESTER_EMAIL).toBe("tester@example.com");
    expect(env.UPSTREAM_TIMEOUT_MS).toBe(2500);
    expect(env.LOG_LEVEL).toBe("debug");
    expect(env.UPSTREAM_API_URL).toBe("https://api.example.com");
  });

  it("SESSION_SECRET is comma-separated into a list (first one encrypts)", () => {
    expect(parseEnv({ SESSION_SECRET: SECRET_A }).SESSION_SECRET).toEqual([SECRET_A]);
    expect(parseEnv({ SESSION_SECRET: `${SECRET_A},${SECRET_B}` }).SESSION_SECRET).toEqual([SECRET_A, SECRET_B]);
    expect(parseEnv({ SESSION_SECRET: ` ${SECRET_A} , ${SECRET_B} ,` }).SESSION_SECRET).toEqual([SECRET_A, SECRET_B]);
  });

  it("SESSION_SECRET is required when UPSTREAM_API_URL is set in production: one-line error naming it", () => {
    const message = failure({ NODE_ENV: "production", UPSTREAM_API_URL: "https://api.example.com" });
    expect(message).toContain("SESSION_SECRET");
    expectOneLine(message);
  });

  it("SESSION_SECRET is required in production even when NODE_ENV is not given (defaults to production)", () => {
    expect(failure({ UPSTREAM_API_URL: "https://api.example.com" })).toContain("SESSION_SECRET");
  });

  it("SESSION_SECRET is not required outside production or without UPSTREAM_API_URL", () => {
    expect(() => parseEnv({ NODE_ENV: "development", UPSTREAM_API_URL: "https://api.example.com" })).not.toThrow();
    expect(() => parseEnv({ NODE_ENV: "production" })).not.toThrow();
  });

  it("a too-short secret is refused with a one-line error naming SESSION_SECRET", () => {
    const message = failure({ SESSION_SECRET: `${SECRET_A},short` });
    expect(message).toContain("SESSION_SECRET");
    expectOneLine(message);
  });

  it.each(["abc", "0", "70000", "3.5", "-1"])("a bad PORT (%s) gives a one-line error naming PORT", (port) => {
    const message = failure({ PORT: port });
    expect(message).toContain("PORT");
    expectOneLine(message);
  });

  it.each(["not a url", "ftp://api.example.com", "api.example.com"])(
    "a bad UPSTREAM_API_URL (%s) gives a one-line error naming UPSTREAM_API_URL",
    (url) => {
      const message = failure({ UPSTREAM_API_URL: url, SESSION_SECRET: SECRET_A });
      expect(message).toContain("UPSTREAM_API_URL");
      expectOneLine(message);
    },
  );

  it("a bad BETA_TESTER_EMAIL, LOG_LEVEL or UPSTREAM_TIMEOUT_MS is named", () => {
    expect(failure({ BETA_TESTER_EMAIL: "nope" })).toContain("BETA_TESTER_EMAIL");
    expect(failure({ LOG_LEVEL: "loud" })).toContain("LOG_LEVEL");
    expect(failure({ UPSTREAM_TIMEOUT_MS: "0" })).toContain("UPSTREAM_TIMEOUT_MS");
  });

  it("several bad values are named in the same single line", () => {
    const message = failure({ PORT: "abc", UPSTREAM_API_URL: "nope", NODE_ENV: "production" });
    expect(message).toContain("PORT");
    expect(message).toContain("UPSTREAM_API_URL");
    expectOneLine(message);
  });
});

describe("no demo in production by accident (DEMO, upstreamMode)", () => {
  it("UPSTREAM_API_URL set: the external upstream", () => {
    expect(upstreamMode(parseEnv({ UPSTREAM_API_URL: "https://api.example.com", SESSION_SECRET: SECRET_A }))).toBe(
      "external",
    );
  });

  it.each(["1", "true"])("DEMO=%s without UPSTREAM_API_URL: the bundled reference API", (demo) => {
    expect(upstreamMode(parseEnv({ DEMO: demo }))).toBe("demo");
  });

  it.each([{}, { DEMO: "0" }, { DEMO: "false" }, { NODE_ENV: "development" }])(
    "neither UPSTREAM_API_URL nor DEMO=1 (%o): one line that names both",
    (source) => {
      let message = "";
      try {
        upstreamMode(parseEnv(source));
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain("UPSTREAM_API_URL is not set");
      expect(message).toContain("DEMO=1");
      expectOneLine(message);
    },
  );

  it("both UPSTREAM_API_URL and DEMO=1: refused, one line", () => {
    const env = parseEnv({ UPSTREAM_API_URL: "https://api.example.com", SESSION_SECRET: SECRET_A, DEMO: "1" });
    expect(() => upstreamMode(env)).toThrow(/either UPSTREAM_API_URL or DEMO=1/);
  });

  it("a bad DEMO value is named", () => {
    expect(failure({ DEMO: "yes" })).toContain("DEMO");
  });
});

describe("TRUST_PROXY decides whose X-Forwarded-* headers count", () => {
  it("defaults to loopback and private networks", () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual(["loopback", "linklocal", "uniquelocal"]);
  });

  it("a number is a hop count (0 trusts no proxy)", () => {
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: " 2 " }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(0);
  });

  it("a list of addresses, CIDR ranges and range names", () => {
    expect(parseEnv({ TRUST_PROXY: "203.0.113.7, 198.51.100.0/24,2001:db8::/32, loopback" }).TRUST_PROXY).toEqual([
      "203.0.113.7",
      "198.51.100.0/24",
      "2001:db8::/32",
      "loopback",
    ]);
  });

  it.each(["true", "everyone", "10.0.0.0/33", "300.1.1.1", "10.0.0.1/8/8", ",", "1.5"])(
    "a bad TRUST_PROXY (%s) gives a one-line error naming TRUST_PROXY",
    (value) => {
      const message = failure({ TRUST_PROXY: value });
      expect(message).toContain("TRUST_PROXY");
      expectOneLine(message);
    },
  );
});

describe("SHUTDOWN_DRAIN_MS: how long in-flight requests may take after SIGTERM", () => {
  it("defaults to 25 s, below Kubernetes' 30 s grace period", () => {
    expect(parseEnv({}).SHUTDOWN_DRAIN_MS).toBe(25_000);
  });

  it("reads a value and names a bad one", () => {
    expect(parseEnv({ SHUTDOWN_DRAIN_MS: "5000" }).SHUTDOWN_DRAIN_MS).toBe(5000);
    expect(failure({ SHUTDOWN_DRAIN_MS: "-1" })).toContain("SHUTDOWN_DRAIN_MS");
    expect(failure({ SHUTDOWN_DRAIN_MS: "soon" })).toContain("SHUTDOWN_DRAIN_MS");
  });
});

describe("QUOTE_TOOL_ORIGINS: where the quote tool's sign-on links may lead (ADR 021)", () => {
  it("unset by default (the upstream's origin applies); a comma-separated list of origins", () => {
    expect(parseEnv({}).QUOTE_TOOL_ORIGINS).toBeUndefined();
    expect(
      parseEnv({ QUOTE_TOOL_ORIGINS: "https://quotes.example.com, http://127.0.0.1:4010" }).QUOTE_TOOL_ORIGINS,
    ).toEqual(["https://quotes.example.com", "http://127.0.0.1:4010"]);
  });

  it("anything but an origin (a path, a CSP keyword, a quote) is refused, one line naming it", () => {
    for (const bad of [
      "https://quotes.example.com/sso",
      "*",
      "'unsafe-inline'",
      "https://a.example.com; script-src *",
    ]) {
      const message = failure({ QUOTE_TOOL_ORIGINS: bad });
      expect(message).toContain("QUOTE_TOOL_ORIGINS");
      expectOneLine(message);
    }
  });
});

describe("PUBLIC_URL, SMTP_URL, MAIL_FROM: the e-mails of the bundled reference API (issue 13)", () => {
  it("PUBLIC_URL defaults to http://localhost:<PORT>; a given one is kept as it is", () => {
    expect(parseEnv({}).PUBLIC_URL).toBe("http://localhost:3000");
    expect(parseEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(parseEnv({ PUBLIC_URL: "https://portal.example.com" }).PUBLIC_URL).toBe("https://portal.example.com");
    expect(parseEnv({ PUBLIC_URL: "https://example.com/agents" }).PUBLIC_URL).toBe("https://example.com/agents");
  });

  it.each([
    "portal.example.com",
    "ftp://portal.example.com",
    "https://portal.example.com/",
    "https://a.example.com?x=1",
    "https://a b.com",
  ])("a bad PUBLIC_URL (%s) gives a one-line error naming PUBLIC_URL", (url) => {
    const message = failure({ PUBLIC_URL: url });
    expect(message).toContain("PUBLIC_URL");
    expectOneLine(message);
  });

  it("SMTP_URL and MAIL_FROM are unset by default (the outbox, the reference API's sender)", () => {
    const env = parseEnv({});
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBeUndefined();
    const set = parseEnv({
      SMTP_URL: "smtps://user:secret@mail.example.com:465",
      MAIL_FROM: "Portal <no-reply@example.com>",
    });
    expect(set.SMTP_URL).toBe("smtps://user:secret@mail.example.com:465");
    expect(set.MAIL_FROM).toBe("Portal <no-reply@example.com>");
    expect(parseEnv({ SMTP_URL: "smtp://127.0.0.1:1025" }).SMTP_URL).toBe("smtp://127.0.0.1:1025");
  });

  it.each(["http://user:secret@mail.example.com", "mail.example.com:25", "smtp://"])(
    "a bad SMTP_URL (%s) gives a one-line error naming SMTP_URL, without its password",
    (url) => {
      const message = failure({ SMTP_URL: url });
      expect(message).toContain("SMTP_URL");
      expect(message).not.toContain("secret");
      expectOneLine(message);
    },
  );
});

describe("WEB_CONCURRENCY and REDIS_URL: several workers, several hosts (ADR 025)", () => {
  it("WEB_CONCURRENCY defaults to 1 worker; a number is kept; auto is one per core", async () => {
    const { availableParallelism } = await import("node:os");
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv({ WEB_CONCURRENCY: "4" }).WEB_CONCURRENCY).toBe(4);
    expect(parseEnv({ WEB_CONCURRENCY: " auto " }).WEB_CONCURRENCY).toBe(availableParallelism());
    expect(parseEnv({ WEB_CONCURRENCY: "AUTO" }).WEB_CONCURRENCY).toBe(availableParallelism());
  });

  it.each(["0", "-1", "2.5", "two", "1025", "max"])("a bad WEB_CONCURRENCY (%s) is refused in one line", (value) => {
    const message = failure({ WEB_CONCURRENCY: value });
    expectOneLine(message);
    expect(message).toMatch(/^Invalid configuration: WEB_CONCURRENCY: .*from 1 to 1024, or auto/);
  });

  it("REDIS_URL is unset by default; a redis:// or rediss:// URL is kept", () => {
    expect(parseEnv({}).REDIS_URL).toBeUndefined();
    expect(parseEnv({ REDIS_URL: "redis://127.0.0.1:6379" }).REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(parseEnv({ REDIS_URL: "rediss://:pw@redis.example.com:6380/2" }).REDIS_URL).toBe(
      "rediss://:pw@redis.example.com:6380/2",
    );
  });

  it.each(["127.0.0.1:6379", "http://redis:6379", "redis://", "redis://a b"])(
    "a bad REDIS_URL (%s) is refused in one line",
    (value) => {
      const message = failure({ REDIS_URL: value });
      expectOneLine(message);
      expect(message).toContain("REDIS_URL must be a redis:// or rediss:// URL");
    },
  );
});
