import type { ReactNode } from "react";

/**
 * A table wider than a phone scrolls sideways inside this box. Keyboard users can only
 * scroll what they can focus, so the box takes focus and is named after its table.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
