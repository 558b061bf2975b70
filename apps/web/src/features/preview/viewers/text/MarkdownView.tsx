import { useEffect, useMemo, useRef } from 'react';
import { languageOfFence } from './languages';
import { renderMarkdown } from './markdown';

/**
 * A Markdown file rendered as a document (sanitised: see renderMarkdown). Fenced code that names a
 * language the highlighter knows is highlighted once the highlighter has loaded.
 */
export default function MarkdownView({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const blocks = [...(ref.current?.querySelectorAll<HTMLElement>('pre > code[class*="language-"]') ?? [])]
      .map((code) => ({ code, language: languageOfFence(/language-(\w+)/.exec(code.className)?.[1] ?? '') }))
      .filter((b): b is { code: HTMLElement; language: string } => b.language !== null);
    if (!blocks.length) return;
    let live = true;
    import('./highlight').then(
      ({ highlight }) => {
        if (!live) return;
        // highlight.js escapes the code itself and only adds token spans.
        for (const { code, language } of blocks) code.innerHTML = highlight(code.textContent ?? '', language);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [html]);
  return (
    <article
      ref={ref}
      dir="auto"
      className="md-body px-5 py-5 sm:px-8 sm:py-7"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
