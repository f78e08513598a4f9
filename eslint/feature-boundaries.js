// Local ESLint rule: keeps the layers of the repository apart.
//
//  - a file under src/features/<a>/ must not import anything under src/features/<b>/ (b ≠ a);
//    shared code goes to src/ui, src/lib, src/api or src/offline (or contract/, locales/);
//  - contract/ (shared by server and client) must not import from server/ or src/;
//  - src/ (the browser app) must not import from server/.
//
// Import specifiers are resolved to a path relative to the repository root, whether they are
// relative ('../cart/useCart'), aliased ('@/features/cart') or root-relative ('src/features/cart',
// '/src/features/cart'). Static imports, re-exports, dynamic import('…'), require('…') and
// TypeScript's `import x = require('…')` are all checked; type-only imports count too.
import path from 'node:path';

/** Aliases used when the rule is given none: '@/x' and '~/x' mean 'src/x'. */
const DEFAULT_ALIASES = { '@/': 'src/', '~/': 'src/' };

/** Top-level folders that may be written root-relative ('src/lib/x', '/src/lib/x'). */
const ROOT_DIRS = ['src', 'server', 'contract', 'locales', 'sw'];

const toPosix = (p) => p.split(path.sep).join('/');

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

/** 'src/features/cart/x.ts' → 'cart'; anything else → null. */
function featureOf(relativePath) {
  const match = /^src\/features\/([^/]+)\//.exec(relativePath);
  return match ? match[1] : null;
}

/** The feature a target path points into: 'src/features/cart' and 'src/features/cart/x' → 'cart'. */
function targetFeatureOf(relativePath) {
  const match = /^src\/features\/([^/.]+)(?:\/|$)/.exec(relativePath);
  return match ? match[1] : null;
}

const topDir = (relativePath) => relativePath.split('/')[0];

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Forbid imports across feature folders, from contract/ into server/ or src/, and from src/ into server/.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string', description: 'Absolute path of the repository root (default: ESLint cwd).' },
          aliases: {
            type: 'object',
            additionalProperties: { type: 'string' },
            description: "Import prefixes and the repository folder each stands for, e.g. { '@/': 'src/' }.",
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature:
        "Feature '{{from}}' must not import from feature '{{to}}' ('{{source}}'). Move what both need to src/ui, src/lib, src/api or src/offline.",
      contractImport: "contract/ is shared by server and client and must not import from {{to}}/ ('{{source}}').",
      clientImportsServer:
        "src/ must not import server code ('{{source}}'); share schemas and types through contract/.",
    },
  },

  create(context) {
    const options = context.options[0] ?? {};
    const root = path.resolve(options.root ?? context.cwd);
    const aliases = options.aliases ?? DEFAULT_ALIASES;
    const filename = path.resolve(root, context.filename);
    const fromPath = toPosix(path.relative(root, filename));
    if (fromPath.startsWith('../') || path.isAbsolute(fromPath)) return {};

    const fromTop = topDir(fromPath);
    const fromFeature = featureOf(fromPath);
    if (fromTop !== 'src' && fromTop !== 'contract') return {};

    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const target = resolveSpecifier(specifier, filename, root, aliases);
      if (target === null) return;
      const targetTop = topDir(target);

      if (fromTop === 'contract' && (targetTop === 'server' || targetTop === 'src')) {
        context.report({ node, messageId: 'contractImport', data: { to: targetTop, source: specifier } });
        return;
      }
      if (fromTop === 'src' && targetTop === 'server') {
        context.report({ node, messageId: 'clientImportsServer', data: { source: specifier } });
        return;
      }
      if (fromFeature !== null) {
        const toFeature = targetFeatureOf(target);
        if (toFeature !== null && toFeature !== fromFeature) {
          context.report({
            node,
            messageId: 'crossFeature',
            data: { from: fromFeature, to: toFeature, source: specifier },
          });
        }
      }
    }

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
  },
};

/** The local plugin that eslint.config.js registers as 'skafferi'. */
export default {
  meta: { name: 'eslint-plugin-skafferi-local', version: '1.0.0' },
  rules: { 'feature-boundaries': featureBoundaries },
};
