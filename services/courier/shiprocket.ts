/**
 * Shiprocket's API, spoken with plain `fetch` (decision 235): a login that gives a token valid for ten days, courier
 * serviceability for a pincode (with COD and each courier's expected date), an ad-hoc order, an AWB assigned, the
 * label and manifest as PDF links, and tracking by AWB. The answers are read with zod: a shape the shop does not know
 * is the courier being unavailable, never a crash. Tests fake it at the HTTP boundary (tests/support/fake-courier.ts).
 */
import { z } from "zod";
import { RuleViolation } from "../../domain/errors";

export interface CourierSettings {
  provider: "shiprocket";
  /** The API's base address (SHIPROCKET_URL; https://apiv2.shiprocket.in). */
  url: string;
  /** The API user's email and password (Settings -> API in the Shiprocket panel; not the panel's own login). */
  email: string;
  password: string;
  /** The pickup address's name in Shiprocket (SHIPROCKET_PICKUP_LOCATION) and its pincode (SHIPROCKET_PICKUP_PINCODE). */
  pickupLocation: string;
  pickupPincode: string;
  /** The token Shiprocket sends in `x-api-key` with every tracking webhook (SHIPROCKET_WEBHOOK_TOKEN). */
  webhookToken?: string;
  /** A parcel's weight in kg and its box in cm when the shop does not weigh each (SHIPROCKET_PARCEL_KG, _CM). */
  parcelKg: number;
  parcelCm: { length: number; breadth: number; height: number };
  timeoutMs: number;
  /**
   * How long a shipped parcel may go without a word from the courier before the shop asks for its scans by AWB
   * (SHIPROCKET_QUIET_HOURS, 6): a webhook lost, or never set up.
   */
  quietMs: number;
}

/** What the courier says about a pincode: whether it is served, with COD, and the earliest expected day. */
export interface Serviceability {
  served: boolean;
  cod: boolean;
  /** YYYY-MM-DD, the recommended courier's expected delivery day; absent when none said. */
  expectedBy?: string;
  courierId?: number;
  courierName?: string;
}

export interface ShipmentRequest {
  orderId: string;
  orderDate: string;
  customer: { name: string; phone: string; email?: string };
  address: { address: string; city: string; pincode: string; state: string };
  lines: { name: string; sku: string; units: number; sellingPrice: number; hsn?: string }[];
  paymentMethod: "COD" | "Prepaid";
  subTotal: number;
  units: number;
}

const loginAnswer = z.object({ token: z.string().min(1) });
const courierCompany = z.object({
  courier_company_id: z.coerce.number().optional(),
  courier_name: z.string().optional(),
  cod: z.coerce.number().optional(),
  etd: z.string().optional(),
  estimated_delivery_days: z.coerce.string().optional(),
});
const serviceabilityAnswer = z.object({
  status: z.coerce.number().optional(),
  data: z
    .object({
      available_courier_companies: z.array(courierCompany).optional(),
      recommended_courier_company_id: z.coerce.number().optional(),
    })
    .optional(),
});
const createAnswer = z.object({ order_id: z.coerce.string(), shipment_id: z.coerce.string() });
const awbAnswer = z.object({
  awb_assign_status: z.coerce.number(),
  response: z.object({ data: z.object({ awb_code: z.coerce.string(), courier_name: z.string().optional() }) }).optional(),
  message: z.string().optional(),
});
const labelAnswer = z.object({ label_url: z.string().optional() });
const manifestAnswer = z.object({ manifest_url: z.string().optional() });
const trackAnswer = z.object({
  tracking_data: z
    .object({
      shipment_track_activities: z
        .array(z.object({ date: z.string(), status: z.string().optional(), activity: z.string().optional(), location: z.string().optional(), "sr-status": z.union([z.string(), z.number()]).optional() }))
        .nullable()
        .optional(),
    })
    .optional(),
});

const MONTHS: Record<string, string> = { jan: "01", feb: "02", mar: "03", apr: "04", may: "05", jun: "06", jul: "07", aug: "08", sep: "09", oct: "10", nov: "11", dec: "12" };

