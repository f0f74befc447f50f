import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormNotSent, htmlBrowser } from "../support/html-browser";

/**
 * The JavaScript-off browser the storefront's form tests use (tests/support/html-browser), against small pages
 * served here: what it sends must be what a browser sends, or those tests prove nothing.
 */

const pages: Record<string, string> = {};
let server: http.Server;
let base: string;
/** The same server by another name: another site for SameSite. */
let otherSite: string;

function page(body: string, head = ""): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title>${head}</head><body>${body}</body></html>`;
}

/** Every request is answered with what it was: method, path, headers and body, for the test to read. */
function echo(req: http.IncomingMessage, body: Buffer) {
  return {
    method: req.method,
    url: req.url,
    contentType: req.headers["content-type"] ?? "",
    cookie: req.headers.cookie ?? "",
    origin: req.headers.origin ?? "",
    referer: req.headers.referer ?? "",
    language: req.headers["accept-language"] ?? "",
    body: body.toString("latin1"),
  };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const body = Buffer.concat(chunks);
      const send = (status: number, headers: http.OutgoingHttpHeaders, text = "") => {
        res.writeHead(status, headers);
        res.end(text);
      };
      if (url.pathname.startsWith("/redirect/")) {
        const status = Number(url.pathname.split("/")[2]);
        return send(status, { location: "/echo?after=" + status });
      }
      if (url.pathname === "/set") {
        return send(200, {
          "content-type": "text/html",
          "set-cookie": [
            "everywhere=1; Path=/",
            "account=2; Path=/account",
            "gone=3; Path=/; Max-Age=0",
            "expired=4; Path=/; Expires=Wed, 21 Oct 2015 07:28:00 GMT",
            "strict=5; Path=/; SameSite=Strict",
            "lax=6; Path=/; SameSite=Lax",
            "later=7; Path=/; Max-Age=3600; HttpOnly",
          ],
        }, page(`<a href="${otherSite}/echo">elsewhere</a><form method="post" action="${otherSite}/echo"><button>Post elsewhere</button></form>`));
      }
      if (url.pathname === "/forget") return send(303, { location: "/echo", "set-cookie": "everywhere=; Path=/; Max-Age=0" });
      if (url.pathname === "/echo" || url.pathname.startsWith("/account")) {
        return send(200, { "content-type": "text/html; charset=utf-8" }, page(`<pre id="echo">${JSON.stringify(echo(req, body)).replace(/&/g, "&amp;").replace(/</g, "&lt;")}</pre>`));
      }
      const html = pages[url.pathname];
      if (html === undefined) return send(404, { "content-type": "text/html" }, page("<h1>Not found</h1>"));
      send(200, { "content-type": "text/html; charset=utf-8" }, html);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  otherSite = `http://localhost:${port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function received(p: { text(selector: string): string; $: { (s: string): { text(): string } } }) {
  return JSON.parse(p.$("#echo").text()) as ReturnType<typeof echo>;
}

