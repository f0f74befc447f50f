// "बाकी" said both that an order is pending and that a payment is due: a parent reading
// "स्थिति: बाकी · भुगतान: बाकी" could not tell which was which. An order's status and a payment's
// standing are different things in Hindi too: no word names both.
import { describe, expect, it } from "vitest";
import { RESOURCES } from "../../app/i18n/i18n.server";
import { CUSTOMER_TEXTS } from "../../domain/customer-texts";

const hi = RESOURCES.hi;
const values = (tree: object) => Object.values(tree) as string[];

describe("order statuses and payment standings in Hindi", () => {
  it("names a pending order and an unpaid payment with two distinct words", () => {
    expect(hi.account.status.pending).toBe("लंबित");
    expect(hi.payment.standing.unpaid).toBe("भुगतान बाकी");
    expect(hi.account.paymentStatus.pending).toBe("भुगतान बाकी");
  });

  it("never uses one word for an order's status and a payment's standing, on any page or in a text", () => {
    const statuses = new Set([...values(hi.account.status), ...values(hi.admin.orders.filters), ...values(CUSTOMER_TEXTS.hi.status)]);
    const payments = new Set([...values(hi.payment.standing), ...values(hi.account.paymentStatus)]);
    expect([...statuses].filter((word) => payments.has(word))).toEqual([]);
    // The same status is the same word everywhere: the pages, the admin's filter and the SMS.
    expect(hi.admin.orders.filters.pending).toBe(hi.account.status.pending);
    expect(CUSTOMER_TEXTS.hi.status.pending).toBe(hi.account.status.pending);
  });
});
