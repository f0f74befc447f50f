/** The addresses of paying online (decision 222), shared by the pages, their forms and the edge's one exception. */

/** Where the parent presses "Pay online": its POST opens the gateway order; its GET only shows the button. */
export const PAY_ONLINE_PATH = "/checkout/pay-online";

/** Where the gateway sends the parent back: the one page another site may post to (server/request-guards.ts). */
export const GATEWAY_RETURN_PATH = "/checkout/return";

/** What the order's page says after the gateway's answer, besides what the order itself shows (paid or not). */
export const ONLINE_NOTICES = ["failed", "pending", "extra"] as const;
export type OnlineNotice = (typeof ONLINE_NOTICES)[number];

export const donePath = (orderId: string, online?: OnlineNotice) => `/checkout/done?order=${orderId}${online ? `&online=${online}` : ""}`;
export const payOnlinePath = (orderId: string) => `${PAY_ONLINE_PATH}?order=${orderId}`;
