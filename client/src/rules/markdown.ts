/**
 * A small Markdown reader for the players' rules pages: headings, paragraphs, lists, block quotes and
 * tables, with **bold**, *italic* and `code` inline. It yields data, rendered by React as text, so the
 * page never injects HTML.
 */
export type Inline = { readonly kind: "text" | "strong" | "em" | "code"; readonly text: string };

export type Block =
  | { readonly kind: "heading"; readonly level: number; readonly text: readonly Inline[] }
  | { readonly kind: "paragraph"; readonly text: readonly Inline[] }
  | { readonly kind: "quote"; readonly text: readonly Inline[] }
  | { readonly kind: "list"; readonly ordered: boolean; readonly items: readonly (readonly Inline[])[] }
  | { readonly kind: "table"; readonly rows: readonly (readonly (readonly Inline[])[])[] };

function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  const pattern = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*]+\*|_[^_\s][^_]*_)/g;
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) out.push({ kind: "text", text: source.slice(last, at) });
    const token = match[0];
    if (token.startsWith("**")) out.push({ kind: "strong", text: token.slice(2, -2) });
    else if (token.startsWith("`")) out.push({ kind: "code", text: token.slice(1, -1) });
    else out.push({ kind: "em", text: token.slice(1, -1) });
    last = at + token.length;
  }
  if (last < source.length) out.push({ kind: "text", text: source.slice(last) });
  return out;
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n/g, "\n").split("\n");
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  let table: string[][] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", text: parseInline(paragraph.join(" ")) });
    if (list) blocks.push({ kind: "list", ordered: list.ordered, items: list.items.map(parseInline) });
    if (table) blocks.push({ kind: "table", rows: table.map((row) => row.map(parseInline)) });
    paragraph = [];
    list = null;
    table = null;
  };
  for (const raw of lines) {
    const line = raw.trimEnd();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (line.trim() === "") {
      flush();
    } else if (heading) {
      flush();
      blocks.push({ kind: "heading", level: heading[1]!.length, text: parseInline(heading[2]!) });
    } else if (line.startsWith(">")) {
      flush();
      blocks.push({ kind: "quote", text: parseInline(line.replace(/^>\s?/, "")) });
    } else if (line.trimStart().startsWith("|")) {
      if (paragraph.length || list) flush();
      const cells = line
        .trim()
        .replace(/^\|/, "")
        .replace(/\|$/, "")
        .split("|")
        .map((c) => c.trim());
      // The separator row (|---|---|) only marks the header.
      if (!cells.every((c) => /^:?-{2,}:?$/.test(c))) {
        table ??= [];
        table.push(cells);
      }
    } else if (bullet || numbered) {
      const ordered = !bullet;
      if (paragraph.length || table || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
    } else if (list && /^\s{2,}/.test(raw)) {
      // A continuation line of the last list item.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list || table) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}
