import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * The one place that turns text an administrator wrote into HTML a visitor's page shows. Links keep
 * only http, https and mailto (a `javascript:` URL is dropped), no script, style, event handler or
 * iframe survives, and every link that leaves the site opens without the opener.
 */
const pageOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'u',
    's',
    'del',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], ol: ['start'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? '')
        ? { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' }
        : { ...attribs, target: '' },
    }),
  },
};

/** Short marketing copy (homepage titles, the footer): inline tags only, and the accent `<span class="text-theme">`. */
const inlineOptions: sanitizeHtml.IOptions = {
  allowedTags: ['strong', 'em', 'b', 'i', 'u', 'br', 'a', 'span'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], span: ['class'] },
  allowedClasses: { span: ['text-theme'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: pageOptions.transformTags,
};

const markdown = new Marked({ gfm: true, breaks: false, async: false });

/**
 * Markdown nested deeper than the parser can follow (thousands of `>` or list levels inside each
 * other): the parser recurses once per level and runs out of stack.
 */
export class MarkdownTooDeep extends Error {
  constructor() {
    super('The text is nested too deeply (quotes or lists inside each other) to be shown.');
  }
}

/** Markdown (raw HTML inside it included) → HTML that is safe to put in the page; MarkdownTooDeep when it cannot be read. */
export function renderMarkdown(source: string): string {
  let html: string;
  try {
    html = markdown.parse(source) as string;
  } catch (error) {
    if (error instanceof RangeError) throw new MarkdownTooDeep();
    throw error;
  }
  return sanitizeHtml(html, pageOptions);
}

/** Text made safe inside an element or a quoted attribute. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * `renderMarkdown` for text already stored: what cannot be read as Markdown is shown as plain text
 * rather than failing every visit to its page.
 */
export function renderStoredMarkdown(source: string): string {
  try {
    return renderMarkdown(source);
  } catch (error) {
    if (!(error instanceof MarkdownTooDeep)) throw error;
    return `<p>${escapeHtml(source)}</p>`;
  }
}

/** A setting that allows a little HTML, cleaned to the inline allow-list. */
export function cleanInlineHtml(source: string): string {
  return sanitizeHtml(source, inlineOptions);
}

const ACCENT = /\*\*(.+?)\*\*/g;
const LINK = /\[([^\]\n]+)\]\(((?:https?:\/\/|mailto:)[^\s)]+)\)/g;
/**
 * What marks copy stored as HTML before issue 41: a tag, or a character escaped by the cleaning
 * every value went through when written (`&` was stored as `&amp;` even in copy without a tag).
 */
const OLD_HTML = /<\/?[a-z][^>]*>|<!--|&(?:amp|lt|gt|quot|nbsp|#39|#x27);/i;

const decodeEntities = (s: string) =>
  s
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * Homepage copy as the administrator types it (issue 41): plain text, `**words**` shown in the
 * accent colour and `[text](https://…)` a link. Copy stored before that as a little HTML (the
 * accent `<span class="text-theme">`, bold, a link) is read into the same form, so old values keep
 * their accent and the admin never sees a tag or an escaped `&amp;` again; any other tag is dropped,
 * its text kept. (Plain text typed with a literal `&amp;` in it reads as `&`: a price worth paying.)
 */
export function homepageCopyFromHtml(source: string): string {
  if (!OLD_HTML.test(source)) return source;
  const clean = cleanInlineHtml(source)
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<(span class="text-theme"|strong|b)>(.*?)<\/(span|strong|b)>/gis, '**$2**')
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>(.*?)<\/a>/gis, (_m, href: string, text: string) =>
      /^(https?:|mailto:)/i.test(href) ? `[${text}](${href})` : text,
    )
    .replace(/<[^>]*>/g, '');
  return decodeEntities(clean)
    .replace(/\*\*\*\*/g, '')
    .trim();
}

/** Homepage copy (plain text with `**accent**` and `[links](…)`) as the inline HTML a page shows. */
export function renderHomepageCopy(source: string): string {
  const html = escapeHtml(source)
    .replace(ACCENT, '<span class="text-theme">$1</span>')
    .replace(LINK, '<a href="$2">$1</a>')
    .replace(/\r?\n/g, '<br>');
  return cleanInlineHtml(html);
}
