import { describe, expect, it } from "vitest";
import { DETAILS_MESSAGES, QUANTITY_MESSAGE } from "../../domain/checkout";
import { EMPTY_CART_MESSAGE } from "../../domain/orders/order";
import { stockProblem } from "../../domain/stock/shelf";
import { checkoutRefusalIn } from "../../app/i18n/checkout-refusals.server";
import { hasRefusal } from "../../app/i18n/i18n.server";

const DEVANAGARI = /[\u0900-\u097F]/;

describe("the checkout's refusals in Hindi", () => {
  it("has Hindi for every rule of the details form, the empty cart and a quantity", () => {
    for (const message of [...Object.values(DETAILS_MESSAGES), EMPTY_CART_MESSAGE, QUANTITY_MESSAGE]) {
      expect(hasRefusal(message), message).toBe(true);
      expect(checkoutRefusalIn("hi", message), message).toMatch(DEVANAGARI);
      expect(checkoutRefusalIn("en", message)).toBe(message);
    }
  });

  it("words a stock refusal that names the product, the way the cart and the order word it", () => {
    const short = stockProblem("Scarce Tie", 3, 1)!;
    expect(checkoutRefusalIn("hi", short)).toBe("Scarce Tie के स्टॉक में सिर्फ़ 1 बचे हैं।");
    // The cart's line problem, and the order's refusal built on it.
    const line = `Scarce Tie: ${short}`;
    expect(checkoutRefusalIn("hi", line)).toBe("Scarce Tie: Scarce Tie के स्टॉक में सिर्फ़ 1 बचे हैं।");
    expect(checkoutRefusalIn("hi", `${line} Please remove it from your cart.`)).toBe(
      "Scarce Tie: Scarce Tie के स्टॉक में सिर्फ़ 1 बचे हैं। कृपया इसे अपने कार्ट से हटा दें।",
    );
    expect(checkoutRefusalIn("hi", stockProblem("Belt", 1, 0)!)).toBe("Belt का स्टॉक खत्म हो गया है।");
    expect(checkoutRefusalIn("en", line)).toBe(line);
  });

  it("words a changed price with its rupees", () => {
    const message = "The price of Shirt (30) is now ₹450, not ₹400. Please review your cart; no order was placed.";
    expect(checkoutRefusalIn("hi", message)).toBe("Shirt (30) का दाम अब ₹450 है, ₹400 नहीं। कृपया अपना कार्ट दोबारा देखें; कोई ऑर्डर नहीं हुआ।");
  });

  it("leaves a refusal it has no words for in English", () => {
    expect(checkoutRefusalIn("hi", "Something new.")).toBe("Something new.");
  });
});
