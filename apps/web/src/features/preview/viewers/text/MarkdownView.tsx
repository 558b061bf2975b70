import { useMemo } from 'react';
import { renderMarkdown } from './markdown';

/** A Markdown file rendered as a document (sanitised: see renderMarkdown). */
export default function MarkdownView({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  return (
    <article dir="auto" className="md-body px-5 py-5 sm:px-8 sm:py-7" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
