import { useEffect, useState } from "react";

/** False in the server's HTML and until React takes over; controls that need JS render only after. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
