/**
 * The admin's products page view model (app/admin/products-page.server.ts) from a plain list of
 * products: the table's rows, ?stock=low (due for re-ordering at the sales rate, fewest days left first), the
 * product being edited as its form shows it, and the notes after a change or for an unknown id.
 * The page itself is checked in a browser (tests/e2e/admin-products.e2e.test.ts).
 */
import { describe, expect, it } from "vitest";
import { productsView } from "../../app/admin/products-page.server";
import { REORDER_DAYS, stockOutlook } from "../../domain/reports/season";
import type { ShopProduct } from "../../domain/shop-products";

const product = (id: number, over: Partial<ShopProduct> = {}): ShopProduct => ({
  id,
  name: `Socks ${id}`,
  nameHi: null,
  description: "Cotton socks.",
  descriptionHi: null,
  price: 120,
  imageUrl: null,
  stockQuantity: 40,
  category: "socks",
  gender: "unisex",
  size: "Free Size",
  ...over,
});

const all = [
  product(1),
  product(2, { stockQuantity: 5 }),
  product(3, { stockQuantity: 0, name: "Blue Tie", category: "tie", gender: "boys", price: 1499, imageUrl: "https://example.com/tie.jpg" }),
  product(4, { stockQuantity: 6 }),
  product(5, { stockQuantity: 0 }),
];
// Product 2 sold a unit a day for four weeks: 5 left last 5 days. Product 4 sold nothing: 6 left is no hurry.
const outlooks = new Map([
  [2, stockOutlook(5, 28)],
  [4, stockOutlook(6, 0)],
]);
const view = (query = "") => productsView(all, new URLSearchParams(query), "en", outlooks);

describe("the products page", () => {
  it("lists every product with its price, stock, and category and gender by their names", () => {
    const v = view();
    expect(v.products.map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
    expect(v.products[2]).toMatchObject({ name: "Blue Tie", price: "₹1,499", stock: 0, low: true, category: "Tie", gender: "Boys", imageUrl: "https://example.com/tie.jpg" });
    expect(v.products[0]).toMatchObject({ low: false, category: "Socks", gender: "Unisex" });
    // Without an image of its own a product shows its category's drawing.
    expect(v.products[0].thumbnail).toEqual(expect.any(String));
    expect(v.products[0].thumbnail).not.toBe("");
    expect(v.products[1]).toMatchObject({ low: true, outlook: "5 days left" });
    expect(v.products[3]).toMatchObject({ low: false, outlook: "no sales in 4 weeks" });
    expect(v).toMatchObject({ lowOnly: false, lowMark: REORDER_DAYS, saved: null, notice: null, editing: null });
  });

  it("with ?stock=low lists only the products due for re-ordering at their sales rate, fewest days left first", () => {
    const v = view("stock=low");
    expect(v.lowOnly).toBe(true);
    expect(v.products.map((p) => [p.id, p.stock])).toEqual([
      [3, 0],
      [5, 0],
      [2, 5],
    ]);
  });

  it("fills the form with the product of ?edit=, or says there is no such product", () => {
    expect(view("edit=3").editing).toEqual({
      id: 3,
      values: {
        name: "Blue Tie",
        name_hi: "",
        price: "1499",
        image: "https://example.com/tie.jpg",
        description: "Cotton socks.",
        description_hi: "",
        stock_quantity: "0",
        category: "tie",
        gender: "boys",
        size: "Free Size",
        // A product with no facts entered: India, the rows' default, and the rest blank (decision 130).
        country_of_origin: "India",
        maker: "",
        net_quantity: "",
        // No HSN or class on file for it in this view (decision 200): the form asks for them.
        hsn: "",
        tax_class: "",
      },
      taxOnFile: null,
    });
    for (const query of ["edit=99", "edit=abc"]) {
      const v = view(query);
      expect(v.editing).toBeNull();
      expect(v.notice).toBe("There is no product with that id: add a new one instead.");
    }
  });

  it("notes what a change did, and nothing for an unknown ?saved=", () => {
    expect(view("saved=added").saved).toBe("Product added. It is in the shop now.");
    expect(view("saved=deleted").saved).toBe("Product deleted.");
    expect(view("saved=hacked").saved).toBeNull();
  });
});
