import { describe, expect, it } from "vitest";
import { clockText } from "../../domain/contact";
import { ConfigError, readConfig } from "../../server/config";

const trustProxy = (value?: string) => readConfig({ TRUST_PROXY: value }).trustProxy;
const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (err) {
    return err;
  }
  throw new Error("expected a ConfigError");
};

describe("TRUST_PROXY", () => {
  it("trusts no proxy when unset: the socket's address is the client's", () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy("  ")).toBe(false);
    expect(trustProxy("0")).toBe(false);
  });

  it("takes a number of proxy hops, or proxies' addresses, CIDR ranges and Express's names", () => {
    expect(trustProxy("1")).toBe(1);
    expect(trustProxy("127.0.0.1, 10.0.0.0/8,::1,fd00::/8")).toEqual(["127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8"]);
    expect(trustProxy("loopback,uniquelocal")).toEqual(["loopback", "uniquelocal"]);
  });

  it.each(["true", "*", "proxy.internal", "10.0.0.0/33", "::1/129", "10.0.0/8", "1.2.3.4/8/8", "11", "127.0.0.1,"])(
    "stops start-up with one line naming the setting for %j",
    (value) => {
      const err = refusal(() => trustProxy(value));
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toMatch(/^TRUST_PROXY/);
      expect((err as Error).message).not.toContain("\n");
    },
  );
});

describe("LOG_LEVEL", () => {
  it("is info by default and takes pino's level names", () => {
    expect(readConfig({}).logLevel).toBe("info");
    expect(readConfig({ LOG_LEVEL: "WARN" }).logLevel).toBe("warn");
    expect(readConfig({ LOG_LEVEL: "silent" }).logLevel).toBe("silent");
  });

  it("refuses an unknown level", () => {
    expect(() => readConfig({ LOG_LEVEL: "verbose" })).toThrow(ConfigError);
  });
});

/** A refusal that stops start-up: a ConfigError of one line starting with the setting's name. */
function expectRefusalNaming(name: string, env: Record<string, string>) {
  const err = refusal(() => readConfig(env));
  expect(err).toBeInstanceOf(ConfigError);
  expect((err as Error).message.startsWith(name), (err as Error).message).toBe(true);
  expect((err as Error).message).not.toContain("\n");
}

describe("SHOP_UPI_ID and SHOP_UPI_NAME", () => {
  it("leaves UPI off when SHOP_UPI_ID is unset or blank", () => {
    expect(readConfig({}).upi).toBeUndefined();
    expect(readConfig({ SHOP_UPI_ID: "  ", SHOP_UPI_NAME: "Anything" }).upi).toBeUndefined();
  });

  it("names the payee after the shop unless SHOP_UPI_NAME says otherwise", () => {
    expect(readConfig({ SHOP_UPI_ID: "churuuniform@sbi" }).upi).toEqual({ vpa: "churuuniform@sbi", name: "Churu Uniform House" });
    expect(readConfig({ SHOP_UPI_ID: " churuuniform@sbi ", SHOP_NAME: "Sharma Dress House" }).upi).toEqual({
      vpa: "churuuniform@sbi",
      name: "Sharma Dress House",
    });
    expect(readConfig({ SHOP_UPI_ID: "shop.name-1@okaxis", SHOP_NAME: "Sharma Dress House", SHOP_UPI_NAME: "R K Sharma" }).upi).toEqual({
      vpa: "shop.name-1@okaxis",
      name: "R K Sharma",
    });
  });

  it.each(["churuuniform", "churuuniform@", "@sbi", "churu uniform@sbi", "https://pay.example/churu"])(
    "stops start-up with one line naming SHOP_UPI_ID for %j",
    (value) => expectRefusalNaming("SHOP_UPI_ID", { SHOP_UPI_ID: value }),
  );

  it("refuses a payee name UPI apps could not show", () => {
    expectRefusalNaming("SHOP_UPI_NAME", { SHOP_UPI_ID: "churuuniform@sbi", SHOP_UPI_NAME: "x".repeat(51) });
  });
});

