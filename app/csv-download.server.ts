/**
 * Every CSV file the admin downloads (the orders export, the reports' tables, season planning, the GST summary) goes
 * out with the same headers: saved under its name rather than shown, read as UTF-8 (Hindi names stay Hindi), never
 * sniffed as another type, and never kept by a browser or proxy cache (the files are the admin's).
 */
export function csvDownload(body: string | ReadableStream<Uint8Array>, fileName: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
