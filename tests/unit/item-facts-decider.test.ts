/**
 * The facts of the catalogue's bought-in items (decision 142): which items they are, the decider's rules
 * (limits, blanks, India spelled one way, nothing stored when nothing changed, only bought-in items), the
 * admin form's limits and their Hindi, and what a product page is given to show.
 */
import { describe, expect, it } from "vitest";
import { hasRefusal, refusalIn } from "../../app/i18n/i18n.server";
import { catalogueId } from "../../domain/catalogue";
import { ITEM_FACTS_FORM_MESSAGES, itemFactsForm } from "../../domain/forms/item-facts";
import { COUNTRY_MAX, INDIA, MAKER_MAX, NET_QUANTITY_MAX } from "../../domain/seller/disclosures";
import {
  BOUGHT_IN_KINDS,
  NO_ITEM_FACTS,
  boughtInFacts,
  boughtInItems,
  findBoughtInItem,
  hasAnyFact,
  itemFactsDecider,
  itemFactsEvents,
  itemFactsStreamId,
  type ItemFactValues,
  type ItemFactsCommand,
  type ItemFactsEvent,
} from "../../domain/seller/item-facts";
import { KIDS_SHOE_STYLES, BAGS, BOTTLES, REGULAR_SHOES, STATIONERY } from "../../domain/accessories";
import { readEvent } from "../../domain/events/index";
import { spec } from "../support/decider-spec";
import { inEnglish } from "../support/refusal";

const actor = { kind: "admin" as const, id: "a1", name: "Asha" };
const at = "2026-11-26T10:00:00.000Z";
const shoe = catalogueId.kidsShoe("black-shoes-laces");
const set = (facts: Partial<ItemFactValues>, item = shoe): ItemFactsCommand => ({ type: "SetItemFacts", item, facts: { ...NO_ITEM_FACTS, ...facts }, actor, at });
const facts = spec(itemFactsDecider);
/** What the item's stream holds once the owner set these facts. */
const factsSet = (values: Partial<ItemFactValues>): ItemFactsEvent => ({ type: "ItemFactsSet", data: { item: shoe, ...NO_ITEM_FACTS, ...values, actor, at } });
const decide = (command: ItemFactsCommand) => facts.given().when(command).events();

describe("the catalogue's bought-in items", () => {
  it("are every kids' shoe style (all its sizes one item) and every shoe, stationery, bottle and bag, shelf by shelf", () => {
    const items = boughtInItems();
    expect(items).toHaveLength(KIDS_SHOE_STYLES.length + REGULAR_SHOES.length + STATIONERY.length + BOTTLES.length + BAGS.length);
    expect([...new Set(items.map((item) => item.kind))]).toEqual([...BOUGHT_IN_KINDS]);
    expect(findBoughtInItem(shoe)?.sizes.length).toBeGreaterThan(1);
    expect(findBoughtInItem(catalogueId.bag("classic-school-backpack"))?.name).toBe("Classic School Backpack");
  });

  it("are not the shop's own uniforms, nor products of its table", () => {
    expect(findBoughtInItem(catalogueId.schoolItem("dps", "shirt"))).toBeUndefined();
    expect(findBoughtInItem(catalogueId.whiteProduct("shirt"))).toBeUndefined();
    expect(findBoughtInItem("product/12")).toBeUndefined();
  });
});

