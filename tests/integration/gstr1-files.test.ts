// The month's GSTR-1 files from the shop's own documents (domain/tax/gstr1.ts, decision 205): orders shipped to Churu
// and Delhi, one sent back and one refunded in part, projected from their events; the files' figures are the month's
// summary's (the same documents), the HSN table counts the goods still out and never the delivery, and a replay
// builds the same read model that the files come from.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { Database } from "../../db/connection";
import type { SellerSettings } from "../../domain/tax/seller";
import { PostgresEventStore } from "../../eventstore/postgres";
import { createCartService } from "../../services/cart";
import { createCatalogueService } from "../../services/catalogue";
import { createLinePricer } from "../../services/line-prices";
import { createOrderService } from "../../services/orders";
import { createStockService } from "../../services/stock";
import { createTestDatabase } from "../support/database";
import { replay, verify } from "../../projectors/replay";
import { taxProjector } from "../../projectors/tax";
import { createTaxSummary } from "../../services/tax-summary";
import { indianDay } from "../../domain/orders/charges";
import { handlerOnly } from "../../eventstore/command-handler";

const seller: SellerSettings = {
  legalName: "Churu Uniform House",
  address: "Station Road, Churu, Rajasthan 331001",
  gstin: "08AAPFU0939F1ZV",
  stateCode: "08",
  scheme: "regular",
  invoicePrefix: "CUG",
  grievanceOfficer: { name: "Asha", phone: "+91 98765 43210" },
};
const admin = { kind: "admin" as const, id: "admin-1", name: "Asha" };
const services = inject("services");

describe.skipIf(!services.postgresUrl)("GSTR-1 files from the month's documents", () => {
  let database: Database;
  let store: PostgresEventStore;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore(database);
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await database?.close();
  });

  function orders() {
    const catalogue = createCatalogueService(database.db);
    const priceLine = createLinePricer((id) => catalogue.productForCart(id));
    const cart = createCartService({ store: handlerOnly(store), priceLine });
    const visible = async () => true;
    const stock = createStockService({ db: database.db, store: handlerOnly(store), waitUntilVisible: visible });
    return createOrderService({ db: database.db, store: handlerOnly(store), priceLine, cart, stock, waitUntilVisible: visible, atomic: true, tax: { seller, rates: {} } });
  }

  const MIXED = [
    { productId: "school/dps/shirt", size: "30", quantity: 2 },
    { productId: "stationery/geometric-box-set", quantity: 1 },
    { productId: "stationery/premium-school-notebook", quantity: 3 },
  ];

  async function place(city: string, pincode: string, items = MIXED) {
    const phone = `98${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    return orders().placeOrder({
      scope: `guest:${phone}`,
      idempotencyKey: randomUUID(),
      items,
      customer: { kind: "guest", name: "Ravi Kumar", phone },
      address: { name: "Ravi Kumar", phone, address: "12 Station Road", city, pincode },
    });
  }

  it("b2cs, exemp, hsn(b2c) and docs equal the month's documents; goods sent back leave the HSN count", async () => {
    const service = orders();
    const churu = await place("Churu", "331001");
    const delhi = await place("Delhi", "110001");
    await service.changeStatus(churu.orderId, "shipped", admin);
    await service.changeStatus(delhi.orderId, "shipped", admin);
    // Delhi's parcel comes back (its invoice reversed in full) and goes again: a new invoice.
    await service.changeStatus(delhi.orderId, "processing", admin);
    await service.changeStatus(delhi.orderId, "shipped", admin);
    // Notebooks alone: a bill of supply (rule 49), numbered in the invoices' series and counted with them in table 13.
    const books = await place("Churu", "331001", [{ productId: "stationery/premium-school-notebook", quantity: 2 }]);
    await service.changeStatus(books.orderId, "shipped", admin);
    expect((await service.taxDocuments(books.orderId))?.invoices[0].kind).toBe("nil-bill-of-supply");
    await replay(database.db, store, [taxProjector]);
    expect(await verify(database.db, store, [taxProjector])).toEqual([]);

    const month = indianDay(new Date()).slice(0, 7);
    const taxSummary = createTaxSummary(database.db);
    const summary = await taxSummary.month(month);
    const files = await taxSummary.gstr1(month);
    const rows = (name: keyof typeof files) => files[name].trimEnd().split("\r\n").slice(1).map((r) => r.split(","));
    const paisa = (text: string) => Math.round(Number(text) * 100);

    expect(files["b2cs.csv"].split("\r\n")[0]).toBe("Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN");
    const places = new Set(rows("b2cs.csv").map((r) => r[1]));
    expect(places).toEqual(new Set(["08-Rajasthan", "07-Delhi"]));
    const b2cs = rows("b2cs.csv").reduce((s, r) => s + paisa(r[4]), 0);
    const nil = rows("exemp.csv").reduce((s, r) => s + paisa(r[1]), 0);
    expect(b2cs + nil).toBe(summary.totals.net.taxable);
    const netNil = summary.net.filter((r) => r.rate === 0).reduce((s, r) => s + r.taxable, 0);
    expect(nil).toBe(netNil);
    // Two orders out: 2 shirts, 1 geometry box, 3 notebooks each (the first Delhi parcel came back), and 2 notebooks.
    const quantity = (hsn: string) => rows("hsn(b2c).csv").filter((r) => r[0] === hsn && r[2] !== "NA").reduce((s, r) => s + Number(r[3]), 0);
    expect(quantity("4820")).toBe(8);
    expect(rows("hsn(b2c).csv").filter((r) => r[2] === "NA").every((r) => r[3] === "0")).toBe(true);
    expect(rows("hsn(b2c).csv").reduce((s, r) => s + paisa(r[4]), 0)).toBe(summary.totals.net.value);
    // Delhi's ₹100 delivery is shared over the goods' rates (5% and nil) under its own code, never a goods HSN
    // (decision 203): the summary's HSN table and the file say the same, with no pieces.
    const delivery = rows("hsn(b2c).csv").filter((r) => r[0] === "9968");
    expect(delivery.map((r) => [r[2], r[3], r[5]])).toEqual([["NA", "0", "0"], ["NA", "0", "5"]]);
    expect(delivery.reduce((s, r) => s + paisa(r[4]), 0)).toBe(10_000);
    expect(summary.hsn.filter((r) => r.hsn === "9968").map((r) => [r.rate, r.value, r.quantity])).toEqual(delivery.map((r) => [Number(r[5]), paisa(r[4]), 0]));
    expect(summary.hsn.find((r) => r.hsn === "6205")?.quantity).toBe(4);
    expect(rows("docs.csv")).toEqual([
      ["Invoices for outward supply", expect.stringMatching(/^CUG\/\d{4}\/000001$/), expect.stringMatching(/^CUG\/\d{4}\/000004$/), "4", "0"],
      ["Credit Note", expect.stringMatching(/^CUG\/C\d{4}\/000001$/), expect.stringMatching(/^CUG\/C\d{4}\/000001$/), "1", "0"],
    ]);
  }, 120_000);
});
