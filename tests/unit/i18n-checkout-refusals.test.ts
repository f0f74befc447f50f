import { describe, expect, it } from "vitest";
import { DETAILS_MESSAGES, QUANTITY_MESSAGE } from "../../domain/checkout-fields";
import { refusal } from "../../domain/errors";
import { stockProblem } from "../../domain/stock/shelf";
import { hasRefusal, refusalIn } from "../../app/i18n/i18n.server";
import { refusalText } from "../../app/i18n/refusals.server";

const DEVANAGARI = /[\u0900-\u097F]/;

describe("the checkout's refusals in Hindi", () => {
  it("has Hindi for every rule of the details form and a quantity (the form's messages, by their text)", () => {
    for (const message of [...Object.values(DETAILS_MESSAGES), QUANTITY_MESSAGE]) {
      expect(hasRefusal(message), message).toBe(true);
      expect(refusalIn("hi", message), message).toMatch(DEVANAGARI);
      expect(refusalIn("en", message)).toBe(message);
    }
  });

  it("words the empty cart by its key", () => {
    expect(refusalText("en", refusal("checkout.cartEmpty"))).toBe("Your cart is empty.");
    expect(refusalText("hi", refusal("checkout.cartEmpty"))).toBe("आपका कार्ट खाली है।");
  });

  it("words a stock refusal that names the product, the way the cart and the order word it", () => {
    const short = stockProblem("Scarce Tie", 3, 1)!;
    expect(refusalText("en", short)).toBe("Only 1 of Scarce Tie left in stock.");
    expect(refusalText("hi", short)).toBe("Scarce Tie के स्टॉक में सिर्फ़ 1 बचे हैं।");
    // The cart's line problem, and the order's refusal built on it.
    const line = refusal("checkout.lineProblem", { item: "Scarce Tie", problem: short });
    expect(refusalText("en", line)).toBe("Scarce Tie: Only 1 of Scarce Tie left in stock.");
    expect(refusalText("hi", line)).toBe("Scarce Tie: Scarce Tie के स्टॉक में सिर्फ़ 1 बचे हैं।");
    const remove = refusal("checkout.removeFromCart", { problem: line });
    expect(refusalText("en", remove)).toBe("Scarce Tie: Only 1 of Scarce Tie left in stock. Please remove it from your cart.");
    expect(refusalText("hi", remove)).toBe("Scarce Tie: Scarce Tie के स्टॉक में सिर्फ़ 1 बचे हैं। कृपया इसे अपने कार्ट से हटा दें।");
    expect(refusalText("hi", stockProblem("Belt", 1, 0)!)).toBe("Belt का स्टॉक खत्म हो गया है।");
  });

  it("names a product by the page's name for it, in every refusal nested inside another", () => {
    const itemName = (english: string) => (english === "Steel Bottle" ? "स्टील की बोतल" : english);
    const line = refusal("checkout.lineProblem", { item: "Steel Bottle", problem: stockProblem("Steel Bottle", 2, 1)! });
    expect(refusalText("hi", line, { itemName })).toBe("स्टील की बोतल: स्टील की बोतल के स्टॉक में सिर्फ़ 1 बचे हैं।");
  });

  it("words a changed price with its rupees, and a size by its size word", () => {
    const changed = refusal("checkout.priceChanged", { item: "Shirt", size: "30", now: 450, was: 400 });
    expect(refusalText("en", changed)).toBe("The price of Shirt (30) is now ₹450, not ₹400. Please review your cart; no order was placed.");
    expect(refusalText("hi", changed)).toBe("Shirt (30) का दाम अब ₹450 है, ₹400 नहीं। कृपया अपना कार्ट दोबारा देखें; कोई ऑर्डर नहीं हुआ।");
    const total = refusal("checkout.totalChanged", { now: 123456, was: 3539 });
    expect(refusalText("en", total)).toBe("The order total is ₹1,23,456, not ₹3,539. Please review your cart; no order was placed.");
    expect(refusalText("hi", total)).toBe("ऑर्डर का कुल दाम ₹1,23,456 है, ₹3,539 नहीं। कृपया अपना कार्ट दोबारा देखें; कोई ऑर्डर नहीं हुआ।");
    expect(refusalText("hi", refusal("checkout.sizeNotSold", { size: "Free Size", item: "Belt" }))).toBe("Belt साइज़ फ्री साइज़ में नहीं मिलता।");
  });

  it("leaves a form message it has no words for in English", () => {
    expect(refusalIn("hi", "Something new.")).toBe("Something new.");
  });
});
