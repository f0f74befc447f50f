import { describe, expect, it } from "vitest";
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
