// Each invoice number used exactly once (CGST Rules rule 46(b), decision 126): 50 orders shipped at once by three
// order services on one database (three web processes, each with its own turns) get the numbers 1..50 of the
// year's series, no gap and no repeat, on the Postgres server and on PGlite; and where streams are appended one by
// one (a store without an atomic multi-stream append) as well.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { connectPGlite, type Database } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import { orderEvents, orderStreamId } from "../../domain/orders/events";
import { foldOrder } from "../../domain/orders/order";
import { financialYear } from "../../domain/tax/series";
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
import { handlerOnly } from "../../eventstore/command-handler";

const seller: SellerSettings = {
  legalName: "Churu Uniform House",
  address: "Station Road, Churu, Rajasthan 331001",
  gstin: "08AAPFU0939F1ZV",
  stateCode: "08",
  scheme: "regular",
  invoicePrefix: "CUH",
  grievanceOfficer: { name: "Asha", phone: "+91 98765 43210" },
};
const admin = { kind: "admin" as const, id: "admin-1", name: "Asha" };

function orderService(database: Database, store: PostgresEventStore, atomic: boolean) {
  const catalogue = createCatalogueService(database.db);
  const priceLine = createLinePricer((id) => catalogue.productForCart(id));
  const cart = createCartService({ store: handlerOnly(store), priceLine });
  const visible = async () => true;
  const stock = createStockService({ db: database.db, store: handlerOnly(store), waitUntilVisible: visible });
  return createOrderService({ db: database.db, store: handlerOnly(store), priceLine, cart, stock, waitUntilVisible: visible, atomic, tax: { seller, rates: {} } });
}

const services = inject("services");

const subjects: { name: string; open: () => Promise<Database>; skip?: string }[] = [
  { name: "Postgres server", open: () => createTestDatabase(), skip: services.postgresUrl ? undefined : "no Postgres server reachable" },
  {
    name: "PGlite (embedded)",
    open: async () => {
      const database = await connectPGlite();
      await migrateToLatest(database.db);
      return database;
    },
  },
];

for (const subject of subjects) {
  describe.skipIf(subject.skip)(`invoice numbers on ${subject.name}`, () => {
    let database: Database;
    let store: PostgresEventStore;
    beforeAll(async () => {
      database = await subject.open();
      store = new PostgresEventStore(database);
    }, 60_000);
    afterAll(async () => {
      await store?.close();
      await database?.close();
    });

    async function placeMany(count: number, atomic: boolean) {
      const orders = orderService(database, store, atomic);
      const ids: string[] = [];
      for (let i = 0; i < count; i += 1) {
        const phone = `98${String(10_000_000 + i).slice(-8)}`;
        const placed = await orders.placeOrder({
          scope: `guest:${phone}`,
          idempotencyKey: randomUUID(),
          items: [{ productId: "stationery/geometric-box-set", quantity: 1 }],
          customer: { kind: "guest", name: "Ravi Kumar", phone },
          address: { name: "Ravi Kumar", phone, address: "12 Station Road", city: "Churu", pincode: "331001" },
        });
        ids.push(placed.orderId);
      }
      return ids;
    }

    async function invoiceNumbers(ids: readonly string[]) {
      const numbers: string[] = [];
      for (const id of ids) {
        const state = foldOrder(orderEvents.readAll(await store.readStream(orderStreamId(id))));
        if (!state.exists || !state.tax.invoices[0]) throw new Error(`order ${id} has no invoice`);
        numbers.push(state.tax.invoices[0].number);
      }
      return numbers;
    }

    for (const atomic of [true, false]) {
      it(`ships 50 orders at once through three order services (as three web processes would): numbers 1..50 once each (${atomic ? "one append" : "streams one by one"})`, async () => {
        const prefix = atomic ? "CUH" : "CUX";
        seller.invoicePrefix = prefix;
        const ids = await placeMany(50, atomic);
        const processes = [orderService(database, store, atomic), orderService(database, store, atomic), orderService(database, store, atomic)];
        await Promise.all(ids.map((id, i) => processes[i % 3].changeStatus(id, "shipped", admin)));
        const numbers = await invoiceNumbers(ids);
        const fy = financialYear(new Date());
        const expected = Array.from({ length: 50 }, (_, i) => `${prefix}/${fy}/${String(i + 1).padStart(6, "0")}`);
        expect([...numbers].sort()).toEqual(expected);
        for (const number of numbers) expect(number.length).toBeLessThanOrEqual(16);
        // Shipped again (delivered): no second invoice, no number taken.
        await processes[0].changeStatus(ids[0], "delivered", admin);
        const series = await store.readStream(`tax-series-${prefix}-${fy}`);
        expect(series.filter((e) => e.type === "DocumentNumberTaken")).toHaveLength(50);
        expect(series.filter((e) => e.type === "DocumentNumberVoided")).toHaveLength(0);
      }, 180_000);
    }

    it("a parcel that came back and is sent again gets a new invoice; the first is reversed by a credit note (decision 160)", async () => {
      seller.invoicePrefix = "CUR";
      const orders = orderService(database, store, true);
      const [id] = await placeMany(1, true);
      for (const to of ["shipped", "processing", "shipped", "delivered"]) await orders.changeStatus(id, to, admin);
      const docs = await orders.taxDocuments(id);
      const fy = financialYear(new Date());
      expect(docs?.invoices.map((i) => i.number)).toEqual([`CUR/${fy}/000001`, `CUR/${fy}/000002`]);
      expect(docs?.creditNotes.map((n) => [n.invoiceNumber, n.reason, n.totals.value])).toEqual([[`CUR/${fy}/000001`, "return", docs!.invoices[0].totals.value]]);
      // Delivered goods come back only as a return; marked delivered by mistake, the parcel can still come back and the order end.
      await expect(orders.changeStatus(id, "cancelled", admin)).rejects.toMatchObject({ key: "lifecycle.deliveredStays" });
      await orders.changeStatus(id, "shipped", admin);
      await orders.changeStatus(id, "cancelled", admin);
      const after = await orders.taxDocuments(id);
      expect(after?.creditNotes.map((n) => [n.invoiceNumber, n.reason])).toEqual([
        [`CUR/${fy}/000001`, "return"],
        [`CUR/${fy}/000002`, "cancellation"],
      ]);
    }, 120_000);

    it("`shop replay` rebuilds the tax documents from the events and `shop verify` finds them the same", async () => {
      await replay(database.db, store, [taxProjector]);
      expect(await verify(database.db, store, [taxProjector])).toEqual([]);
      const summary = await createTaxSummary(database.db).month(new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7));
      expect(summary.documents.map((d) => [d.series, d.count, d.first, d.last]).sort()).toEqual(
        [
          [`CUH/${financialYear(new Date())}`, 50, 1, 50],
          [`CUR/${financialYear(new Date())}`, 2, 1, 2],
          [`CUR/C${financialYear(new Date())}`, 2, 1, 2],
          [`CUX/${financialYear(new Date())}`, 50, 1, 50],
        ].sort(),
      );
    }, 120_000);
  });
}
