import type { Shop } from "../services/index";

/**
 * Subscribers with side effects that run beside the projectors (the
 * notification reactor). Returns a function that stops them.
 */
export async function startBackground(shop: Shop, log: (line: string) => void): Promise<() => Promise<void>> {
  void shop;
  void log;
  return async () => {};
}
