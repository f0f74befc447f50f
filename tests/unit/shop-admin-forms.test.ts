import { describe, expect, it } from "vitest";
import { readPageForm } from "../../app/forms/form.server";
import { CART_FORM_LIMITS, CHECKOUT_FORM_LIMITS, cartForm, checkoutForm } from "../../domain/forms/cart";
import { ORDER_ROW_FORM_LIMITS, PRODUCT_FORM_LIMITS, orderRowForm, productForm } from "../../domain/forms/admin";

function post(body: string) {
  return new Request("http://shop.test/form", { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
}

type Refusal = { status?: number; error: Record<string, string[] | null> };

async function read<S extends Parameters<typeof readPageForm>[1]>(schema: S, body: string, options: Parameters<typeof readPageForm>[2]) {
  const form = await readPageForm(post(body), schema, options);
  if (form.ok) return { ok: true as const, value: form.value };
  const answer = form.answer as unknown as { data: { result: { error?: Refusal["error"] } }; init: { status?: number } | null };
  return { ok: false as const, status: answer.init?.status, error: answer.data.result.error ?? {} };
}

describe("the cart's form", () => {
  it("reads each intent into what the cart service takes", async () => {
    expect(await read(cartForm, "intent=add&productId=school/dps/shirt&size=30&quantity=2&redirectTo=/cart", CART_FORM_LIMITS)).toEqual({
      ok: true,
      value: { intent: "add", productId: "school/dps/shirt", size: "30", quantity: 2, redirectTo: "/cart" },
    });
    // A product page's add without a quantity field adds one.
    expect(await read(cartForm, "intent=add&productId=white/shirt&size=24", CART_FORM_LIMITS)).toMatchObject({ ok: true, value: { quantity: 1 } });
    // A line without a school (an accessory) is named with an empty school.
    expect(await read(cartForm, "intent=remove&productId=stationery/pen&size=Free+Size&school=&respond=data", CART_FORM_LIMITS)).toEqual({
      ok: true,
      value: { intent: "remove", productId: "stationery/pen", size: "Free Size", school: "", respond: "data" },
    });
  });

  it("refuses a typed quantity with 422 and the cart's words, and a field the page fills in with 400", async () => {
    expect(await read(cartForm, "intent=update&productId=a/b&size=30&quantity=0", CART_FORM_LIMITS)).toMatchObject({
      status: 422,
      error: { quantity: ["Quantity must be a whole number from 1 to 99."] },
    });
    expect(await read(cartForm, "intent=update&productId=a/b&size=30&quantity=", CART_FORM_LIMITS)).toMatchObject({
      status: 422,
      error: { quantity: ["Quantity is required."] },
    });
    expect(await read(cartForm, "intent=pay-nothing", CART_FORM_LIMITS)).toMatchObject({ status: 400, error: { intent: ["Unknown cart action."] } });
    expect(await read(cartForm, "intent=add&productId=a&size=1&size=2", CART_FORM_LIMITS)).toMatchObject({ status: 400 });
    expect(await read(cartForm, "intent=add&productId=a%00b", CART_FORM_LIMITS)).toMatchObject({ status: 400, error: { productId: [expect.stringContaining("Product contains")] } });
  });
});

describe("the checkout's form", () => {
  it("gives each empty field its one spec message, a blank phone or pincode included", async () => {
    const refused = await read(checkoutForm, "name=+&phone=+&address=&city=&pincode=+", CHECKOUT_FORM_LIMITS);
    expect(refused).toMatchObject({
      status: 422,
      error: {
        name: ["Name is required"],
        phone: ["Mobile number is required"],
        address: ["Address is required"],
        city: ["City is required"],
        pincode: ["Pincode is required"],
      },
    });
  });
});

describe("the admin's forms", () => {
  it("puts checkProduct's messages by their fields, with one for the form", async () => {
    const refused = await read(productForm, "intent=save&name=&price=12.5&image=javascript:alert(1)&category=shirt", PRODUCT_FORM_LIMITS);
    expect(refused).toMatchObject({
      status: 422,
      error: {
        "": ["Please correct the marked fields."],
        name: ["Name is required"],
        price: ["Price must be whole rupees (no paise)"],
        image: ["Image URL must start with https:// or /"],
        gender: ["Choose a gender"],
      },
    });
    expect(await read(productForm, "intent=save&id=7&name=Tie&price=90&category=accessories&gender=unisex", PRODUCT_FORM_LIMITS)).toMatchObject({
      ok: true,
      value: { intent: "save", id: 7, product: { name: "Tie", price: 90, size: "Free Size", stockQuantity: 0 } },
    });
    expect(await read(productForm, "intent=delete&id=0", PRODUCT_FORM_LIMITS)).toMatchObject({ status: 400, error: { id: ["There is no product with that id."] } });
  });

  it("answers a row change the dashboard did not make with 400; a missing status is the admin's to choose (422)", async () => {
    expect(await read(orderRowForm, "intent=refund&orderId=x", ORDER_ROW_FORM_LIMITS)).toMatchObject({
      status: 400,
      error: { intent: ["That request was not a change to a listed order."] },
    });
    expect(await read(orderRowForm, "intent=status&orderId=x", ORDER_ROW_FORM_LIMITS)).toMatchObject({ status: 422, error: { status: ["Choose a status."] } });
  });
});