/** Shiprocket writes dates as "2026-12-10 18:00:00" or "Dec 10, 2026": the day, YYYY-MM-DD, or undefined. */
export function courierDay(text: string | undefined): string | undefined {
  const value = (text ?? "").trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const named = /^([A-Za-z]{3})[a-z]*\s+(\d{1,2}),\s*(\d{4})/.exec(value);
  if (named && MONTHS[named[1].toLowerCase()]) return `${named[3]}-${MONTHS[named[1].toLowerCase()]}-${named[2].padStart(2, "0")}`;
  return undefined;
}

/** Shiprocket's scan time ("2026-12-08 09:30:00", India's time) as an ISO instant; as given when it is not that form. */
export function courierInstant(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)/.exec(text.trim());
  if (!m) return text.trim();
  const time = m[2].length === 5 ? `${m[2]}:00` : m[2];
  return new Date(`${m[1]}T${time}+05:30`).toISOString();
}

const unavailable = () => new RuleViolation("courier.unavailable", {}, 409);

/** A label or manifest is a page or two: anything larger is not one. */
const PAPER_MAX_BYTES = 10 * 1024 * 1024;

export function createShiprocketClient(settings: CourierSettings, now: () => Date = () => new Date()) {
  let token: { value: string; until: number } | undefined;

  async function call(path: string, init: { method?: string; body?: unknown; auth?: boolean } = {}): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (init.auth !== false) headers.authorization = `Bearer ${await login()}`;
    let res: Response;
    try {
      res = await fetch(new URL(path, settings.url), {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch {
      throw unavailable();
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = {};
    }
    // A token refused (expired early, revoked): log in again once on the next call.
    if (res.status === 401 && init.auth !== false) token = undefined;
    return { status: res.status, body };
  }

  async function login(): Promise<string> {
    if (token && token.until > now().getTime()) return token.value;
    const { status, body } = await call("/v1/external/auth/login", { body: { email: settings.email, password: settings.password }, auth: false });
    const parsed = loginAnswer.safeParse(body);
    if (status >= 300 || !parsed.success) throw unavailable();
    // Valid for 240 hours; renewed a day early so a long job never holds one that ends under it.
    token = { value: parsed.data.token, until: now().getTime() + 9 * 24 * 3_600_000 };
    return token.value;
  }

  function ok<T extends z.ZodType>(answer: { status: number; body: unknown }, schema: T): z.output<T> {
    const parsed = schema.safeParse(answer.body);
    if (answer.status >= 500 || answer.status === 401 || !parsed.success) throw unavailable();
    return parsed.data;
  }

  return {
    /** Whether couriers deliver to `pincode` from the shop's pickup pincode, with COD when asked, and by when. */
    async serviceability(pincode: string, cod: boolean, weightKg = settings.parcelKg): Promise<Serviceability> {
      const query = new URLSearchParams({ pickup_postcode: settings.pickupPincode, delivery_postcode: pincode, weight: String(weightKg), cod: cod ? "1" : "0" });
      const answer = await call(`/v1/external/courier/serviceability/?${query}`);
      // Shiprocket answers a pincode no courier serves with a 404 (or an empty list).
      if (answer.status === 404 || answer.status === 422) return { served: false, cod: false };
      const parsed = ok(answer, serviceabilityAnswer);
      const companies = parsed.data?.available_courier_companies ?? [];
      if (companies.length === 0) return { served: false, cod: false };
      const recommended = companies.find((c) => c.courier_company_id === parsed.data?.recommended_courier_company_id) ?? companies[0];
      const expectedBy = courierDay(recommended.etd);
      return {
        served: true,
        cod: companies.some((c) => c.cod === 1),
        ...(expectedBy ? { expectedBy } : {}),
        ...(recommended.courier_company_id !== undefined ? { courierId: recommended.courier_company_id } : {}),
        ...(recommended.courier_name ? { courierName: recommended.courier_name } : {}),
      };
    },

    /** The ad-hoc order for the parcel: Shiprocket's order and shipment ids. */
    async createOrder(request: ShipmentRequest): Promise<{ providerOrderId: string; shipmentId: string }> {
      const [first, ...rest] = request.customer.name.trim().split(/\s+/);
      const answer = await call("/v1/external/orders/create/adhoc", {
        body: {
          order_id: request.orderId,
          order_date: request.orderDate,
          pickup_location: settings.pickupLocation,
          billing_customer_name: first ?? request.customer.name,
          billing_last_name: rest.join(" "),
          billing_address: request.address.address,
          billing_city: request.address.city,
          billing_pincode: request.address.pincode,
          billing_state: request.address.state,
          billing_country: "India",
          billing_email: request.customer.email ?? "",
          billing_phone: request.customer.phone,
          shipping_is_billing: true,
          order_items: request.lines.map((l) => ({ name: l.name, sku: l.sku, units: l.units, selling_price: l.sellingPrice, ...(l.hsn ? { hsn: l.hsn } : {}) })),
          payment_method: request.paymentMethod,
          sub_total: request.subTotal,
          length: settings.parcelCm.length,
          breadth: settings.parcelCm.breadth,
          height: settings.parcelCm.height,
          weight: settings.parcelKg,
        },
      });
      if (answer.status >= 400 && answer.status < 500 && answer.status !== 401) {
        const message = String((answer.body as { message?: unknown }).message ?? answer.status).slice(0, 200);
        throw new RuleViolation("courier.refusedBooking", { reason: message }, 422);
      }
      const parsed = ok(answer, createAnswer);
      return { providerOrderId: parsed.order_id, shipmentId: parsed.shipment_id };
    },

    /** The AWB for a shipment: the courier Shiprocket recommends, or `courierId`. */
    async assignAwb(shipmentId: string, courierId?: number): Promise<{ awb: string; courier: string }> {
      const answer = await call("/v1/external/courier/assign/awb", { body: { shipment_id: shipmentId, ...(courierId ? { courier_id: courierId } : {}) } });
      const parsed = ok(answer, awbAnswer);
      if (parsed.awb_assign_status !== 1 || !parsed.response?.data.awb_code) {
        throw new RuleViolation("courier.refusedBooking", { reason: (parsed.message ?? "no AWB").slice(0, 200) }, 422);
      }
      return { awb: parsed.response.data.awb_code, courier: parsed.response.data.courier_name ?? "Courier" };
    },

    /** The label's PDF link (to print and stick on the parcel). */
    async label(shipmentId: string): Promise<string | undefined> {
      return ok(await call("/v1/external/courier/generate/label", { body: { shipment_id: [shipmentId] } }), labelAnswer).label_url;
    },

    /** The manifest's PDF link (the courier's boy signs it at pickup). */
    async manifest(shipmentId: string): Promise<string | undefined> {
      return ok(await call("/v1/external/manifests/generate", { body: { shipment_id: [shipmentId] } }), manifestAnswer).manifest_url;
    },

    /**
     * A paper's PDF from the link Shiprocket gave (its file store): the bytes, or `courier.unavailable` when the link
     * does not answer with a PDF in time. Only a web link is followed, and at most PAPER_MAX_BYTES of it.
     */
    async download(link: string): Promise<Uint8Array> {
      let url: URL;
      try {
        url = new URL(link);
      } catch {
        throw unavailable();
      }
      if (url.protocol !== "https:" && url.protocol !== "http:") throw unavailable();
      let res: Response;
      try {
        res = await fetch(url, { signal: AbortSignal.timeout(settings.timeoutMs), redirect: "follow" });
      } catch {
        throw unavailable();
      }
      const length = Number(res.headers.get("content-length") ?? 0);
      if (!res.ok || length > PAPER_MAX_BYTES) {
        await res.body?.cancel();
        throw unavailable();
      }
      const bytes = new Uint8Array(await res.arrayBuffer());
      // A PDF starts with its signature; an error page in its place is not printed as a label.
      if (bytes.byteLength > PAPER_MAX_BYTES || new TextDecoder().decode(bytes.subarray(0, 5)) !== "%PDF-") throw unavailable();
      return bytes;
    },

    /** The carrier's scans of an AWB so far (polling, where the webhook is not set up or missed one). */
    async track(awb: string) {
      const parsed = ok(await call(`/v1/external/courier/track/awb/${encodeURIComponent(awb)}`), trackAnswer);
      return (parsed.tracking_data?.shipment_track_activities ?? []).map((a) => ({
        at: courierInstant(a.date),
        statusId: a["sr-status"] === undefined || a["sr-status"] === "" ? undefined : Number(a["sr-status"]),
        words: a.activity ?? a.status ?? "",
        location: a.location,
      }));
    },
  };
}

export type ShiprocketClient = ReturnType<typeof createShiprocketClient>;
