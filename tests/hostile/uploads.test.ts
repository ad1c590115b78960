import { beforeAll, describe, expect, it } from "vitest";
import { expectSmallAndQuick, send, signIn } from "./support";

const WRONG_CONTENT = "The file&#x27;s content is not an image or PDF";
const HTML = "<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>";
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

/**
 * Issue 20: an upload is checked by its content, not only by its name and declared type. A w9.pdf holding
 * HTML, or a .png that is not an image, is refused at its field and never reaches the upstream.
 */
describe("uploads whose content is not what their name and type say", () => {
  let agent = "";
  let newAgent = "";
  beforeAll(async () => {
    agent = await signIn("agent@demo.test");
    newAgent = await signIn("newagent@demo.test");
  });

  it("a compliance document: HTML named w9.pdf, or text named .png, is a field error on the profile; nothing is stored", async () => {
    for (const file of [
      new File([HTML], "w9-probe-html.pdf", { type: "application/pdf" }),
      new File(["just some text"], "w9-probe-text.png", { type: "image/png" }),
    ]) {
      const form = new FormData();
      form.append("file", file);
      const answer = await send("/profile/documents/w9", { method: "POST", body: form, cookie: newAgent });
      expect(answer.status, file.name).toBe(400);
      expect(answer.body, file.name).toContain(WRONG_CONTENT);
      expectSmallAndQuick(answer, file.name);
    }
    const profile = await send("/profile", { cookie: newAgent });
    expect(profile.status).toBe(200);
    expect(profile.body).not.toContain("w9-probe-");
  });

  it("a support ticket's attachment: a fake .png is a field error, the ticket is not created; a real PNG is taken", async () => {
    const ticket = (subject: string, attachment: File) => {
      const form = new FormData();
      form.append("subject", subject);
      form.append("category", "Other");
      form.append("message", "Please look at the attached file.");
      form.append("attachment", attachment);
      return send("/contact_support", { method: "POST", body: form, cookie: agent });
    };
    const fake = await ticket("Probe: a fake image", new File([HTML], "screenshot.png", { type: "image/png" }));
    expect(fake.status).toBe(400);
    expect(fake.body).toContain(WRONG_CONTENT);
    // Everything typed is kept.
    expect(fake.body).toContain("Please look at the attached file.");
    expect((await send("/my_tickets", { cookie: agent })).body).not.toContain("Probe: a fake image");

    const real = await ticket("Probe: a real image", new File([PNG], "screenshot.png", { type: "image/png" }));
    expect(real.status).toBe(302);
    expect((await send("/my_tickets", { cookie: agent })).body).toContain("Probe: a real image");
  });
});

/**
 * Issue 24 §1: a carrier's file is data, never trusted. Files that cannot be one (not UTF-8, binary, a row too long)
 * make an import refused with the reason; formula cells are shown as text and neutralised in the results CSV; a file
 * with other columns waits for a mapping. Nothing is written.
 */
