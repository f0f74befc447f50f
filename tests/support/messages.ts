import type { MessageTree } from "../../domain/i18n";

/** Every key of a message tree with its message, "hero.title" -> "School uniforms ...". */
export function flattenMessages(tree: MessageTree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flattenMessages(value, path)) out.set(k, v);
  }
  return out;
}

/** The `{{placeholders}}` of a message, sorted: both languages' versions of a message must have the same. */
export const placeholdersOf = (message: string) => [...message.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();
