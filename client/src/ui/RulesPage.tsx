import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../i18n/index.ts";
import { type Block, type Inline, parseMarkdown } from "../rules/markdown.ts";

// The players' rules pages (docs/rules-player.ru.md and .en.md), bundled as raw text into this lazily
// loaded chunk. A glob, not a plain import, so the build still passes before the pages are written.
const PAGES = import.meta.glob<string>("../../../docs/rules-player.*.md", { query: "?raw", import: "default" });

const GLOSSARY = [
  "svoyak",
  "chuzhoy",
  "duplet",
  "otygrysh",
  "polka",
  "shtraf",
  "dom",
  "raskat",
  "bitok",
  "luza",
  "stvor",
] as const;

function pageLoader(language: Language): (() => Promise<string>) | undefined {
  return PAGES[`../../../docs/rules-player.${language}.md`] ?? PAGES["../../../docs/rules-player.ru.md"];
}

function InlineText({ parts }: { readonly parts: readonly Inline[] }) {
  return (
    <>
      {parts.map((p, i) => {
        const key = `${i}-${p.kind}`;
        if (p.kind === "strong") return <strong key={key}>{p.text}</strong>;
        if (p.kind === "em") return <em key={key}>{p.text}</em>;
        if (p.kind === "code") return <code key={key}>{p.text}</code>;
        return <span key={key}>{p.text}</span>;
      })}
    </>
  );
}

function BlockView({ block }: { readonly block: Block }) {
  switch (block.kind) {
    case "heading": {
      const Tag = `h${Math.min(6, block.level + 1)}` as "h2";
      return (
        <Tag>
          <InlineText parts={block.text} />
        </Tag>
      );
    }
    case "paragraph":
      return (
        <p>
          <InlineText parts={block.text} />
        </p>
      );
    case "quote":
      return (
        <blockquote>
          <InlineText parts={block.text} />
        </blockquote>
      );
    case "list": {
      const items = block.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
        <li key={i}>
          <InlineText parts={item} />
        </li>
      ));
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case "table":
      return (
        <table>
          <tbody>
            {block.rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
              <tr key={r}>
                {row.map((cell, c) => {
                  const Cell = r === 0 ? "th" : "td";
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
                    <Cell key={c}>
                      <InlineText parts={cell} />
                    </Cell>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      );
  }
}

/** The rules for players, in the chosen language, over the page. */
export default function RulesPage({
  language,
  onClose,
}: {
  readonly language: Language;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [blocks, setBlocks] = useState<Block[] | null>(null);
  const [missing, setMissing] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);

  // A dialog takes the focus, so the keyboard reads it and Escape or Enter closes it.
  useEffect(() => closeRef.current?.focus(), []);

  useEffect(() => {
    const load = pageLoader(language);
    if (!load) {
      setMissing(true);
      return;
    }
    let cancelled = false;
    void load().then((text) => {
      if (!cancelled) setBlocks(parseMarkdown(text));
    });
    return () => {
      cancelled = true;
    };
  }, [language]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

  return (
    <div className="rules-page" role="dialog" aria-modal="true" aria-label={t("rules.title")} data-testid="rules-page">
      <div className="rules-head">
        <h2>{t("rules.title")}</h2>
        <button type="button" ref={closeRef} data-testid="close-rules" onClick={onClose}>
          {t("app.close")}
        </button>
      </div>
      <article className="rules-text">
        {missing && <p>{t("rules.missing")}</p>}
        {!missing && !blocks && <p>{t("rules.loading")}</p>}
        {blocks?.map((block, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
          <BlockView key={i} block={block} />
        ))}
      </article>
      <section className="rules-text glossary" aria-labelledby="glossary-title">
        <h3 id="glossary-title">{t("glossary.title")}</h3>
        <ul>
          {GLOSSARY.map((key) => (
            <li key={key}>{t(`glossary.${key}`)}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