describe("the JavaScript-off browser sends forms as the HTML standard says", () => {
  it("sends the pressed button's name and value and no other button's, with every field in tree order", async () => {
    pages["/cart"] = page(`
      <form method="post" action="/echo">
        <input type="hidden" name="productId" value="shirt">
        <label>Quantity <input type="number" name="quantity" value="1" min="1"></label>
        <button name="intent" value="update">Update</button>
        <button name="intent" value="remove">Remove</button>
        <button>Unnamed</button>
        <input type="submit" name="go" value="Go on">
      </form>`);
    const browser = htmlBrowser(base);
    const cart = await browser.open("/cart");
    const sent = received(await cart.fill("Quantity", "3").press("Remove"));
    expect(sent.method).toBe("POST");
    expect(sent.contentType).toBe("application/x-www-form-urlencoded;charset=UTF-8");
    expect(sent.body).toBe("productId=shirt&quantity=3&intent=remove");
    expect(received(await (await browser.open("/cart")).press("Unnamed")).body).toBe("productId=shirt&quantity=1");
    expect(received(await (await browser.open("/cart")).press("Go on")).body).toBe("productId=shirt&quantity=1&go=Go+on");
  });

  it("sends checked boxes and radios, a drop-down's selected option (its first when none is marked), and skips disabled fields", async () => {
    pages["/choices"] = page(`
      <form method="post" action="/echo">
        <label><input type="checkbox" name="gift"> Gift wrap</label>
        <label><input type="checkbox" name="news" value="yes" checked> News</label>
        <fieldset><legend>Paper</legend>
          <label><input type="radio" name="paper" value="a4" checked> A4</label>
          <label><input type="radio" name="paper" value="receipt"> Receipt</label>
        </fieldset>
        <label>Size <select name="size"><option disabled>pick</option><option>28</option><option value="30">Thirty</option></select></label>
        <label>School <select name="school"><option value="dps">DPS</option><option value="sx" selected>St Xavier's</option></select></label>
        <input name="off" value="x" disabled>
        <fieldset disabled><legend><input name="inLegend" value="kept"></legend><input name="inFieldset" value="dropped"></fieldset>
        <input name="_charset_" type="hidden">
        <label>Note <textarea name="note">
first line
second</textarea></label>
        <button>Send</button>
      </form>
      <input form="nope" name="notOurs" value="1">`);
    const browser = htmlBrowser(base);
    const first = received(await (await browser.open("/choices")).press("Send"));
    expect(first.body).toBe("news=yes&paper=a4&size=28&school=sx&inLegend=kept&_charset_=UTF-8&note=first+line%0D%0Asecond");
    const changed = await browser.open("/choices");
    changed.check("Gift wrap").uncheck("News").choose("Receipt").select("Size", "Thirty").select("School", "dps").fill("Note", "a\nb");
    expect(received(await changed.press("Send")).body).toBe("gift=on&paper=receipt&size=30&school=dps&inLegend=kept&_charset_=UTF-8&note=a%0D%0Ab");
  });

  it("sends a colour picker's colour in lower case, and black for anything that is no colour", async () => {
    pages["/colours"] = page(`
      <form method="post" action="/echo">
        <label>Pant <input type="color" name="pant" value="#1F6A3A"></label>
        <label>Shirt <input type="color" name="shirt"></label>
        <button>Save colours</button>
      </form>`);
    const browser = htmlBrowser(base);
    expect(received(await (await browser.open("/colours")).press("Save colours")).body).toBe("pant=%231f6a3a&shirt=%23000000");
    const picked = (await browser.open("/colours")).fill("Pant", "#7A1F35").fill("Shirt", "navy");
    expect(picked.field("Pant").value).toBe("#7a1f35");
    expect(received(await picked.press("Save colours")).body).toBe("pant=%237a1f35&shirt=%23000000");
  });

  it("takes the action, method and enctype from the button before the form; an empty action is the page's own address", async () => {
    pages["/actions"] = page(`
      <base href="/sub/">
      <form method="post">
        <input name="q" value="shirt & tie">
        <button>Here</button>
        <button formaction="../echo" formmethod="get">Search</button>
        <button formaction="/echo" formenctype="text/plain">Plain</button>
      </form>
      <form action="/echo?old=1#top"><input name="page" value="2"><button>Next</button></form>`);
    const browser = htmlBrowser(base);
    const start = await browser.open("/actions?from=menu");
    const here = start.request("Here");
    expect(here.method).toBe("POST");
    expect(here.url.toString()).toBe(`${base}/actions?from=menu`);
    const search = received(await start.press("Search"));
    expect(search.method).toBe("GET");
    expect(search.url).toBe("/echo?q=shirt+%26+tie");
    const plain = received(await start.press("Plain"));
    expect(plain.contentType).toBe("text/plain;charset=UTF-8");
    expect(plain.body).toBe("q=shirt & tie\r\n");
    // A GET form replaces the action's query and drops its fragment.
    expect(received(await start.press("Next")).url).toBe("/echo?page=2");
  });

  it("sends multipart bodies with the picked files, and an empty file part when none was picked", async () => {
    pages["/upload"] = page(`
      <form method="post" action="/echo" enctype="multipart/form-data">
        <input name="title" value="Shirt &quot;new&quot;">
        <label>Photo <input type="file" name="photo"></label>
        <label>Bill <input type="file" name="bill"></label>
        <button>Upload</button>
      </form>`);
    const browser = htmlBrowser(base);
    const form = await browser.open("/upload");
    form.attach("Photo", { name: 'shirt "new".png', type: "image/png", data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) });
    const sent = received(await form.press("Upload"));
    expect(sent.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const parsed = await new Request("http://x", { method: "POST", headers: { "content-type": sent.contentType }, body: Buffer.from(sent.body, "latin1") }).formData();
    expect(parsed.get("title")).toBe('Shirt "new"');
    const photo = parsed.get("photo") as File;
    expect([photo.type, [...new Uint8Array(await photo.arrayBuffer())]]).toEqual(["image/png", [0x89, 0x50, 0x4e, 0x47]]);
    // The file name's quotes are escaped as the standard says, and the unpicked field goes as an empty file.
    expect(sent.body).toContain('name="photo"; filename="shirt %22new%22.png"\r\nContent-Type: image/png\r\n');
    expect(sent.contentType).toMatch(/^multipart\/form-data; boundary=----WebKitFormBoundary/);
    expect(sent.body).toMatch(/name="bill"; filename=""\r\nContent-Type: application\/octet-stream\r\n\r\n\r\n/);
  });

  it("refuses to send a form whose fields break their own rules, as a browser does, unless the form says novalidate", async () => {
    pages["/rules"] = page(`
      <form method="post" action="/echo">
        <label>Name <input name="name" required></label>
        <label>Quantity <input type="number" name="quantity" value="1" min="1" max="10"></label>
        <label>Pincode <input name="pincode" pattern="[0-9]{6}"></label>
        <label>Email <input type="email" name="email"></label>
        <label>Size <select name="size" required><option value="">Choose</option><option>30</option></select></label>
        <button>Send</button>
        <button formnovalidate name="draft" value="1">Save draft</button>
      </form>`);
    const browser = htmlBrowser(base);
    const form = await browser.open("/rules");
    await expect(form.press("Send")).rejects.toThrow(FormNotSent);
    form.fill("Name", "Asha").fill("Quantity", "0").fill("Pincode", "33100").fill("Email", "asha@").select("Size", "30");
    const refused = await form.press("Send").catch((err: FormNotSent) => err);
    expect((refused as FormNotSent).reasons).toEqual(["rangeUnderflow", "patternMismatch", "typeMismatch"]);
    form.fill("Quantity", "2").fill("Pincode", "331001").fill("Email", "asha@example.com");
    expect(received(await form.press("Send")).body).toBe("name=Asha&quantity=2&pincode=331001&email=asha%40example.com&size=30");
    form.fill("Quantity", "0");
    expect(received(await form.press("Save draft")).body).toContain("quantity=0");
    expect(() => form.fill("Quantity", "two")).toThrow(/number field/);
  });

  it("finds fields by their label, aria-label or aria-labelledby, and says which it cannot tell apart", async () => {
    pages["/labels"] = page(`
      <form method="post" action="/echo" aria-label="Shirt (30)">
        <label for="q1">Quantity of Shirt (30)</label><input id="q1" name="a" value="1">
        <input name="b" aria-label="Pincode">
        <span id="phone-label">Mobile number</span><input name="c" aria-labelledby="phone-label">
        <button aria-label="Remove Shirt (30)">×</button>
      </form>
      <form method="post" action="/echo" aria-label="Belt"><button>Update</button></form>
      <form method="post" action="/echo" aria-label="Tie"><button>Update</button></form>`);
    const form = await htmlBrowser(base).open("/labels");
    form.fill("Quantity of Shirt (30)", "2").fill("Pincode", "331001").fill("Mobile number", "9876543210");
    expect(received(await form.press("Remove Shirt (30)")).body).toBe("a=2&b=331001&c=9876543210");
    await expect(form.press("Update")).rejects.toThrow(/2 buttons named Update/);
    expect(form.within({ form: "Tie" }).request("Update").url.pathname).toBe("/echo");
    expect(() => form.fill("Nothing like it", "x")).toThrow(/no field named Nothing like it/);
  });
});

