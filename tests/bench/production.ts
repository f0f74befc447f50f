// Imported first by benchmarks that serve pages: React must load its production build, as `npm start` does.
process.env.NODE_ENV = "production";
// Production refuses SMS only printed to the log unless chosen: a benchmark sends none on purpose.
process.env.SMS_PROVIDER ??= "console";
// Production refuses to start without its public address; a benchmark's pages are read at the address it listens on.
process.env.SHOP_URL ??= "http://127.0.0.1";
