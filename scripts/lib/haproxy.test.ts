import { describe, expect, it } from "vitest";
import { SERVED_BY, haproxyConfig } from "./haproxy";

describe("the multi-host check's haproxy configuration", () => {
  const config = haproxyConfig({
    port: 40100,
    hosts: [
      { name: "a", port: 40101 },
      { name: "b", port: 40102 },
    ],
  });

  it("balances round-robin over every host, each checked on /readyz", () => {
    expect(config).toContain("bind 127.0.0.1:40100");
    expect(config).toContain("balance roundrobin");
    expect(config).toMatch(/server a 127\.0\.0\.1:40101 check\n\s+server b 127\.0\.0\.1:40102 check/);
    expect(config).toContain("http-check send meth GET uri /readyz");
    expect(config).toContain("http-check expect status 200");
    expect(config).toContain("default-server inter 500ms fall 3 rise 2");
    expect(config).toContain("timeout check 5s");
  });

  it("retries a failed connection or an unanswered request on another host, and names the host that answered", () => {
    expect(config).toContain("option redispatch 1");
    expect(config).toContain("retry-on conn-failure empty-response response-timeout");
    expect(config).toContain(`http-response set-header ${SERVED_BY} %s`);
    expect(config).toContain("option forwardfor");
  });

  it("refuses names and ports that would break the file", () => {
    expect(() => haproxyConfig({ port: 1, hosts: [] })).toThrow("no hosts");
    expect(() => haproxyConfig({ port: 1, hosts: [{ name: "a b", port: 2 }] })).toThrow("bad host name");
    const twice = [
      { name: "a", port: 2 },
      { name: "a", port: 3 },
    ];
    expect(() => haproxyConfig({ port: 1, hosts: twice })).toThrow("bad host name");
    expect(() => haproxyConfig({ port: 1, hosts: [{ name: "a", port: 70000 }] })).toThrow("bad port");
  });
});