describe("the JavaScript-off browser navigates as a browser does", () => {
  it("turns a POST answered 303, 302 or 301 into a GET, keeps a POST through 307, and records the hops", async () => {
    pages["/post"] = page(`
      <form method="post" action="/redirect/303"><input name="a" value="1"><button>See other</button></form>
      <form method="post" action="/redirect/302"><input name="a" value="1"><button>Found</button></form>
      <form method="post" action="/redirect/307"><input name="a" value="1"><button>Temporary</button></form>`);
    const browser = htmlBrowser(base);
    const start = await browser.open("/post");
    const seeOther = await start.press("See other");
    expect(received(seeOther)).toMatchObject({ method: "GET", url: "/echo?after=303", body: "" });
    expect(seeOther.redirects).toEqual([{ url: `${base}/redirect/303`, status: 303, location: "/echo?after=303" }]);
    expect(seeOther.url.toString()).toBe(`${base}/echo?after=303`);
    expect(received(await start.press("Found"))).toMatchObject({ method: "GET", body: "" });
    expect(received(await start.press("Temporary"))).toMatchObject({ method: "POST", url: "/echo?after=307", body: "a=1" });
  });

  it("keeps cookies by path and expiry, forgets one the server expires, and minds SameSite across sites", async () => {
    const browser = htmlBrowser(base);
    const set = await browser.open("/set");
    expect(received(await browser.open("/echo")).cookie).toBe("everywhere=1; strict=5; lax=6; later=7");
    expect(received(await browser.open("/account/orders")).cookie).toBe("account=2; everywhere=1; strict=5; lax=6; later=7");
    // From the other site: a link carries Lax cookies but not Strict ones; a POST carries neither.
    // (Cookies are kept per host: these are the ones 127.0.0.1 set, sent back to it from localhost's page.)
    await browser.setCookie("other=1; Path=/");
    const elsewhere = htmlBrowser(otherSite);
    await elsewhere.jar.setCookie("strict=5; Path=/; SameSite=Strict", otherSite);
    await elsewhere.jar.setCookie("lax=6; Path=/; SameSite=Lax", otherSite);
    await elsewhere.jar.setCookie("plain=7; Path=/", otherSite);
    const fromBase = await elsewhere.open(`${base}/set`);
    expect(received(await fromBase.follow("elsewhere")).cookie).toBe("lax=6; plain=7");
    expect(received(await fromBase.press("Post elsewhere")).cookie).toBe("plain=7");
    expect(set.status).toBe(200);
    // The server expires a cookie on a redirect: it is gone on the page after it.
    expect(received(await browser.open("/forget")).cookie).not.toContain("everywhere");
  });

  it("sends the page's origin with a POST and the page as referrer, and the phone's language", async () => {
    pages["/lang"] = page(`<form method="post" action="/echo"><button>Send</button></form><a href="echo#x">On</a><a href="#top">Top</a>`);
    const browser = htmlBrowser(base, { language: "hi" });
    const start = await browser.open("/lang");
    const sent = received(await start.press("Send"));
    expect(sent).toMatchObject({ origin: base, referer: `${base}/lang`, language: "hi-IN,hi;q=0.9,en;q=0.8" });
    expect(received(await start.follow("On")).url).toBe("/echo");
    expect(await start.follow("Top")).toBe(start);
    expect(start.lang).toBe("en");
  });

  it("reads a meta refresh and follows it", async () => {
    pages["/wait"] = page("<p>Paid? Checking.</p>", `<meta http-equiv="refresh" content="5; url=/echo?checked=1">`);
    const wait = await htmlBrowser(base).open("/wait");
    expect(wait.refresh).toEqual({ seconds: 5, url: new URL(`${base}/echo?checked=1`) });
    expect(received(await wait.followRefresh()).url).toBe("/echo?checked=1");
  });
});