describe("the item facts decider", () => {
  it("stores what the owner set, tidied, with who and when; and nothing when it is the same again", () => {
    const stored = factsSet({ countryOfOrigin: INDIA, maker: "Bata India Ltd, Kolkata 700017", netQuantity: "1 pair" });
    facts.given().when(set({ countryOfOrigin: " India ", maker: "  Bata India Ltd,\n Kolkata   700017 ", netQuantity: "1 pair" })).then([stored]);
    expect(facts.given(stored).state().facts).toEqual({ countryOfOrigin: INDIA, maker: "Bata India Ltd, Kolkata 700017", netQuantity: "1 pair" });
    facts.given(stored).when(set({ countryOfOrigin: "india", maker: "Bata India Ltd, Kolkata 700017", netQuantity: "1 pair" })).thenNothing();
  });

  it("keeps India one way however it is typed, so each page words it in its language; other countries as typed", () => {
    for (const typed of ["INDIA", "Bharat", "भारत"]) expect(decide(set({ countryOfOrigin: typed }))[0].data.countryOfOrigin).toBe(INDIA);
    expect(decide(set({ countryOfOrigin: "Viet Nam" }))[0].data.countryOfOrigin).toBe("Viet Nam");
  });

  it("takes a blank fact as not set, and a change back to nothing set as a change", () => {
    facts.given().when(set({ countryOfOrigin: "  ", maker: "", netQuantity: null })).thenNothing();
    facts.given(factsSet({ countryOfOrigin: INDIA, maker: "Bata, Kolkata" })).when(set({ maker: " " })).then([factsSet({})]);
  });

  it("refuses a fact over its limit, in words", () => {
    expect(inEnglish(facts.given().when(set({ countryOfOrigin: "x".repeat(COUNTRY_MAX + 1) })).refused())).toEqual({
      message: `The country of origin can be at most ${COUNTRY_MAX} characters.`,
      status: 422,
    });
    expect(inEnglish(facts.given().when(set({ maker: "x".repeat(MAKER_MAX + 1) })).refused())).toEqual({
      message: `The maker or packer can be at most ${MAKER_MAX} characters.`,
      status: 422,
    });
    expect(inEnglish(facts.given().when(set({ netQuantity: "x".repeat(NET_QUANTITY_MAX + 1) })).refused())).toEqual({
      message: `The net quantity can be at most ${NET_QUANTITY_MAX} characters.`,
      status: 422,
    });
    // At the limit is fine; spaces collapsed first.
    expect(decide(set({ maker: `${"x".repeat(MAKER_MAX - 2)}   y` }))[0].data.maker).toHaveLength(MAKER_MAX);
  });

  it("refuses an item that is not bought in: a uniform is the shop's own, a /shop product keeps its facts in its row", () => {
    for (const item of [catalogueId.schoolItem("dps", "shirt"), "product/12", "kids-shoes/no-such-style"]) {
      expect(inEnglish(facts.given().when(set({ maker: "Someone" }, item)).refused())).toEqual({ message: "There is no such item among the catalogue's bought-in goods.", status: 404 });
    }
  });

  it("writes one stream per item whose events every reader of the shop's streams can read", () => {
    const [event] = decide(set({ maker: "Bata, Kolkata" }));
    const stored = { streamId: itemFactsStreamId(shoe), revision: 0, position: "1", ...itemFactsEvents.toAppend(event, "e1") };
    expect(stored.streamId).toBe("itemFacts-kids-shoes/black-shoes-laces");
    expect(readEvent(stored).data).toEqual(event.data);
  });
});

describe("what the item's page is given", () => {
  it("shows what was set and nothing guessed: never the shop as maker, no country when none was set", () => {
    expect(boughtInFacts(NO_ITEM_FACTS)).toEqual({ countryOfOrigin: null, maker: null, netQuantity: null, madeByShop: false });
    expect(hasAnyFact(NO_ITEM_FACTS)).toBe(false);
    expect(hasAnyFact({ ...NO_ITEM_FACTS, netQuantity: "1 pair" })).toBe(true);
  });
});

describe("the admin's form of an item's facts", () => {
  const parse = (fields: Record<string, string>) => itemFactsForm.safeParse(fields);

  it("reads the item and its facts, a blank one as not set", () => {
    expect(parse({ item: shoe, country: " India ", maker: "Bata, Kolkata 700017", quantity: "" })).toMatchObject({
      success: true,
      data: { item: shoe, facts: { countryOfOrigin: "India", maker: "Bata, Kolkata 700017", netQuantity: null } },
    });
    expect(parse({ item: shoe })).toMatchObject({ success: true, data: { facts: NO_ITEM_FACTS } });
  });

  it("holds each fact to the disclosures' limit, with a message in English and Hindi", () => {
    const refused = parse({ item: shoe, country: "x".repeat(COUNTRY_MAX + 1), maker: "x".repeat(MAKER_MAX + 1), quantity: "x".repeat(NET_QUANTITY_MAX + 1) });
    expect(refused.success).toBe(false);
    const messages = refused.error!.issues.map((issue) => issue.message);
    expect(messages).toEqual([ITEM_FACTS_FORM_MESSAGES.countryTooLong, ITEM_FACTS_FORM_MESSAGES.makerTooLong, ITEM_FACTS_FORM_MESSAGES.netQuantityTooLong]);
    expect(parse({ item: "" }).success).toBe(false);
    for (const message of Object.values(ITEM_FACTS_FORM_MESSAGES)) {
      expect(hasRefusal(message), message).toBe(true);
      expect(refusalIn("hi", message), message).toMatch(/[\u0900-\u097F]/);
    }
  });
});
