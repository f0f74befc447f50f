import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readPageForm } from "../../app/forms/form.server";
import { FORM_MESSAGES, MAX_PAGE_FORM_BYTES } from "../../domain/forms";

const schema = z.object({
  email: z.string({ error: "Please enter your email." }),
  password: z.string({ error: "Please enter your password." }),
});

function post(body: BodyInit | null, type: string | null = "application/x-www-form-urlencoded", headers: Record<string, string> = {}) {
  return new Request("http://shop.test/login", {
    method: "POST",
    body,
    headers: { ...(type ? { "Content-Type": type } : {}), ...headers },
    // Node's Request needs this for a streamed body.
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

type Answer = { data: { result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null } }; init: { status?: number } | null };

async function refused(request: Request, options = {}) {
  const form = await readPageForm(request, schema, options);
  if (form.ok) throw new Error("expected a refusal");
  const answer = form.answer as unknown as Answer;
  return { status: answer.init?.status, error: answer.data.result.error ?? {}, values: answer.data.result.initialValue ?? {} };
}

describe("the page form pipeline", () => {
  it("reads a url-encoded form into the schema's value", async () => {
    const form = await readPageForm(post("email=a%40b.in&password=satchel-01"), schema);
    expect(form.ok && form.value).toEqual({ email: "a@b.in", password: "satchel-01" });
  });

  it("reads a multipart form the same way", async () => {
    const body = new FormData();
    body.set("email", "a@b.in");
    body.set("password", "satchel-01");
    const request = new Request("http://shop.test/login", { method: "POST", body });
    const form = await readPageForm(request, schema);
    expect(form.ok && form.value).toEqual({ email: "a@b.in", password: "satchel-01" });
  });

  it.each([
    ["text/plain", "email=a"],
    ["application/json", '{"email":"a"}'],
    [null, "email=a"],
    ["application/x-www-form-urlencoded; charset=latin1", "email=a"],
  ])("refuses %s with 415 and a message", async (type, body) => {
    const answer = await refused(post(body, type));
    expect(answer.status).toBe(415);
    expect(answer.error[""]).toEqual([FORM_MESSAGES.notAForm]);
  });

  it("reads a post with neither a type nor a body as an empty form (a bare POST to /logout)", async () => {
    const form = await readPageForm(post(null, null), z.object({}));
    expect(form.ok).toBe(true);
    const answer = await refused(post(null, null));
    expect(answer.status).toBe(422);
  });

  it("refuses broken multipart with 400, not a fault", async () => {
    const answer = await refused(post("--x\r\nContent-Disposition: form-da", "multipart/form-data; boundary=x"));
    expect(answer.status).toBe(400);
    expect(answer.error[""]).toEqual([FORM_MESSAGES.unreadable]);
  });

  it("refuses a file in a form that takes none", async () => {
    const body = new FormData();
    body.set("email", new Blob(["x"]), "x.txt");
    const answer = await refused(new Request("http://shop.test/login", { method: "POST", body }));
    expect(answer.status).toBe(400);
  });

  it("takes a document form's file as it came, and refuses one over the cap or one too many naming the cap", async () => {
    const documents = { field: "statement", maxCount: 1, maxBytes: 1024 * 1024 };
    const upload = (...files: Uint8Array[]) => {
      const body = new FormData();
      body.set("email", "a@b.in");
      body.set("password", "satchel-01");
      for (const bytes of files) body.append("statement", new Blob([new Uint8Array(bytes)]), "sbi.csv");
      return new Request("http://shop.test/admin/statements", { method: "POST", body });
    };
    const form = await readPageForm(upload(new TextEncoder().encode("Txn Date,Credit\n")), schema, { documents });
    expect(form.ok && form.documents.map((d) => [d.name, new TextDecoder().decode(d.bytes)])).toEqual([["sbi.csv", "Txn Date,Credit\n"]]);
    const big = await refused(upload(new Uint8Array(1024 * 1024 + 1)), { documents });
    expect(big).toMatchObject({ status: 413, error: { "": ["This file is too large (at most 1 MB). Please upload a shorter period."] } });
    const two = await refused(upload(new Uint8Array(10), new Uint8Array(10)), { documents });
    expect(two).toMatchObject({ status: 413, error: { "": ["Please send at most 1 file at a time."] } });
  });

  it("refuses a body over the cap by its declared length, unread", async () => {
    const answer = await refused(post("email=a", undefined, { "Content-Length": String(MAX_PAGE_FORM_BYTES + 1) }));
    expect(answer.status).toBe(413);
  });

  it("refuses a streamed body as soon as it passes the cap, and does not echo it back", async () => {
    const chunk = new TextEncoder().encode("email=" + "a".repeat(8 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 128) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const answer = await refused(post(stream));
    expect(answer.status).toBe(413);
    expect(JSON.stringify(answer)).not.toContain("aaaa");
  });

  it("names the field that is too long, before the schema runs", async () => {
    const answer = await refused(post(`email=${"a".repeat(300)}&password=x`), { maxLength: { email: 254 }, labels: { email: "Email" } });
    expect(answer.status).toBe(422);
    expect(answer.error.email).toEqual([FORM_MESSAGES.tooLong("Email", 254)]);
  });

  it("refuses a NUL byte with a message naming the field", async () => {
    const answer = await refused(post("email=a%00b&password=x"), { labels: { email: "Email" } });
    expect(answer.status).toBe(422);
    expect(answer.error.email?.[0]).toMatch(/^Email .*NUL/);
  });

  it("reads percent-escaped surrogate bytes as replacement characters, which are safe to store", async () => {
    // A form body is bytes: escaped UTF-16 surrogates are not UTF-8 and decode to U+FFFD, never to a lone surrogate.
    const form = await readPageForm(post("email=a%ED%A0%80&password=x"), schema);
    expect(form.ok && form.value.email).toBe("a\uFFFD\uFFFD\uFFFD");
  });

  it("answers the schema's own messages per field, and never sends a password back", async () => {
    const answer = await refused(post("password=hunter22"));
    expect(answer.status).toBe(422);
    expect(answer.error.email).toEqual(["Please enter your email."]);
    expect(JSON.stringify(answer.values)).not.toContain("hunter22");
  });

  it("drops field names the shop never uses, however long or odd", async () => {
    const form = await readPageForm(post(`email=a&password=b&__proto__[x]=1&${"n".repeat(5000)}=1&a.b=2`), schema);
    expect(form.ok && form.value).toEqual({ email: "a", password: "b" });
  });

  it("a refusal after parsing keeps the one shape", async () => {
    const form = await readPageForm(post("email=a%40b.in&password=wrong"), schema);
    if (!form.ok) throw new Error("expected the form to parse");
    const answer = form.refuse("Login failed.", 401) as unknown as Answer;
    expect(answer.init?.status).toBe(401);
    expect(answer.data.result.error?.[""]).toEqual(["Login failed."]);
    expect(answer.data.result.initialValue?.email).toBe("a@b.in");
    expect(JSON.stringify(answer.data)).not.toContain("wrong");
  });

  it("answers a 1 MB field without scanning it more than once (linear work, capped body)", async () => {
    const big = "a@" + "a".repeat(1024 * 1024);
    const started = performance.now();
    const answer = await refused(post(`email=${big}&password=x`), { maxBytes: 2 * 1024 * 1024, maxLength: { email: 254 } });
    const took = performance.now() - started;
    expect(answer.status).toBe(422);
    // Not a timing assertion on the machine's speed: quadratic work on 1 MB takes minutes.
    expect(took).toBeLessThan(1000);
  });
});
