import { describe, expect, it } from "vitest";
import { parseVmRss, residentBytes } from "./portal-process.ts";

const STATUS = `Name:\tnode
Umask:\t0022
State:\tS (sleeping)
VmPeak:\t 1234567 kB
VmHWM:\t  180000 kB
VmRSS:\t  150428 kB
RssAnon:\t   90000 kB
Threads:\t11
`;

describe("parseVmRss: the resident memory of /proc/<pid>/status", () => {
  it("reads the VmRSS line (kB) as bytes, not VmHWM or RssAnon", () => {
    expect(parseVmRss(STATUS)).toBe(150428 * 1024);
  });

  it("null when the line is missing (a kernel thread, a process that is exiting)", () => {
    expect(parseVmRss("Name:\tkthreadd\nState:\tS (sleeping)\n")).toBeNull();
    expect(parseVmRss("")).toBeNull();
  });

  it("reads a live process: this one", async () => {
    const bytes = await residentBytes(process.pid);
    if (process.platform === "linux") expect(bytes).toBeGreaterThan(1024 * 1024);
    else expect(bytes).toBeNull();
  });
});
