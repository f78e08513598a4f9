// The local plugin that eslint.config.js registers as 'skafferi': the rules that guard the shape of the repository
// (docs/decisions/0057-lint-guards-the-shape.md).
import { featureBoundaries } from './feature-boundaries.js';
import { noImportCycle } from './no-import-cycle.js';
import { noSeedImport } from './no-seed-import.js';

export default {
  meta: { name: 'eslint-plugin-skafferi-local', version: '1.0.0' },
  rules: {
    'feature-boundaries': featureBoundaries,
    'no-import-cycle': noImportCycle,
    'no-seed-import': noSeedImport,
  },
};
