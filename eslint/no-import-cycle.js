// Local ESLint rule: no import circle. A file is reported when one of its imports leads, through other files of the
// repository, back to itself; the message names the whole circle. Every kind of import counts (static, type-only,
// re-export, dynamic import(), require): a circle through a type or a lazy chunk still ties the files to each other,
// and it is one file away from a runtime circle.
//
// The graph is built from the files on disk, except the linted file, whose current text counts (an editor's unsaved
// text, `lintText`). Each file's imports are read and resolved once per process (kept while its mtime is unchanged, looked at again at most every 2 s) with
// TypeScript's preProcessFile — a scan for import specifiers, several times faster than a full parse — so a whole run
// reads each file once however many files lead through it. eslint-plugin-import-x's `no-cycle` would do this too, but
// it is not installed (docs/decisions/0057-lint-guards-the-shape.md).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { importVisitors, isIn, lintedFile, resolveSpecifier } from './imports.js';

/** The folders whose files make up the graph (tests, benches and scripts may import anything). */
export const DEFAULT_CYCLE_SCOPE = ['src', 'sw', 'server', 'contract'];

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.d.ts'];
const SOURCE = /\.(?:[mc]?[jt]sx?)$/;

/** Absolute path → whether it is a file. */
const fileCache = new Map();

function isFile(absolute) {
  let known = fileCache.get(absolute);
  if (known === undefined) {
    try {
      known = fs.statSync(absolute).isFile();
    } catch {
      known = false;
    }
    fileCache.set(absolute, known);
  }
  return known;
}

/** Import specifiers of a file's text (the same kinds of import as `importVisitors` finds in a syntax tree). */
function specifiersOf(text) {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => ({ name: f.fileName }));
}

/** Absolute path → { mtimeMs, checkedAt, targets }: the files of the graph a file on disk imports. */
const edgeCache = new Map();
/** How long a file's edges are trusted before its mtime is looked at again (a lint run visits each file often). */
const RECHECK_MS = 2000;

/** The graph files `from` (a repository path, read from disk) imports. */
function edgesOnDisk(from, ctx) {
  const absolute = path.join(ctx.root, from);
  const cached = edgeCache.get(absolute);
  const now = Date.now();
  if (cached && now - cached.checkedAt < RECHECK_MS) return cached.targets;
  let mtimeMs;
  try {
    mtimeMs = fs.statSync(absolute).mtimeMs;
  } catch {
    return [];
  }
  if (cached && cached.mtimeMs === mtimeMs) {
    cached.checkedAt = now;
    return cached.targets;
  }
  const targets = [
    ...new Set(targetsOf(specifiersOf(fs.readFileSync(absolute, 'utf8')), from, ctx).map((t) => t.file)),
  ];
  edgeCache.set(absolute, { mtimeMs, checkedAt: now, targets });
  return targets;
}

/** The source file a repository path names ('src/x' → 'src/x.ts', 'src/dir' → 'src/dir/index.tsx'), or null. */
function fileOf(target, root) {
  const candidates = [];
  if (SOURCE.test(target)) candidates.push(target, target.replace(/\.([mc]?)js(x?)$/, '.$1ts$2'));
  for (const ext of EXTENSIONS) candidates.push(target + ext);
  for (const ext of EXTENSIONS) candidates.push(`${target}/index${ext}`);
  return candidates.find((candidate) => isFile(path.join(root, candidate))) ?? null;
}

/** Resolves specifiers of `from` (a repository path) to the files of the graph they name. */
function targetsOf(specifiers, from, ctx) {
  const out = [];
  for (const specifier of specifiers) {
    const target = resolveSpecifier(specifier.name, path.join(ctx.root, from), ctx.root, ctx.aliases);
    if (target === null || !ctx.scope.some((dir) => isIn(target, dir))) continue;
    const file = fileOf(target, ctx.root);
    if (file !== null) out.push({ file, specifier });
  }
  return out;
}

/** The shortest chain of imports from one of `starts` back to `goal` (both ends included), or null. */
function pathBack(starts, goal, ctx) {
  if (starts.includes(goal)) return [goal];
  const parent = new Map(starts.map((start) => [start, null]));
  const queue = [...starts];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i];
    for (const file of edgesOnDisk(node, ctx)) {
      if (parent.has(file)) continue;
      parent.set(file, node);
      if (file === goal) {
        const chain = [];
        for (let at = file; at !== null; at = parent.get(at)) chain.unshift(at);
        return chain;
      }
      queue.push(file);
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import circles among the files of src/, sw/, server/ and contract/.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string', description: 'Absolute path of the repository root (default: ESLint cwd).' },
          aliases: { type: 'object', additionalProperties: { type: 'string' } },
          scope: {
            type: 'array',
            items: { type: 'string' },
            description: 'Folders (repository paths) whose files make up the graph.',
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      cycle: 'Import circle: {{circle}}. Move what both sides need into a file that imports neither.',
    },
  },

  create(context) {
    const file = lintedFile(context);
    if (file === null) return {};
    const ctx = { root: file.root, aliases: file.aliases, scope: file.options.scope ?? DEFAULT_CYCLE_SCOPE };
    const self = file.relative;
    if (!ctx.scope.some((dir) => isIn(self, dir))) return {};

    // The linted file's imports come from its syntax tree (ESLint has parsed it already), the others' from disk.
    const specifiers = [];
    return {
      ...importVisitors((node, name) => {
        if (typeof name === 'string') specifiers.push({ name, node });
      }),
      'Program:exit'() {
        const imports = targetsOf(specifiers, self, ctx);
        // One search from all imports answers the common case (no circle); only then is each import followed alone,
        // so that every import that closes a circle is reported with its own.
        if (pathBack([...new Set(imports.map((i) => i.file))], self, ctx) === null) return;
        const seen = new Set();
        for (const { file: target, specifier } of imports) {
          if (seen.has(target)) continue;
          seen.add(target);
          const chain = pathBack([target], self, ctx);
          if (chain !== null) {
            context.report({
              node: specifier.node,
              messageId: 'cycle',
              data: { circle: [self, ...chain].join(' → ') },
            });
          }
        }
      },
    };
  },
};
