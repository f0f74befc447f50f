// The dotted paths of a `personal` declaration (domain/events/registry.ts PersonalFields) applied to
// an event's data: pure, so the store's sealing and the tests read the same rule.

/**
 * A copy of `data` with every value at `paths` replaced by `change(value)`; `*` walks every element
 * of an array. A path that is missing (an optional field not given) is skipped; the rest of the
 * data is shared, not copied.
 */
export function mapPaths(data: unknown, paths: readonly string[], change: (value: unknown) => unknown): unknown {
  let result = data;
  for (const path of paths) result = mapPath(result, path.split("."), change);
  return result;
}

function mapPath(node: unknown, steps: readonly string[], change: (value: unknown) => unknown): unknown {
  if (steps.length === 0) return node === undefined ? node : change(node);
  if (node === null || typeof node !== "object") return node;
  const [step, ...rest] = steps;
  if (step === "*") {
    if (!Array.isArray(node)) return node;
    return node.map((element) => mapPath(element, rest, change));
  }
  const record = node as Record<string, unknown>;
  if (!(step in record)) return node;
  return { ...record, [step]: mapPath(record[step], rest, change) };
}

/** Every value at `paths` (for a test or a scan): missing ones skipped. */
export function valuesAt(data: unknown, paths: readonly string[]): unknown[] {
  const found: unknown[] = [];
  mapPaths(data, paths, (value) => {
    found.push(value);
    return value;
  });
  return found;
}
