/**
 * The facts of the catalogue's bought-in items on the real store and Postgres (decision 142): set through
 * the one command handler with the admin as actor, in the read model once projected, nothing stored when
 * nothing changed, a refusal stores nothing, and a replay rebuilds the table that verify then finds equal.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestShop, type TestShop } from "../support/shop";
import { replay, verify } from "../../projectors/replay";
import { itemFactsProjector } from "../../projectors/item-facts";
import { projectors } from "../../projectors/index";
import { catalogueId } from "../../domain/catalogue";
import { isRuleViolation } from "../../domain/errors";
import { INDIA } from "../../domain/seller/disclosures";
import { NO_ITEM_FACTS, itemFactsStreamId } from "../../domain/seller/item-facts";
import type { Actor } from "../../domain/orders/events";

let shop: TestShop;
const asha: Actor = { kind: "admin", id: "a1", name: "Asha" };
const ravi: Actor = { kind: "admin", id: "a2", name: "Ravi" };
const shoe = catalogueId.kidsShoe("black-shoes-laces");
const bag = catalogueId.bag("classic-school-backpack");

beforeAll(async () => {
  shop = await openTestShop();
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

async function settled(position: unknown) {
  if (position) expect(await shop.waitForReadModels(position as Parameters<TestShop["waitForReadModels"]>[0])).toBe(true);
}

describe("the facts of the catalogue's bought-in items", () => {
  it("is a read model the replay and verify of the shop walk", () => {
    expect(projectors).toContain(itemFactsProjector);
  });

  it("starts with none set, stores what the admin set with who set it, and nothing when it is the same again", async () => {
    expect(await shop.itemFacts.of(shoe)).toEqual(NO_ITEM_FACTS);
    const set = await shop.itemFacts.set(shoe, { countryOfOrigin: "india", maker: "Bata India Ltd, Kolkata 700017", netQuantity: "1 pair" }, asha);
    expect(set.changed).toBe(true);
    await settled(set.position);
    expect(await shop.itemFacts.of(shoe)).toEqual({ countryOfOrigin: INDIA, maker: "Bata India Ltd, Kolkata 700017", netQuantity: "1 pair" });
    const onFile = await shop.itemFacts.onFile([shoe, bag]);
    expect(onFile.get(shoe)?.changed?.by).toBe("Asha");
    expect(onFile.has(bag)).toBe(false);
    expect((await shop.itemFacts.set(shoe, { countryOfOrigin: "India", maker: "Bata India Ltd,  Kolkata 700017", netQuantity: "1 pair" }, ravi)).changed).toBe(false);

    // The stream keeps every change with its actor.
    const events = await shop.store.readStream(itemFactsStreamId(shoe));
    expect(events.map((event) => [event.type, (event.data as { actor: Actor }).actor.name])).toEqual([["ItemFactsSet", "Asha"]]);
  });

  it("refuses an item that is not bought in, or a fact too long, and stores nothing", async () => {
    const notBoughtIn = await shop.itemFacts.set(catalogueId.schoolItem("dps", "shirt"), { ...NO_ITEM_FACTS, maker: "Someone" }, asha).catch((err) => err);
    expect(isRuleViolation(notBoughtIn) && [notBoughtIn.key, notBoughtIn.status]).toEqual(["itemFacts.notAnItem", 404]);
    const tooLong = await shop.itemFacts.set(bag, { ...NO_ITEM_FACTS, maker: "x".repeat(301) }, asha).catch((err) => err);
    expect(isRuleViolation(tooLong) && tooLong.key).toBe("itemFacts.makerTooLong");
    expect(await shop.itemFacts.of(bag)).toEqual(NO_ITEM_FACTS);
  });

  it("is rebuilt the same by a replay, and verify finds no difference", async () => {
    await shop.itemFacts.set(bag, { countryOfOrigin: "Viet Nam", maker: "Skybags, VIP Industries, Mumbai 400093", netQuantity: null }, ravi);
    const last = await shop.itemFacts.set(shoe, { ...NO_ITEM_FACTS, maker: "Liberty Shoes, Karnal 132001" }, ravi);
    await settled(last.position);

    expect(await verify(shop.db, shop.store, [itemFactsProjector])).toEqual([]);
    // A row that no longer follows from the events is found, and the replay puts it right.
    await shop.db.updateTable("item_facts").set({ maker: "Somebody else" }).where("item_id", "=", shoe).execute();
    expect(await verify(shop.db, shop.store, [itemFactsProjector])).not.toEqual([]);
    await replay(shop.db, shop.store, [itemFactsProjector]);
    expect(await verify(shop.db, shop.store, [itemFactsProjector])).toEqual([]);
    expect(await shop.itemFacts.of(shoe)).toEqual({ countryOfOrigin: null, maker: "Liberty Shoes, Karnal 132001", netQuantity: null });
    expect(await shop.itemFacts.of(bag)).toEqual({ countryOfOrigin: "Viet Nam", maker: "Skybags, VIP Industries, Mumbai 400093", netQuantity: null });
    expect((await shop.itemFacts.onFile([shoe])).get(shoe)?.changed?.by).toBe("Ravi");
  });
});
