import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { z } from "zod";

/** proxy-addr's names for address ranges (Express `trust proxy`). */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, an address/prefix (CIDR) or one of PROXY_RANGE_NAMES. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which peers' X-Forwarded-* headers count. A hop count (`1`: the one proxy in front;
 * `0`: none) or a comma-separated list of addresses, CIDR ranges and the names loopback, linklocal,
 * uniquelocal (private networks).
 */
const TrustProxySchema = z
  .string()
  .default("loopback, linklocal, uniquelocal")
  .transform((value, ctx): number | string[] => {
    const trimmed = value.trim();
    if (/^\d+$/.test(trimmed)) return Number(trimmed);
    const entries = trimmed
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `TRUST_PROXY must be a hop count or a comma-separated list of addresses, CIDR ranges, loopback, linklocal, uniquelocal${bad.length ? ` (not understood: ${bad.join(", ")})` : ""}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const Flag = z
  .enum(["0", "1", "true", "false"])
  .default("0")
  .transform((v) => v === "1" || v === "true");

/**
 * WEB_CONCURRENCY: how many workers of the portal run on this host (docs/decisions/025-many-cores-many-hosts.md).
 * A whole number (1: one process, no cluster) or `auto`: one per core (os.availableParallelism()).
 */
const WebConcurrencySchema = z
  .string()
  .default("1")
  .transform((value, ctx): number => {
    const trimmed = value.trim().toLowerCase();
    if (trimmed === "auto") return availableParallelism();
    if (/^\d{1,4}$/.test(trimmed) && Number(trimmed) >= 1 && Number(trimmed) <= 1024) return Number(trimmed);
    ctx.addIssue({
      code: "custom",
      message: `WEB_CONCURRENCY must be a number of workers from 1 to 1024, or auto (one per core); got ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  });

/** Spec and architecture: configuration comes from the environment, validated once at boot. */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    UPSTREAM_API_URL: z
      .string()
      .url("UPSTREAM_API_URL must be an absolute http(s) URL")
      .refine((v) => /^https?:\/\//.test(v), "UPSTREAM_API_URL must start with http:// or https://")
      .optional(),
    SESSION_SECRET: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean)
          : undefined,
      )
      .refine((v) => !v || v.every((s) => s.length >= 16), "SESSION_SECRET: each secret needs at least 16 characters"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    SENTRY_DSN: z.string().url("SENTRY_DSN must be a URL").optional(),
    BETA_TESTER_EMAIL: z.string().email("BETA_TESTER_EMAIL must be an e-mail address").default("beta@demo.test"),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** How long a shared upstream list (products, carriers, ticket categories…) is reused; 0 turns it off (ADR 017). */
    SHARED_LIST_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** A session unused this long ends (signed out at / with a toast); at most 7 days since sign-in in any case. */
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .positive()
      .max(7 * 24 * 60)
      .default(120),
    /** Where the bundled reference API keeps its database (only when UPSTREAM_API_URL is unset). */
    REFERENCE_API_DB: z.string().default(".data/reference-api.db"),
    /** Fixed port for the in-process reference API (default: any free port). */
    REFERENCE_API_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    /** Lets tests reset the reference API to its seed (POST /__reset). Never set in production. */
    REFERENCE_API_ALLOW_RESET: Flag,
    /** Start the bundled reference API with the demo accounts (never implied: see upstreamMode). */
    DEMO: Flag,
    TRUST_PROXY: TrustProxySchema,
    /**
     * The origins the quote tool's sign-on links may lead to (GET /partners/sunfire's `url`): the CSP's
     * form-action and the portal's check of the link. Default: the upstream's origin (ADR 021).
     */
    QUOTE_TOOL_ORIGINS: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean)
          : undefined,
      )
      .refine(
        (v) => !v || v.every((s) => /^https?:\/\/[^/\s;,'"]+\/?$/i.test(s)),
        "QUOTE_TOOL_ORIGINS must be a comma-separated list of origins such as https://quotes.example.com",
      ),
    WEB_CONCURRENCY: WebConcurrencySchema,
    /**
     * Where the limiters keep their counts when several hosts serve the portal (ADR 025): a redis:// or
     * rediss:// URL. Unset: in this host's memory (shared by its workers).
     */
    REDIS_URL: z
      .string()
      .refine(
        (v) => /^rediss?:\/\/\S+$/i.test(v) && URL.canParse(v),
        "REDIS_URL must be a redis:// or rediss:// URL, such as redis://redis.internal:6379",
      )
      .optional(),
    /** After SIGTERM: how long in-flight requests may take before connections are cut (below k8s' 30 s grace). */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
    /**
     * The portal's external base URL (scheme, host, optional path; no trailing slash): the links in the
     * e-mails the bundled reference API sends. Default: http://localhost:<PORT>.
     */
    PUBLIC_URL: z
      .string()
      .refine(
        (v) => /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(v) && !v.endsWith("/") && URL.canParse(v),
        "PUBLIC_URL must be an http(s) URL without a trailing slash, query or fragment, such as https://portal.example.com",
      )
      .optional(),
    /** demo mode: the SMTP server the bundled reference API sends its e-mails through (unset: its outbox table). */
    SMTP_URL: z
      .string()
      .refine(
        (v) => /^smtps?:\/\/\S+$/i.test(v) && URL.canParse(v),
        "SMTP_URL must be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.com:587",
      )
      .optional(),
    /** demo mode: the From of those e-mails (default: the reference API's, Agent Portal <no-reply@agent-portal.invalid>). */
    MAIL_FROM: z
      .string()
      .trim()
      .min(3, "MAIL_FROM must be an address, such as Agent Portal <no-reply@example.com>")
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && env.UPSTREAM_API_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "SESSION_SECRET is required when UPSTREAM_API_URL is set in production",
      });
    }
  })
  .transform((env) => ({ ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}` }));

export type Env = z.infer<typeof EnvSchema>;

/** Parses the environment; throws an Error whose message is one line naming every bad value. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`);
    throw new Error(`Invalid configuration: ${problems.join("; ")}`);
  }
  return result.data;
}

/**
 * Which upstream the server talks to. The bundled reference API (seeded with published demo passwords)
 * starts only when asked for with DEMO=1, so a production deployment that forgot UPSTREAM_API_URL stops
 * instead of serving the demo. Throws a one-line Error otherwise.
 */
export function upstreamMode(env: Env): "external" | "demo" {
  if (env.UPSTREAM_API_URL && env.DEMO) {
    throw new Error("Invalid configuration: set either UPSTREAM_API_URL or DEMO=1, not both");
  }
  if (env.UPSTREAM_API_URL) return "external";
  if (env.DEMO) return "demo";
  throw new Error(
    "Invalid configuration: UPSTREAM_API_URL is not set; set it to the upstream API's URL, or set DEMO=1 (npm run demo) to start the bundled reference API with its demo accounts",
  );
}
