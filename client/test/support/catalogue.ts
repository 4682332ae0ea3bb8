import { expect } from "vitest";

/** The interface's words as the tests read them: a tree of sections whose leaves are texts. */

/** Every text's key, `section.sub.key`. */
export function keys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "object" && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

/** The text at a key. */
export function lookup(tree: object, key: string): string {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) as string;
}

/** A text's `{{placeholders}}`, sorted. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
}

/** The Russian and English words of one catalogue: the same keys, none empty, the same placeholders. */
export function expectMatchingCatalogues(ru: object, en: object): void {
  expect(keys(en).sort()).toEqual(keys(ru).sort());
  for (const key of keys(ru)) {
    expect(lookup(ru, key).trim(), key).not.toBe("");
    expect(lookup(en, key).trim(), key).not.toBe("");
    expect(placeholders(lookup(en, key)), key).toEqual(placeholders(lookup(ru, key)));
  }
}
