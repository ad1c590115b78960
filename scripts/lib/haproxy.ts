/**
 * The load balancer of the multi-host check (scripts/check-multihost.ts): Debian's haproxy, round-robin over
 * the portal hosts, each checked on /readyz every 500 ms (a draining host answers 503, then refuses connections,
 * and leaves the rotation after three such checks). A request whose connection to a host failed (refused: that
 * host's listener is closed; reset or empty: it was never answered) is sent again to another host, as a
 * production balancer is set up.
 */
export interface HaproxyOptions {
  /** Where the balancer listens (127.0.0.1). */
  port: number;
  hosts: { name: string; port: number }[];
  /** How often each host's /readyz is asked (ms). */
  checkIntervalMs?: number;
}

/** The response header naming the host that answered. */
export const SERVED_BY = "x-served-by";

export function haproxyConfig(options: HaproxyOptions): string {
  const names = new Set<string>();
  for (const host of options.hosts) {
    if (!/^[a-z][\w-]*$/i.test(host.name) || names.has(host.name)) throw new Error(`bad host name: ${host.name}`);
    if (!Number.isInteger(host.port) || host.port < 1 || host.port > 65535) throw new Error(`bad port: ${host.port}`);
    names.add(host.name);
  }
  if (names.size === 0) throw new Error("no hosts");
  const inter = options.checkIntervalMs ?? 500;
  return [
    "global",
    "  maxconn 4096",
    "",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 30s",
    "  timeout server 30s",
    "  timeout http-keep-alive 10s",
    // /readyz asks the upstream (up to 3 s), and a busy host answers late: only a slow answer thrice in a row
    // (or a 503, or a refused connection, thrice) takes a host out. Meanwhile its refused connections are retried.
    "  timeout check 5s",
    "  option forwardfor",
    // Another host on every retry, for connections that failed or requests that got no answer at all.
    "  retries 3",
    "  option redispatch 1",
    "  retry-on conn-failure empty-response response-timeout",
    "",
    "frontend portal",
    `  bind 127.0.0.1:${options.port}`,
    "  default_backend hosts",
    "",
    "backend hosts",
    "  balance roundrobin",
    "  option httpchk",
    "  http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host localhost",
    "  http-check expect status 200",
    `  http-response set-header ${SERVED_BY} %s`,
    `  default-server inter ${inter}ms fall 3 rise 2`,
    ...options.hosts.map((host) => `  server ${host.name} 127.0.0.1:${host.port} check`),
    "",
  ].join("\n");
}
