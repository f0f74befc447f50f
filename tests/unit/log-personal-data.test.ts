// What the shop's log may say of a person (issue 33; docs/privacy.md): no mobile number, no email, and no
// value of a parameter that names someone, whether in a request's address or in a fault's words. A log
// cannot be scrubbed when the parent is erased, so nothing of theirs is written to it.
import { describe, expect, it } from "vitest";
import { createLogger, loggablePath, withoutEmails } from "../../server/logger";

describe("the log's redaction of personal data", () => {
  it("replaces an email anywhere in an address, its @ plain or encoded", () => {
    expect(loggablePath("/login?identifier=asha.devi%40example.in&size=24")).toBe("/login?identifier=[redacted]&size=24");
    expect(loggablePath("/no-such-page?who=asha.devi%40example.in&size=24")).toBe("/no-such-page?who=[email]&size=24");
    expect(loggablePath("/account/asha+1@mail.example.in/orders")).toBe("/account/[email]/orders");
    // What only looks like one stays: an @ with nothing around it, a domain without a dot.
    expect(withoutEmails("x@@y.z, @home, a@localhost")).toBe("x@@y.z, @home, a@localhost");
    expect(withoutEmails("Write to asha@example.in.")).toBe("Write to [email].");
  });

  it("redacts the value of every parameter that names someone, under any of its usual names", () => {
    for (const name of ["identifier", "fullName", "ship_name", "childName", "house", "landmark", "note", "reason", "message", "whatsapp"]) {
      expect(loggablePath(`/orders?${name}=Zorawar%20Singh&size=24`), name).toBe(`/orders?${name}=[redacted]&size=24`);
    }
  });

  it("writes a fault without the numbers and emails in its message, stack and details", () => {
    const written: string[] = [];
    const log = createLogger({ level: "info", destination: { write: (line: string) => void written.push(line) } });
    const fault = Object.assign(new Error("could not save 98290 12345 for asha.devi@example.in"), {
      detail: "Key (email)=(asha.devi@example.in) already exists.",
      code: "23505",
    });
    log.error({ err: fault }, "request failed");
    const [line] = written;
    expect(line).not.toContain("asha.devi");
    expect(line).not.toContain("98290");
    const { err } = JSON.parse(line) as { err: { message: string; detail: string; code: string; stack: string } };
    expect(err).toMatchObject({ message: "could not save [phone] for [email]", detail: "Key (email)=([email]) already exists.", code: "23505" });
    expect(err.stack).toContain("could not save [phone] for [email]");
  });
});
