import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import './markdown.css';

/**
 * Markdown to HTML that is safe to show: marked renders (GitHub flavoured), DOMPurify keeps only
 * inert markup. No script, event handler, form, style or frame survives; links open in a new tab
 * without handing the viewer's page to the target; images are not fetched (a shared file could
 * otherwise call a tracker with every visitor's address) and show their description instead.
 */
const marked = new Marked({ gfm: true, breaks: false, async: false });
marked.use({
  renderer: {
    image({ text }) {
      return text ? `<span class="md-image">[${escapeHtml(text)}]</span>` : '';
    },
  },
});

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const BLOCKS = new Set(['P', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'TD', 'TH', 'DT', 'DD']);

const purify = DOMPurify();
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  // Each paragraph, heading and cell finds its own direction: Arabic or Hebrew reads right to left.
  // A paragraph inside a quote or list item leaves it to its container, whose bar or bullet then
  // sits on the right side too (dir=auto looks past children that set their own direction).
  const container = node.parentElement?.tagName;
  if (BLOCKS.has(node.tagName) && !(node.tagName === 'P' && (container === 'BLOCKQUOTE' || container === 'LI'))) {
    node.setAttribute('dir', 'auto');
  }
});

export function renderMarkdown(source: string): string {
  const html = marked.parse(source) as string;
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: [
      'style',
      'img',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'iframe',
      'object',
      'embed',
      'svg',
      'math',
      'video',
      'audio',
      'source',
      'picture',
      'link',
      'meta',
      'base',
    ],
    FORBID_ATTR: ['style', 'srcset', 'src', 'action', 'formaction', 'id', 'name'],
    ALLOW_DATA_ATTR: false,
  });
}
