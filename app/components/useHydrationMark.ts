import { useEffect } from "react";
import { useHydrated } from "./useHydrated";

/**
 * Marks the document (`<html data-hydrated>`) once React has hydrated it and every component
 * has drawn itself as hydrated: the root's effect runs after its children's, and the state
 * `useHydrated` sets re-renders them all in one pass before it. The browser tests wait for
 * this mark, not for a quiet network.
 */
export function useHydrationMark(): void {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "";
  }, [hydrated]);
}
