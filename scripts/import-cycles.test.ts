import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { root } from './lib.mjs';

/**
 * Every relative import of every TypeScript file under `dir` (type-only imports and
 * re-exports counted, as madge --circular counts them), resolved to files.
 */
function importGraph(dir: string): Map<string, string[]> {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (!['node_modules', 'dist', 'migrations'].includes(e.name)) walk(p);
      } else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) files.push(p);
    }
  };
  walk(dir);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((i) => i.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => path.resolve(path.dirname(file), name))
      .filter((target) => fs.existsSync(target));
    graph.set(file, targets);
  }
  return graph;
}

/** The import circles of a graph, each as the files around it (relative to `base`). */
function circles(graph: Map<string, string[]>, base: string): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open')
        found.push(stack.slice(stack.indexOf(next)).map((f) => path.relative(base, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('imports', () => {
  it.each(['packages/contracts/src', 'apps/server/src', 'apps/admin/src', 'apps/storefront/src'])(
    'go round in no circle in %s',
    (dir) => {
      const base = path.join(root, dir);
      expect(circles(importGraph(base), base)).toEqual([]);
    },
  );

  it('would find one (the check can fail)', () => {
    const a = path.join(root, 'a.ts');
    const b = path.join(root, 'b.ts');
    const graph = new Map([
      [a, [b]],
      [b, [a]],
    ]);
    expect(circles(graph, root)).toEqual([['a.ts', 'b.ts']]);
  });
});