describe("the offer and delivery settings", () => {
  it("runs 10% off and free delivery in Churu district, ₹100 elsewhere, by default", () => {
    const { charges } = readConfig({});
    expect(charges.discount).toEqual({ on: true, percent: 10, minimum: 0 });
    expect(charges.delivery.outsideCharge).toBe(100);
    expect(charges.delivery.freeArea.length).toBeGreaterThan(0);
  });

  it("turns the offer off, and on with its percent, minimum and days", () => {
    expect(readConfig({ SHOP_OFFER: "off" }).charges.discount.on).toBe(false);
    expect(readConfig({ SHOP_OFFER: "OFF" }).charges.discount.on).toBe(false);
    expect(
      readConfig({ SHOP_OFFER_PERCENT: "15", SHOP_OFFER_MINIMUM: "1000", SHOP_OFFER_FROM: "2026-06-01", SHOP_OFFER_UNTIL: "2026-07-15" }).charges
        .discount,
    ).toEqual({ on: true, percent: 15, minimum: 1000, from: "2026-06-01", until: "2026-07-15" });
    expect(readConfig({ SHOP_OFFER_FROM: "2026-07-01", SHOP_OFFER_UNTIL: "2026-07-01" }).charges.discount).toMatchObject({
      from: "2026-07-01",
      until: "2026-07-01",
    });
  });

  it("takes a comma list of pincodes and their first digits, a charge, or none to refuse other addresses", () => {
    const { delivery } = readConfig({ SHOP_DELIVERY_PINCODES: "331, 332001", SHOP_DELIVERY_CHARGE: "60" }).charges;
    expect(delivery).toEqual({ freeArea: ["331", "332001"], outsideCharge: 60 });
    expect(readConfig({ SHOP_DELIVERY_CHARGE: "none" }).charges.delivery.outsideCharge).toBeNull();
    expect(readConfig({ SHOP_DELIVERY_CHARGE: " None " }).charges.delivery.outsideCharge).toBeNull();
    expect(readConfig({ SHOP_DELIVERY_CHARGE: "0" }).charges.delivery.outsideCharge).toBe(0);
  });

  it.each<[string, Record<string, string>]>([
    ["SHOP_OFFER", { SHOP_OFFER: "yes" }],
    ["SHOP_OFFER_PERCENT", { SHOP_OFFER_PERCENT: "0" }],
    ["SHOP_OFFER_PERCENT", { SHOP_OFFER_PERCENT: "91" }],
    ["SHOP_OFFER_PERCENT", { SHOP_OFFER_PERCENT: "12.5" }],
    ["SHOP_OFFER_MINIMUM", { SHOP_OFFER_MINIMUM: "-1" }],
    ["SHOP_OFFER_FROM", { SHOP_OFFER_FROM: "2026-02-30" }],
    ["SHOP_OFFER_FROM", { SHOP_OFFER_FROM: "1 June 2026" }],
    ["SHOP_OFFER_UNTIL", { SHOP_OFFER_UNTIL: "2026-13-01" }],
    ["SHOP_OFFER_FROM", { SHOP_OFFER_FROM: "2026-07-16", SHOP_OFFER_UNTIL: "2026-07-15" }],
    ["SHOP_DELIVERY_PINCODES", { SHOP_DELIVERY_PINCODES: "331,Churu" }],
    ["SHOP_DELIVERY_PINCODES", { SHOP_DELIVERY_PINCODES: "331,,332001" }],
    ["SHOP_DELIVERY_PINCODES", { SHOP_DELIVERY_PINCODES: "3310011" }],
    ["SHOP_DELIVERY_CHARGE", { SHOP_DELIVERY_CHARGE: "free" }],
    ["SHOP_DELIVERY_CHARGE", { SHOP_DELIVERY_CHARGE: "10001" }],
  ])("stops start-up with one line naming %s for %j", (name, env) => expectRefusalNaming(name, env));
});

describe("PAYMENT_REMINDER_MINUTES", () => {
  it("reminds after 6 hours by default, and after the minutes it says", () => {
    expect(readConfig({}).paymentReminderMs).toBe(21_600_000);
    expect(readConfig({ PAYMENT_REMINDER_MINUTES: "90" }).paymentReminderMs).toBe(90 * 60_000);
  });

  it.each(["0", "soon", String(7 * 24 * 60 + 1)])("refuses %j", (value) => {
    expectRefusalNaming("PAYMENT_REMINDER_MINUTES", { PAYMENT_REMINDER_MINUTES: value });
  });
});

describe("the sign-in text budget (SMS_BUDGET_PER_HOUR, SMS_BUDGET_PER_DAY)", () => {
  it("is 60 an hour and 300 a day by default, and what the settings say", () => {
    expect(readConfig({}).signInSms).toEqual({ perHour: 60, perDay: 300 });
    expect(readConfig({ SMS_BUDGET_PER_HOUR: "20", SMS_BUDGET_PER_DAY: "100" }).signInSms).toEqual({ perHour: 20, perDay: 100 });
  });

  it("stops start-up with one line for a budget that is not a whole number, or an hour above the day", () => {
    expectRefusalNaming("SMS_BUDGET_PER_HOUR", { SMS_BUDGET_PER_HOUR: "lots" });
    expectRefusalNaming("SMS_BUDGET_PER_HOUR", { SMS_BUDGET_PER_HOUR: "0" });
    expectRefusalNaming("SMS_BUDGET_PER_DAY", { SMS_BUDGET_PER_DAY: "2.5" });
    expectRefusalNaming("SMS_BUDGET_PER_HOUR", { SMS_BUDGET_PER_HOUR: "500", SMS_BUDGET_PER_DAY: "100" });
  });
});