describe("the JavaScript-off browser reads what a parent sees", () => {
  it("reads the shown text, line by line and cell by cell, without hidden parts, scripts or a closed details' body", async () => {
    pages["/read"] = page(`
      <h1>Your cart</h1>
      <p hidden>Secret</p><p style="display: none">Also secret</p>
      <script>var notText = 1;</script><template><p>Later</p></template>
      <noscript><p>Shown without JavaScript</p></noscript>
      <table><tr><td>Shirt</td><td>DPS</td><td>₹310</td></tr></table>
      <details><summary>More sizes</summary><p>Size 40</p></details>
      <div role="status">Added: Shirt (30) x 2</div><div role="alert"></div>
      <p>Total:<br><strong>₹620</strong></p>
      <span class="visually-hidden">Quantity</span>
      <input type="submit" value="Proceed"><input type="hidden" value="nope">`);
    const read = await htmlBrowser(base).open("/read");
    expect(read.lines()).toEqual(["Your cart", "Shown without JavaScript", "Shirt DPS ₹310", "More sizes", "Added: Shirt (30) x 2", "Total:", "₹620", "Quantity Proceed"]);
    expect(read.has("Secret")).toBe(false);
    expect(read.has("Size 40")).toBe(false);
    expect(read.headings()).toEqual(["Your cart"]);
    expect(read.alerts()).toEqual(["Added: Shirt (30) x 2"]);
    expect(read.text("table")).toBe("Shirt DPS ₹310");
    expect(read.title).toBe("t");
    // A click on the summary opens the details (and another closes it): what it held is then shown.
    expect(read.toggle("More sizes").has("Size 40")).toBe(true);
    expect(read.toggle("More sizes").has("Size 40")).toBe(false);
  });
});
