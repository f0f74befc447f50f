/**
 * Start-up settings, read once from the environment. A bad value stops the
 * process with one line naming the setting, never a stack trace. Its own module:
 * config.ts and auth-config.ts (which config.ts reads) both throw it.
 */
export class ConfigError extends Error {
  override name = "ConfigError";
}
