import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

const parse = (source: string) => {
  const root = document.createElement('div');
  root.innerHTML = renderMarkdown(source);
  return root;
};

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists and links that open in a new tab', () => {
    const root = parse('# Title\n\nSome **bold** text and [a link](https://example.com).\n\n- one\n- two\n');
    expect(root.querySelector('h1')?.textContent).toBe('Title');
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelectorAll('li')).toHaveLength(2);
    const link = root.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('lets no script, handler, javascript: link, style, form or remote image through', () => {
    const root = parse(
      [
        '<script>alert(1)</script>',
        '<img src=x onerror=alert(1)>',
        '![tracker](https://tracker.example/p.gif)',
        '<a href="javascript:alert(1)" onclick="alert(1)">x</a>',
        '[md link](javascript:alert(1))',
        '<svg><script>alert(1)</script></svg>',
        '<iframe src="https://example.com"></iframe>',
        '<form action="https://example.com"><input name=a><button>go</button></form>',
        '<div style="position:fixed;inset:0" onmouseover="alert(1)">cover</div>',
        '<details open ontoggle=alert(1)>d</details>',
      ].join('\n\n'),
    );
    const everything = [...root.querySelectorAll('*')];
    expect(root.querySelectorAll('script, img, svg, iframe, form, input, button, style')).toHaveLength(0);
    expect(everything.filter((el) => [...el.attributes].some((a) => a.name.startsWith('on')))).toEqual([]);
    expect(everything.filter((el) => el.hasAttribute('style'))).toEqual([]);
    expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '')).not.toContainEqual(
      expect.stringMatching(/^javascript:/i),
    );
    // The image is named, not fetched.
    expect(root.textContent).toContain('[tracker]');
  });

  it('gives paragraphs, headings and quotes their own direction', () => {
    const root = parse('# שלום\n\n> مرحبا\n\nHello');
    expect(root.querySelector('h1')?.getAttribute('dir')).toBe('auto');
    expect(root.querySelector('blockquote')?.getAttribute('dir')).toBe('auto');
    expect(root.querySelectorAll('p[dir="auto"]')).toHaveLength(1);
  });
});
