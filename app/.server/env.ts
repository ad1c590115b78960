import { z } from "zod";

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
      .transform((v) => (v ? v.split(",").map((s) => s.trim()).filter(Boolean) : undefined))
      .refine((v) => !v || v.every((s) => s.length >= 16), "SESSION_SECRET: each secret needs at least 16 characters"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    SENTRY_DSN: z.string().url("SENTRY_DSN must be a URL").optional(),
    BETA_TESTER_EMAIL: z.string().email("BETA_TESTER_EMAIL must be an e-mail address").default("beta@demo.test"),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** A session unused this long ends (signed out at / with a toast); at most 7 days since sign-in in any case. */
    SESSION_IDLE_MINUTES: z.coerce.number().int().positive().max(7 * 24 * 60).default(120),
    /** Where the bundled reference API keeps its database (only when UPSTREAM_API_URL is unset). */
    REFERENCE_API_DB: z.string().default(".data/reference-api.db"),
    /** Fixed port for the in-process reference API (default: any free port). */
    REFERENCE_API_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    /** Lets tests reset the reference API to its seed (POST /__reset). Never set in production. */
    REFERENCE_API_ALLOW_RESET: z
      .enum(["0", "1", "true", "false"])
      .default("0")
      .transform((v) => v === "1" || v === "true"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && env.UPSTREAM_API_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "SESSION_SECRET is required when UPSTREAM_API_URL is set in production",
      });
    }
  });

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

