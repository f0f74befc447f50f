import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A courier aggregator answering like Shiprocket's API at its HTTP boundary (decision 235): login, serviceability by
 * pincode, the ad-hoc order, the AWB, label, manifest and tracking. Tests set which pincodes are served and with COD,
 * and read what the shop asked.
 */
export interface FakeCourier {
  url: string;
  requests: { method: string; path: string; body: unknown; authorization?: string }[];
  /** Pincodes served, with COD or not, and the expected day ("Dec 10, 2026"). Others: not served (404). */
  served: Map<string, { cod: boolean; etd: string }>;
  /** The scans `track` answers for an AWB. */
  activities: Map<string, { date: string; activity: string; location: string; "sr-status": string }[]>;
  /** Papers (`label-6001-1`, `manifest-6001-2`: the shipment, then the link's number) whose links no longer answer (a link expired at the file store). */
  gone: Set<string>;
  /** The file store down: no label or manifest link answers. */
  filesDown: boolean;
  close(): Promise<void>;
}

/** The webhook token the shop is set up with in tests, which the courier's tracking calls carry. */
export const FAKE_COURIER_WEBHOOK_TOKEN = "webhook-token-0123456789";

/** The shop's courier settings pointing at `fake`: the shop's Shiprocket account and its Churu pickup. */
export function shiprocketEnv(fake: Pick<FakeCourier, "url">): Record<string, string> {
  return {
    SHIPROCKET_URL: fake.url,
    SHIPROCKET_EMAIL: "api@churu-uniforms.example",
    SHIPROCKET_PASSWORD: "api-password",
    SHIPROCKET_PICKUP_LOCATION: "Churu shop",
    SHIPROCKET_PICKUP_PINCODE: "331001",
    SHIPROCKET_WEBHOOK_TOKEN: FAKE_COURIER_WEBHOOK_TOKEN,
  };
}

/** A one-page PDF naming the paper, as the file store sends it: what the shop passes on to print. */
export function fakePdf(name: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${name}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, "latin1");
}

export async function startFakeCourier(): Promise<FakeCourier> {
  let shipments = 0;
  // Each link the fake hands out is new, as a file store's signed links are.
  let papers = 0;
  const fake: FakeCourier = { url: "", requests: [], served: new Map(), activities: new Map(), gone: new Set(), filesDown: false, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      const url = new URL(req.url ?? "/", "http://fake");
      fake.requests.push({ method: req.method ?? "", path: url.pathname + url.search, body, authorization: req.headers.authorization });
      const send = (status: number, answer: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
      // The label and manifest links: Shiprocket's file store, no token asked. A paper the test took away is gone.
      const paper = /^\/files\/((label|manifest)-\d+-\d+)\.pdf$/.exec(url.pathname);
      if (paper) {
        if (fake.filesDown) return send(503, { message: "Service Unavailable" });
        if (fake.gone.has(paper[1])) return send(404, { message: "NoSuchKey" });
        res.writeHead(200, { "content-type": "application/pdf" }).end(fakePdf(paper[1]));
        return;
      }
      const authorised = req.headers.authorization === "Bearer fake-token";
      if (url.pathname === "/v1/external/auth/login") return send(200, { token: "fake-token", id: 1, company_id: 1 });
      if (!authorised) return send(401, { message: "Token has expired" });
      if (url.pathname === "/v1/external/courier/serviceability/") {
        const pincode = url.searchParams.get("delivery_postcode") ?? "";
        const served = fake.served.get(pincode);
        if (!served) return send(404, { status: 404, message: "Delivery postcode not serviceable" });
        return send(200, {
          status: 200,
          data: {
            recommended_courier_company_id: 51,
            available_courier_companies: [{ courier_company_id: 51, courier_name: "Delhivery Surface", cod: served.cod ? 1 : 0, etd: served.etd, estimated_delivery_days: "3" }],
          },
        });
      }
      if (url.pathname === "/v1/external/orders/create/adhoc") {
        shipments++;
        return send(200, { order_id: 5000 + shipments, shipment_id: 6000 + shipments, status: "NEW", status_code: 1 });
      }
      if (url.pathname === "/v1/external/courier/assign/awb") {
        const shipmentId = String((body as { shipment_id: unknown }).shipment_id);
        return send(200, { awb_assign_status: 1, response: { data: { awb_code: `77${shipmentId}01`, courier_name: "Delhivery Surface", shipment_id: shipmentId } } });
      }
      if (url.pathname === "/v1/external/courier/generate/label") {
        return send(200, { label_created: 1, label_url: `${fake.url}/files/label-${(body as { shipment_id: string[] }).shipment_id[0]}-${++papers}.pdf` });
      }
      if (url.pathname === "/v1/external/manifests/generate") {
        return send(200, { status: 1, manifest_url: `${fake.url}/files/manifest-${(body as { shipment_id: string[] }).shipment_id[0]}-${++papers}.pdf` });
      }
      const track = /^\/v1\/external\/courier\/track\/awb\/(.+)$/.exec(url.pathname);
      if (track) return send(200, { tracking_data: { track_status: 1, shipment_track_activities: fake.activities.get(decodeURIComponent(track[1])) ?? [] } });
      return send(404, { message: "not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
