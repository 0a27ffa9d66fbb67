import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The server's import graph, `import type` included: lint's no-cycle rule skips type-only imports,
// and a cycle of types still ties two modules so that neither can be read or changed alone.
const SOURCE = import.meta.dirname;
const MODULES = path.join(SOURCE, 'modules');

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = path.resolve(path.dirname(from), specifier);
  return [`${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')].find((file) => fs.existsSync(file)) ?? null;
}

function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SOURCE)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.flatMap(({ fileName }) => resolveImport(file, fileName) ?? []);
    graph.set(file, new Set(targets));
  }
  return graph;
}

/** Strongly connected components of more than one node (Tarjan): each is a cycle. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

function moduleOf(file: string): string | null {
  const relative = path.relative(MODULES, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0];
}

describe('the server import graph (type imports included)', () => {
  const graph = importGraph();

  it('has no cycle between files', () => {
    const named = cycles(graph).map((cycle) => cycle.map((file) => path.relative(SOURCE, file)));
    expect(named).toEqual([]);
  });

  it('has no cycle between modules', () => {
    const modules = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      const from = moduleOf(file);
      if (!from) continue;
      const edges = modules.get(from) ?? new Set<string>();
      for (const target of targets) {
        const to = moduleOf(target);
        if (to && to !== from) edges.add(to);
      }
      modules.set(from, edges);
    }
    expect(cycles(modules)).toEqual([]);
  });

  it('sees a type-only import', () => {
    const graphWithCycle = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['a'])],
    ]);
    expect(cycles(graphWithCycle)).toEqual([['a', 'b']]);
    const { importedFiles } = ts.preProcessFile("import type { X } from './x';\n", true, true);
    expect(importedFiles.map((file) => file.fileName)).toEqual(['./x']);
  });
});
