// What the local rules share: turning an import specifier into a repository path, and finding every import of a file.
import path from 'node:path';

/** Aliases used when a rule is given none: '@/x' and '~/x' mean 'src/x'. */
export const DEFAULT_ALIASES = { '@/': 'src/', '~/': 'src/' };

/** Top-level folders that may be written root-relative ('src/lib/x', '/src/lib/x'). */
const ROOT_DIRS = ['src', 'server', 'contract', 'locales', 'sw'];

export const toPosix = (p) => p.split(path.sep).join('/');

/** 'src/features/cart/x.ts' → 'src'. */
export const topDir = (relativePath) => relativePath.split('/')[0];

/**
 * Resolves an import specifier to a repository-relative POSIX path, or null when it names a package
 * (or lies outside the repository).
 */
export function resolveSpecifier(specifier, fromFile, root, aliases) {
  const bare = specifier.replace(/[?#].*$/, ''); // Vite's '?url', '?raw' …
  let absolute = null;
  if (bare.startsWith('./') || bare.startsWith('../') || bare === '.' || bare === '..') {
    absolute = path.resolve(path.dirname(fromFile), bare);
  } else {
    for (const [prefix, target] of Object.entries(aliases)) {
      if (bare === prefix.replace(/\/$/, '') || bare.startsWith(prefix)) {
        absolute = path.resolve(root, target, bare.slice(prefix.length));
        break;
      }
    }
    if (absolute === null) {
      const withoutSlash = bare.startsWith('/') ? bare.slice(1) : bare;
      const first = withoutSlash.split('/')[0];
      if (ROOT_DIRS.includes(first)) absolute = path.resolve(root, withoutSlash);
    }
  }
  if (absolute === null) return null;
  const relative = toPosix(path.relative(root, absolute));
  if (relative.startsWith('../') || relative === '..' || path.isAbsolute(relative)) return null;
  return relative;
}

/** The linted file as a repository path, with the rule's root and aliases; null for a file outside the repository. */
export function lintedFile(context) {
  const options = context.options[0] ?? {};
  const root = path.resolve(options.root ?? context.cwd);
  const aliases = options.aliases ?? DEFAULT_ALIASES;
  const filename = path.resolve(root, context.filename);
  const relative = toPosix(path.relative(root, filename));
  if (relative.startsWith('../') || path.isAbsolute(relative)) return null;
  return { root, aliases, filename, relative, options };
}

/**
 * AST visitors that call `check(node, specifier)` for every import of a file: static imports, re-exports, dynamic
 * import('…'), require('…'), TypeScript's `import x = require('…')` and `typeof import('…')`; type-only imports too.
 */
export function importVisitors(check) {
  const checkSource = (node) => {
    if (node.source && node.source.type === 'Literal') check(node.source, node.source.value);
  };
  return {
    ImportDeclaration: checkSource,
    ExportNamedDeclaration: checkSource,
    ExportAllDeclaration: checkSource,
    ImportExpression(node) {
      if (node.source.type === 'Literal') check(node.source, node.source.value);
      else if (node.source.type === 'TemplateLiteral' && node.source.expressions.length === 0) {
        check(node.source, node.source.quasis[0].value.cooked);
      }
    },
    CallExpression(node) {
      if (
        node.callee.type === 'Identifier' &&
        node.callee.name === 'require' &&
        node.arguments.length === 1 &&
        node.arguments[0].type === 'Literal'
      ) {
        check(node.arguments[0], node.arguments[0].value);
      }
    },
    TSImportEqualsDeclaration(node) {
      const ref = node.moduleReference;
      if (ref.type === 'TSExternalModuleReference' && ref.expression.type === 'Literal') {
        check(ref.expression, ref.expression.value);
      }
    },
    // `typeof import('…')` in a type position.
    TSImportType(node) {
      const arg = node.source ?? node.argument;
      const literal = arg?.type === 'TSLiteralType' ? arg.literal : arg;
      if (literal?.type === 'Literal') check(literal, literal.value);
    },
  };
}

/** True when `target` is `dir` or lies inside it ('src/app', 'src/app/x' are in 'src/app'; 'src/apps' is not). */
export const isIn = (target, dir) => target === dir || target.startsWith(`${dir}/`);
