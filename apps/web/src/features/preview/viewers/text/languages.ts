/** The highlighter's language for a file extension (or whole name), when it has one. */
const BY_EXTENSION: Record<string, string> = {
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  css: 'css',
  scss: 'css',
  less: 'css',
  go: 'go',
  java: 'java',
  kt: 'java',
  kts: 'java',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  json: 'json',
  jsonc: 'json',
  json5: 'json',
  geojson: 'json',
  php: 'php',
  py: 'python',
  rb: 'ruby',
  rs: 'rust',
  sql: 'sql',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'typescript',
  html: 'xml',
  htm: 'xml',
  xhtml: 'xml',
  xml: 'xml',
  xsd: 'xml',
  xsl: 'xml',
  svg: 'xml',
  vue: 'xml',
  svelte: 'xml',
  yml: 'yaml',
  yaml: 'yaml',
};

export function languageOf(name: string, extension: string | null | undefined): string | null {
  return BY_EXTENSION[(extension ?? name.split('.').pop() ?? '').toLowerCase()] ?? null;
}

const NAMES = new Set(Object.values(BY_EXTENSION));

/** The highlighter's language for a Markdown fence's tag: an extension (`ts`) or a name (`python`). */
export function languageOfFence(tag: string): string | null {
  const lower = tag.toLowerCase();
  if (lower === 'shell' || lower === 'console') return 'bash';
  return BY_EXTENSION[lower] ?? (NAMES.has(lower) ? lower : null);
}