describe("the web server's limits on slow clients (HTTP_*)", () => {
  it("has timeouts and per-address caps by default", () => {
    expect(readConfig({}).http).toEqual({
      headersSeconds: 10,
      requestSeconds: 30,
      keepAliveSeconds: 65,
      maxConnectionsPerAddress: 100,
      maxIdlePerAddress: 20,
    });
  });

  it("stops start-up with one line for a malformed limit, a head slower than its request, or more idle than open", () => {
    expectRefusalNaming("HTTP_HEADERS_TIMEOUT_SECONDS", { HTTP_HEADERS_TIMEOUT_SECONDS: "0" });
    expectRefusalNaming("HTTP_REQUEST_TIMEOUT_SECONDS", { HTTP_REQUEST_TIMEOUT_SECONDS: "forever" });
    expectRefusalNaming("HTTP_KEEP_ALIVE_SECONDS", { HTTP_KEEP_ALIVE_SECONDS: "-1" });
    expectRefusalNaming("HTTP_MAX_CONNECTIONS_PER_ADDRESS", { HTTP_MAX_CONNECTIONS_PER_ADDRESS: "0" });
    expectRefusalNaming("HTTP_HEADERS_TIMEOUT_SECONDS", { HTTP_HEADERS_TIMEOUT_SECONDS: "60", HTTP_REQUEST_TIMEOUT_SECONDS: "30" });
    expectRefusalNaming("HTTP_MAX_IDLE_PER_ADDRESS", { HTTP_MAX_IDLE_PER_ADDRESS: "50", HTTP_MAX_CONNECTIONS_PER_ADDRESS: "10" });
  });
});

describe("the shop's opening hours (SHOP_HOURS, SHOP_CLOSED_ON)", () => {
  it("are read as 24-hour times with the closed weekdays, and shown the way Indian shops write them", () => {
    expect(readConfig({ SHOP_HOURS: "9:30-20:00", SHOP_CLOSED_ON: "Sunday, tuesday" }).contact.hours).toEqual({
      opens: "09:30",
      closes: "20:00",
      closedOn: ["tuesday", "sunday"],
    });
    expect(readConfig({}).contact.hours).toBeUndefined();
    expect([clockText("09:30"), clockText("12:00"), clockText("20:30"), clockText("00:15")]).toEqual(["9:30 am", "12:00 pm", "8:30 pm", "12:15 am"]);
  });

  it("stop start-up with one line naming what is wrong", () => {
    expect(() => readConfig({ SHOP_HOURS: "10 to 8" })).toThrow(new ConfigError('SHOP_HOURS must be the opening and closing time as 10:00-20:00 (24-hour), got "10 to 8"'));
    expect(() => readConfig({ SHOP_HOURS: "20:00-10:00" })).toThrow(new ConfigError('SHOP_HOURS must close after it opens, got "20:00-10:00"'));
    expect(() => readConfig({ SHOP_HOURS: "10:00-20:00", SHOP_CLOSED_ON: "ravivar" })).toThrow(
      new ConfigError('SHOP_CLOSED_ON must name weekdays in English (monday, tuesday, wednesday, thursday, friday, saturday, sunday), got "ravivar"'),
    );
  });
});

describe("BACKUP_SIGNING_KEY (decision 168)", () => {
  it("is a secret of 32 characters or more, and without it the backups are not written where the key file lives", () => {
    expect(readConfig({ BACKUP_SIGNING_KEY: "k".repeat(32) }).backup.signingKey).toBe("k".repeat(32));
    expect(readConfig({}).backup.signingKey).toBeUndefined();
    expect(() => readConfig({ BACKUP_SIGNING_KEY: "short" })).toThrow(/BACKUP_SIGNING_KEY must be at least 32 characters/);
    expect(() => readConfig({ SHOP_DATA_DIR: "/srv/shop", BACKUP_DIR: "/srv/shop" })).toThrow(/BACKUP_DIR is the data folder itself/);
    expect(readConfig({ SHOP_DATA_DIR: "/srv/shop", BACKUP_DIR: "/srv/shop", BACKUP_SIGNING_KEY: "k".repeat(40) }).backup.dir).toBe("/srv/shop");
  });
});
