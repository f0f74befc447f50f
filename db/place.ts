/**
 * Where a Postgres URL connects, as the shop says it at start-up, in /healthz, `shop status` and backups.
 * Read the way pg reads the URL: a `host` in the query (a Unix socket's folder, as docs/configuration.md
 * recommends on the database's own machine) wins over the URL's host name, and a `port` in the query
 * over the URL's port; the socket is then `<folder>/.s.PGSQL.<port>`. Never contains a password.
 */
export function postgresPlace(raw: string): string {
  const url = new URL(raw);
  const host = url.searchParams.get("host") || decodeURIComponent(url.hostname) || "localhost";
  const port = url.searchParams.get("port") || url.port || "5432";
  const database = url.pathname && url.pathname !== "/" ? url.pathname : "";
  return host.startsWith("/") ? `the Unix socket ${host}/.s.PGSQL.${port}${database}` : `${host}:${port}${database}`;
}
