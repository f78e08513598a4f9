// Local ESLint rule: the demo-data generator (server/db/seed) is a leaf. It imports the rules it needs (contract/rules)
// and the server's modules; nothing imports it back except its own files, its command line, the tests and benches
// (option `allow`) — a rule the shop runs on must never live in, or be read from, demo data.
import { importVisitors, isIn, lintedFile, resolveSpecifier } from './imports.js';

const SEED = 'server/db/seed';

/** Who may import the seed by default: the seed itself (its CLI is server/db/seed/cli.ts), tests and benches. */
export const DEFAULT_SEED_ALLOW = [SEED, 'tests', 'bench'];

/** @type {import('eslint').Rule.RuleModule} */
export const noSeedImport = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid importing the demo-data generator server/db/seed outside the files allowed to.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string', description: 'Absolute path of the repository root (default: ESLint cwd).' },
          aliases: { type: 'object', additionalProperties: { type: 'string' } },
          allow: {
            type: 'array',
            items: { type: 'string' },
            description: 'Files and folders (repository paths) that may import the seed.',
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      seedImport:
        "Nothing but the seed, its command line, tests and benches may import the demo data ('{{source}}'): move the rule it holds to contract/rules or the server module that owns it.",
    },
  },

  create(context) {
    const file = lintedFile(context);
    if (file === null) return {};
    const { root, aliases, filename, relative, options } = file;
    const allow = options.allow ?? DEFAULT_SEED_ALLOW;
    if (allow.some((allowed) => isIn(relative, allowed))) return {};

    return importVisitors((node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = resolveSpecifier(specifier, filename, root, aliases);
      if (target !== null && isIn(target, SEED)) {
        context.report({ node, messageId: 'seedImport', data: { source: specifier } });
      }
    });
  },
};
