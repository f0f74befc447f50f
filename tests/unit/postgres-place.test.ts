import { describe, expect, it } from "vitest";
import { postgresPlace } from "../../db/place";

describe("where the shop says its Postgres is", () => {
  it("names the Unix socket and its port when the URL's query gives a socket folder, as docs/configuration.md recommends", () => {
    expect(postgresPlace("postgres://shop@localhost/shop?host=/var/run/postgresql&port=5498")).toBe(
      "the Unix socket /var/run/postgresql/.s.PGSQL.5498/shop",
    );
    expect(postgresPlace("postgres://shop@localhost/shop?host=%2Fvar%2Frun%2Fpostgresql")).toBe(
      "the Unix socket /var/run/postgresql/.s.PGSQL.5432/shop",
    );
  });

  it("names the host and port over TCP, the query's port winning as it does for pg", () => {
    expect(postgresPlace("postgres://127.0.0.1:1/shop")).toBe("127.0.0.1:1/shop");
    expect(postgresPlace("postgres://db.example.in/shop")).toBe("db.example.in:5432/shop");
    expect(postgresPlace("postgres://db.example.in/shop?port=6432")).toBe("db.example.in:6432/shop");
  });

  it("never shows the password", () => {
    expect(postgresPlace("postgres://shop:s3cret@db.example.in:5433/shop?sslmode=require")).not.toContain("s3cret");
  });
});
