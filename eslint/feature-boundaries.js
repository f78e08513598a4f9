// Local ESLint rule: keeps the layers of the repository apart.
//
//  - a file under src/features/<a>/ must not import anything under src/features/<b>/ (b ≠ a), nor the app shell
//    src/app/ (the shell imports the features, never the other way round); shared code goes to src/ui, src/lib,
//    src/api or src/offline (or contract/, locales/);
//  - contract/ (shared by server and client) must not import from server/ or src/;
//  - src/ (the browser app) must not import from server/ nor from sw/ (the service worker imports the app's offline
//    engine; what both speak is the engine's worker protocol, src/offline/engine/worker-protocol.ts);
//  - sw/ reaches into src/offline only through its entrances (the public face, the engine's public face and worker
//    protocol, the kinds' registration — option `workerEntrances`), never a file deep inside;
//  - the offline engine (src/offline/engine/) never imports a kind (any other folder of src/offline/): kinds
//    register themselves with the engine.
//
// Import specifiers are resolved to a path relative to the repository root, whether they are
// relative ('../cart/useCart'), aliased ('@/features/cart') or root-relative ('src/features/cart',
// '/src/features/cart'). Static imports, re-exports, dynamic import('…'), require('…') and
// TypeScript's `import x = require('…')` are all checked; type-only imports count too.
import { importVisitors, isIn, lintedFile, resolveSpecifier, topDir } from './imports.js';

export { resolveSpecifier };

/** Where sw/ may enter src/offline, as repository paths without extension ('/index' is the folder itself). */
export const DEFAULT_WORKER_ENTRANCES = [
  'src/offline',
  'src/offline/engine',
  'src/offline/engine/worker-protocol',
  'src/offline/kinds',
  'src/offline/registry',
];

/** 'src/offline/engine/index.ts' → 'src/offline/engine'; 'src/offline/kinds.ts' → 'src/offline/kinds'. */
const moduleName = (p) => p.replace(/\.(?:d\.)?[mc]?[jt]sx?$/, '').replace(/\/index$/, '');

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

/** The offline kind a target inside src/offline/ belongs to ('src/offline/cart/x' → 'cart'); the engine is none. */
function kindOf(target) {
  const match = /^src\/offline\/([^/.]+)\//.exec(target);
  return match && match[1] !== 'engine' ? match[1] : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Forbid imports across feature folders, from a feature into the app shell, from contract/ into server/ or src/, from src/ into server/ or sw/, from sw/ deep into src/offline, and from the offline engine into a kind.',
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
          workerEntrances: {
            type: 'array',
            items: { type: 'string' },
            description: 'Modules of src/offline that sw/ may import (repository paths without extension).',
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature:
        "Feature '{{from}}' must not import from feature '{{to}}' ('{{source}}'). Move what both need to src/ui, src/lib, src/api or src/offline.",
      featureImportsApp:
        "Feature '{{from}}' must not import the app shell ('{{source}}'): src/app imports the features, not the other way round. Move what the feature needs to src/ui, src/lib, src/api or src/offline.",
      contractImport: "contract/ is shared by server and client and must not import from {{to}}/ ('{{source}}').",
      clientImportsServer:
        "src/ must not import server code ('{{source}}'); share schemas and types through contract/.",
      clientImportsWorker:
        "src/ must not import the service worker ('{{source}}'); what both need lives in src/offline/engine (the worker protocol: src/offline/engine/worker-protocol.ts).",
      workerImportsOfflineInternals:
        "sw/ must reach src/offline only through its entrances ({{entrances}}), not '{{source}}'.",
      engineImportsKind:
        "The offline engine must not import the kind '{{kind}}' ('{{source}}'): a kind registers itself with the engine.",
    },
  },

  create(context) {
    const file = lintedFile(context);
    if (file === null) return {};
    const { root, aliases, filename, relative: fromPath, options } = file;
    const entrances = options.workerEntrances ?? DEFAULT_WORKER_ENTRANCES;

    const fromTop = topDir(fromPath);
    const fromFeature = featureOf(fromPath);
    const fromEngine = isIn(fromPath, 'src/offline/engine');
    if (fromTop !== 'src' && fromTop !== 'contract' && fromTop !== 'sw') return {};

    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const target = resolveSpecifier(specifier, filename, root, aliases);
      if (target === null) return;
      const targetTop = topDir(target);
      const report = (messageId, data = {}) =>
        context.report({ node, messageId, data: { source: specifier, ...data } });

      if (fromTop === 'contract' && (targetTop === 'server' || targetTop === 'src')) {
        report('contractImport', { to: targetTop });
        return;
      }
      if (fromTop === 'src' && targetTop === 'server') {
        report('clientImportsServer');
        return;
      }
      if (fromTop === 'src' && targetTop === 'sw') {
        report('clientImportsWorker');
        return;
      }
      if (fromTop === 'sw' && isIn(target, 'src/offline') && !entrances.includes(moduleName(target))) {
        report('workerImportsOfflineInternals', { entrances: entrances.join(', ') });
        return;
      }
      if (fromEngine && kindOf(target) !== null) {
        report('engineImportsKind', { kind: kindOf(target) });
        return;
      }
      if (fromFeature !== null) {
        if (isIn(target, 'src/app')) {
          report('featureImportsApp', { from: fromFeature });
          return;
        }
        const toFeature = targetFeatureOf(target);
        if (toFeature !== null && toFeature !== fromFeature)
          report('crossFeature', { from: fromFeature, to: toFeature });
      }
    }

    return importVisitors(check);
  },
};
