import { createContext, useContext } from "react";

/**
 * This response's CSP nonce (server/security-headers.ts), given by app/entry.server.tsx to
 * the inline scripts Remix renders. The browser has run them by the time React hydrates, so
 * the client renders without one.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
