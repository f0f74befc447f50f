// Imported first by benchmarks that serve pages: React must load its production build, as `npm start` does.
process.env.NODE_ENV = "production";