describe("carrier imports: malformed and hostile files", () => {
  let admin = "";
  beforeAll(async () => {
    admin = await signIn("admin@demo.test");
  });

  const uploadFile = async (name: string, bytes: Uint8Array<ArrayBuffer> | string, kind = "rts") => {
    const body = new FormData();
    body.append("carrierId", "4");
    body.append("kind", kind);
    body.append("file", new File([bytes], name, { type: "text/csv" }));
    const answer = await send("/admin/carrier_imports/upload", { method: "POST", body, cookie: admin });
    expect(answer.status, name).toBe(302);
    const location = answer.headers.get("location") ?? "";
    expect(location, name).toMatch(/^\/admin\/carrier_imports\/\d+$/);
    const page = await send(location, { cookie: admin });
    expect(page.status, name).toBe(200);
    expectSmallAndQuick(page, name);
    return { location, page };
  };

  it("refuses a file that is not UTF-8, a binary file and a row too long, each with its reason", async () => {
    const nonce = `${Date.now()}-${Math.random()}`;
    for (const [name, bytes, reason] of [
      [
        "latin1.csv",
        new Uint8Array([0x4e, 0x50, 0x4e, 0x0a, 0x4a, 0xe9, 0x72, 0xf4, 0x6d, 0x65, 0x0a]),
        "is not UTF-8 text",
      ],
      ["image.csv", new Uint8Array([...PNG, 0xff, 0xfe, 0x00, 0x01]), "is not UTF-8 text"],
      ["huge-row.csv", `NPN,RTS Status\n30005201,${"x".repeat(70_000)}${nonce}\n`, "is too long to be a row"],
    ] as const) {
      const { page } = await uploadFile(name, bytes);
      expect(page.body, name).toContain("The file was not imported");
      expect(page.body, name).toContain(reason);
    }
  });

  it("shows formula and script cells as text, and neutralises them in the results CSV", async () => {
    const nonce = `${Date.now()}-${Math.random()}`;
    const { location, page } = await uploadFile(
      "formulas.csv",
      `NPN,RTS Status,Ref\n"=HYPERLINK(""http://evil.example.com"")",RTS,${nonce}\n30005201,<script>alert(1)</script>,x\n`,
    );
    // React's server HTML separates a number from the text after it with a comment.
    expect(page.body).toMatch(/<li>2(<!-- -->)? with problems<\/li>/);
    expect(page.body).not.toContain("<script>alert(1)</script>");
    expect(page.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    const csv = await send(`${location}/results.csv`, { cookie: admin });
    expect(csv.status).toBe(200);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example.com"")"`);
  });

  it("a file with other columns waits for its mapping; nothing is read as data meanwhile", async () => {
    const { page } = await uploadFile("wrong-columns.csv", `Foo,Bar\n1,2\n${Date.now()},${Math.random()}\n`);
    expect(page.body).toContain("Map the file&#x27;s columns");
    expect(page.body).not.toMatch(/Import (<!-- -->)?2/);
  });

  const APPOINTMENTS = "NPN,State,Appointment Status,Effective Date,Termination Reason";
  const ENROLLMENTS =
    "Confirmation Number,Agent NPN,Member,Medicare ID,Date of Birth,Plan,Plan Type,Contract PBP,County,State,Status,Submitted Date,Effective Date,Termination Date,Termination Reason";

  it("appointments and enrollments: formula and HTML cells are text, short and long rows are refused, binary is refused", async () => {
    const nonce = `${Date.now()}-${Math.random()}`;
    const appointments = await uploadFile(
      "appointments-hostile.csv",
      [
        APPOINTMENTS,
        `"=HYPERLINK(""http://evil.example.com"")",TX,Appointed,2026-01-01,`,
        "17845210,<img src=x onerror=alert(1)>,Appointed,2026-01-01,",
        "17845210,TX", // too few cells: the blank ones are the row's problem
        `17845210,TX,Appointed,2026-01-01,,${nonce},extra`, // more cells than headers: the mapped ones are read
        "",
      ].join("\n"),
      "appointments",
    );
    expect(appointments.page.body).not.toContain("<img src=x");
    expect(appointments.page.body).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(appointments.page.body).toContain("The NPN is not a number of 1 to 10 digits.");
    expect(appointments.page.body).toContain("The appointment status is blank.");
    expect(appointments.page.body).toMatch(/<li>3(<!-- -->)? with problems<\/li>/);
    const csv = await send(`${appointments.location}/results.csv`, { cookie: admin });
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example.com"")"`);

    const enrollments = await uploadFile(
      "enrollments-hostile.csv",
      [
        ENROLLMENTS,
        `=cmd|' /C calc'!A0,17845210,<script>alert(1)</script>,1EG4TE5MK73,1950-01-01,Plan,MAPD,,Harris,TX,Submitted,2026-09-01,,,`,
        `CI-${nonce},17845210,Jo`,
        "",
      ].join("\n"),
      "enrollments",
    );
    expect(enrollments.page.body).not.toContain("<script>alert(1)</script>");
    expect(enrollments.page.body).toMatch(/<li>1(<!-- -->)? ready to import<\/li>/);
    expect(enrollments.page.body).toContain("The Medicare ID is blank.");
    const results = await send(`${enrollments.location}/results.csv`, { cookie: admin });
    expect(results.body).toContain("'=cmd|");

    const binary = await uploadFile("enrollments.csv", new Uint8Array([...PNG, 0xff, 0xfe, 0x00, 0x01]), "enrollments");
    expect(binary.page.body).toContain("is not UTF-8 text");
  });

  it("the upload sent by JavaScript answers JSON: where to go, or the form's reply", async () => {
    const body = new FormData();
    body.append("carrierId", "4");
    body.append("kind", "appointments");
    body.append("file", new File([`${APPOINTMENTS}\n17845210,TX,Pending,2026-01-01,${Date.now()}\n`], "a.csv"));
    const sent = await send("/admin/carrier_imports/upload/send", { method: "POST", body, cookie: admin });
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.body)).toMatchObject({
      ok: true,
      to: expect.stringMatching(/^\/admin\/carrier_imports\/\d+$/),
    });
    const none = new FormData();
    none.append("carrierId", "4");
    none.append("kind", "licenses");
    const refused = await send("/admin/carrier_imports/upload/send", { method: "POST", body: none, cookie: admin });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ ok: false });
    expect(JSON.parse(refused.body)).toMatchObject({ result: { error: { kind: ["Choose what the file holds"] } } });
  });
});

