import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The rules of docs/ARCHITECTURE.md ("Rules that hold it together") in the test run, so CI holds
 * them as `npm run check` does: the import boundaries through eslint.boundaries.js, and no cycle
 * between the server's modules, which no lint rule sees (it needs the whole graph).
 */

const root = path.resolve(import.meta.dirname, '../../..');
const modulesDir = path.join(root, 'apps/server/src/modules');
const resolution: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
};

type Graph = Map<string, Map<string, string[]>>;

/** Module → module it imports → the imports that make that edge (type-only ones count too). */
function moduleGraph(): Graph {
  const graph: Graph = new Map();
  const sources = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(modulesDir, file));
  const moduleOf = (file: string) => path.relative(modulesDir, file).split(path.sep)[0] ?? '';
  for (const file of sources) {
    const from = moduleOf(file);
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const target = ts.resolveModuleName(fileName, file, resolution, ts.sys).resolvedModule?.resolvedFileName;
      if (!target || path.relative(modulesDir, target).startsWith('..')) continue;
      const to = moduleOf(target);
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges.set(to, [...(edges.get(to) ?? []), `${path.relative(modulesDir, file)} → ${fileName}`]));
    }
  }
  return graph;
}

/** The strongly connected groups of more than one node (Tarjan): each holds at least one cycle. */
function cyclesOf(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member) group.push(member);
    } while (member && member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/** The files module's tables (ADR 0070), by the names their files export. */
const filesTables = new Set(['items', 'favourites', 'teamFolders', 'teamMembers']);
const filesTableFiles = ['items.table.ts', 'teams.table.ts'].map((file) => path.join(modulesDir, 'files', file));
const serverDir = path.join(root, 'apps/server');

/**
 * Every import of a files module's table outside modules/files (`file: name from path`): through its
 * table files or a module's index.ts re-exporting them. Table files may reference them for a
 * foreign key, app/schema.ts gathers every table, and test/tables.ts hands them to tests.
 */
function tableImportsOutsideFiles(): string[] {
  const allowed = (file: string) =>
    file.startsWith(path.join(modulesDir, 'files') + path.sep) ||
    file.endsWith('.table.ts') ||
    file === path.join(root, 'apps/server/src/app/schema.ts') ||
    file === path.join(serverDir, 'test/tables.ts');
  const found: string[] = [];
  for (const dir of ['src', 'test']) {
    for (const relative of readdirSync(path.join(serverDir, dir), { recursive: true, encoding: 'utf8' })) {
      const file = path.join(serverDir, dir, relative);
      if (!file.endsWith('.ts') || allowed(file)) continue;
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
      for (const statement of source.statements) {
        const specifier =
          (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
        if (!specifier || !ts.isStringLiteral(specifier)) continue;
        const target = ts.resolveModuleName(specifier.text, file, resolution, ts.sys).resolvedModule?.resolvedFileName;
        if (!target?.startsWith(modulesDir)) continue;
        const bindings = ts.isImportDeclaration(statement)
          ? statement.importClause?.namedBindings
          : statement.exportClause;
        const names =
          bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))
            ? bindings.elements.map((e) => (e.propertyName ?? e.name).text)
            : ['*'];
        const tables = filesTableFiles.includes(target) ? names : names.filter((name) => filesTables.has(name));
        for (const name of tables) found.push(`${path.relative(root, file)}: ${name} from ${specifier.text}`);
      }
    }
  }
  return found;
}

/** SQL written by hand outside modules/files that reads or writes the files module's tables. */
function rawTableSqlOutsideFiles(): string[] {
  const found: string[] = [];
  const pattern = /\b(from|join|update|into)\s+(items|favourites|team_folders|team_members)\b/gi;
  for (const relative of readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })) {
    if (!relative.endsWith('.ts') || relative.endsWith('.test.ts') || relative.startsWith(`files${path.sep}`)) continue;
    const text = readFileSync(path.join(modulesDir, relative), 'utf8');
    for (const match of text.matchAll(pattern)) found.push(`${relative}: ${match[0]}`);
  }
  return found;
}

const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.boundaries.js') });
const errorsOf = (results: ESLint.LintResult[]) =>
  results.flatMap((r) =>
    r.messages
      .filter((m) => m.severity === 2)
      .map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.ruleId ?? ''} ${m.message}`),
  );

describe('module boundaries', () => {
  it('finds a cycle when there is one', () => {
    const edge = (to: string) => new Map([[to, ['x']]]);
    const graph: Graph = new Map([
      ['auth', edge('users')],
      ['users', edge('files')],
      ['files', edge('auth')],
      ['sharing', edge('files')],
    ]);
    expect(cyclesOf(graph)).toEqual([['auth', 'files', 'users']]);
  });

  it('has no cycle between the server modules', () => {
    const graph = moduleGraph();
    expect(graph.get('sharing')?.has('files')).toBe(true);
    const cycles = cyclesOf(graph).map((group) =>
      group.flatMap((from) =>
        [...(graph.get(from) ?? [])]
          .filter(([to]) => group.includes(to))
          .map(([to, why]) => `${from} → ${to}: ${why[0]}`),
      ),
    );
    expect(cycles).toEqual([]);
  });

  it('asks the files module through its verbs, never through its tables (ADR 0070)', () => {
    expect(tableImportsOutsideFiles()).toEqual([]);
    expect(rawTableSqlOutsideFiles()).toEqual([]);
  });

  it('reports an import that crosses a boundary', async () => {
    const probes = [
      ['apps/server/src/modules/auth/probe.ts', "import { users } from '../users/users.table.js';"],
      ['apps/server/src/modules/auth/probe.test.ts', "import type { UserRow } from '../users/users.table.js';"],
      ['apps/server/src/lib/probe.ts', "import { loadItem } from '../modules/files/index.js';"],
      ['apps/server/src/modules/files/probe.ts', "import { buildHttpApp } from '../../app/http.js';"],
      ['apps/web/src/lib/probe.ts', "import { FilesPage } from '../features/files/FilesPages';"],
      ['packages/contract/src/probe.ts', "import pino from 'pino';"],
    ];
    for (const [file, code] of probes) {
      const results = await eslint.lintText(`${code}\n`, { filePath: path.join(root, file!) });
      expect(errorsOf(results), file).toHaveLength(1);
    }
  });

  it('holds every import of the server, the web app and the contract', { timeout: 300_000 }, async () => {
    const results = await eslint.lintFiles([
      'apps/server/src',
      'apps/server/test',
      'apps/web/src',
      'packages/contract/src',
    ]);
    expect(results.length).toBeGreaterThan(300);
    expect(errorsOf(results)).toEqual([]);
  });
});