/**
 * Issue 24 §5: Sunfire's enrollment export is data, never trusted. Files that cannot be one (not UTF-8, binary, a row
 * too long, other columns) make an import refused with the reason; formula and markup cells are shown as text and
 * neutralised in the results CSV; a body that is not a form is refused before the upstream hears of it. Nothing is
 * written.
 */
describe("Sunfire imports: malformed and hostile files", () => {
  let admin = "";
  beforeAll(async () => {
    admin = await signIn("admin@demo.test");
  });
  const HEADER =
    "Agent NPN,Carrier,Plan Name,First Name,Last Name,Status,Effective Date,Confirmation Number,Email,Medicare ID";

  const uploadFile = async (
    name: string,
    bytes: Uint8Array<ArrayBuffer> | string,
    path = "/admin/sunfire_imports/new",
  ) => {
    const body = new FormData();
    body.append("file", new File([bytes], name, { type: "text/csv" }));
    return send(path, { method: "POST", body, cookie: admin });
  };
  const uploadAndOpen = async (name: string, bytes: Uint8Array<ArrayBuffer> | string) => {
    const answer = await uploadFile(name, bytes);
    expect(answer.status, name).toBe(302);
    const location = answer.headers.get("location") ?? "";
    expect(location, name).toMatch(/^\/admin\/sunfire_imports\/\d+$/);
    const page = await send(location, { cookie: admin });
    expect(page.status, name).toBe(200);
    expectSmallAndQuick(page, name);
    return { location, page };
  };

  it("refuses a file that is not UTF-8, a binary file, a row too long and a file of other columns, each with its reason", async () => {
    const nonce = `${Date.now()}-${Math.random()}`;
    for (const [name, bytes, reason] of [
      [
        "latin1.csv",
        new Uint8Array([0x4e, 0x50, 0x4e, 0x0a, 0x4a, 0xe9, 0x72, 0xf4, 0x6d, 0x65, 0x0a]),
        "is not UTF-8 text",
      ],
      ["image.csv", new Uint8Array([...PNG, 0xff, 0xfe, 0x00, 0x01]), "is not UTF-8 text"],
      ["page.csv", HTML, "The file lacks the columns"],
      ["huge-row.csv", `${HEADER}\n17845210,${"x".repeat(70_000)}${nonce}\n`, "is too long to be a row"],
      ["rts.csv", `NPN,RTS Status\n30005201,RTS-${nonce}\n`, "is it Sunfire&#x27;s enrollment export?"],
    ] as const) {
      const { page } = await uploadAndOpen(name, bytes);
      expect(page.body, name).toContain("The file was not imported");
      expect(page.body, name).toContain(reason);
    }
  });

  it("shows formula and script cells as text, and neutralises them in the results CSV", async () => {
    const nonce = `${Date.now()}-${Math.random()}`;
    const { location, page } = await uploadAndOpen(
      "formulas.csv",
      `${HEADER}\n"=cmd|' /C calc'!A0",Summit Mutual,Summit Choice (PPO),Ann,Lee,Submitted,2030-01-01,H-${nonce},,\n` +
        `17845210,<script>alert(1)</script>,<b>plan</b>,Ann,Lee,Submitted,2030-01-01,H2-${nonce},"=HYPERLINK(""http://evil.example.com"")",\n`,
    );
    expect(page.body).toMatch(/<li>2(<!-- -->)? with problems<\/li>/);
    expect(page.body).not.toContain("<script>alert(1)</script>");
    expect(page.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    // Both rows refused: importing writes nothing.
    const csv = await send(`${location}/results.csv`, { cookie: admin });
    expect(csv.status).toBe(200);
    expect(csv.body).toContain("'=cmd|");
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example.com"")"`);
  });

  it("the upload sent by JavaScript answers JSON; a body that is not a form, or a form without a file, is refused", async () => {
    const sent = await uploadFile(
      "js.csv",
      `${HEADER}\n17845210,X,Y,Ann,Lee,Submitted,2030-01-01,J-${Date.now()}\n`,
      "/admin/sunfire_imports/new/upload",
    );
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.body)).toMatchObject({
      ok: true,
      to: expect.stringMatching(/^\/admin\/sunfire_imports\/\d+$/),
    });
    const notAForm = await send("/admin/sunfire_imports/new", {
      method: "POST",
      body: "Agent NPN\n1\n",
      headers: { "content-type": "text/csv" },
      cookie: admin,
    });
    expect(notAForm.status).toBeGreaterThanOrEqual(400);
    expect(notAForm.status).toBeLessThan(500);
    const empty = new FormData();
    empty.append("note", "no file");
    const noFile = await send("/admin/sunfire_imports/new", { method: "POST", body: empty, cookie: admin });
    expect(noFile.status).toBe(400);
    expectSmallAndQuick(noFile, "no file");
  });
});
