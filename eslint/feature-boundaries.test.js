import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { featureBoundaries, resolveSpecifier } from './feature-boundaries.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

// A made-up repository root: the rule only does path arithmetic, it never reads the disk.
const root = '/repo';
const options = [{ root, aliases: { '@/': 'src/', '~/': 'src/' } }];
const file = (p) => `${root}/${p}`;

const ruleTester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});

const valid = (code, filename) => ({ code, filename: file(filename), options });
const invalid = (code, filename, messageId, data) => ({
  code,
  filename: file(filename),
  options,
  errors: [data ? { messageId, data } : { messageId }],
});

ruleTester.run('feature-boundaries', featureBoundaries, {
  valid: [
    // Within one feature.
    valid("import { Cart } from './Cart';", 'src/features/cart/CartPage.tsx'),
    valid("import { row } from '../components/Row';", 'src/features/cart/hooks/useCart.ts'),
    valid("import { useCart } from '@/features/cart/hooks/useCart';", 'src/features/cart/CartPage.tsx'),
    // Shared layers.
    valid("import { Button } from '../../ui/Button';", 'src/features/cart/CartPage.tsx'),
    valid("import { formatMoney } from '@/lib/money';", 'src/features/cart/CartPage.tsx'),
    valid("import { api } from '~/api/client';", 'src/features/orders/OrdersPage.tsx'),
    valid("import { outbox } from 'src/offline/outbox';", 'src/features/inventory/useCount.ts'),
    valid("import { cartSchema } from '../../../contract/cart';", 'src/features/cart/CartPage.tsx'),
    valid("import errors from '../../../locales/sv/errors.json';", 'src/features/auth/LoginPage.tsx'),
    // Packages are never project paths, even when their name looks like one.
    valid("import { z } from 'zod';", 'src/features/cart/CartPage.tsx'),
    valid("import { useQuery } from '@tanstack/react-query';", 'src/features/cart/CartPage.tsx'),
    // The app shell (router) may import every feature.
    valid("const Cart = lazy(() => import('../features/cart/CartPage'));", 'src/app/router.tsx'),
    valid("import { CartPage } from '@/features/cart/CartPage';", 'src/app/routes.tsx'),
    // A file placed directly in src/features/ is no feature of its own.
    valid("import { CartPage } from './cart/CartPage';", 'src/features/index.ts'),
    // contract/ may import contract/ and locales/.
    valid("import { apiError } from './common';", 'contract/cart.ts'),
    valid("import messages from '../locales/sv/validation.json';", 'contract/password.ts'),
    // Server and tests are not limited by this rule.
    valid("import { buildApp } from '../../server/app';", 'tests/server/auth.test.ts'),
    valid("import { cartSchema } from '../../contract/cart';", 'server/modules/cart/routes.ts'),
    // Files outside the repository are left alone.
    { code: "import x from '../features/b/x';", filename: '/elsewhere/src/features/a/y.ts', options },
    // Query suffixes (Vite) are stripped before resolving.
    valid("import icon from '../../ui/icons/cart.svg?url';", 'src/features/cart/CartPage.tsx'),
    // The shell may import itself; a folder whose name only starts like the shell's is no shell.
    valid("import { useBusy } from './pwa/busy';", 'src/app/router.tsx'),
    valid("import { x } from '../../application/x';", 'src/features/cart/CartPage.tsx'),
    // The worker protocol beside the engine is where page and worker meet.
    valid("import { MESSAGE } from '../../offline/engine/worker-protocol';", 'src/app/pwa/update.ts'),
    // sw/ through the entrances of src/offline, and anything else of src/.
    valid("import { offlineDb } from '../src/offline';", 'sw/drain.ts'),
    valid("import { offlineDb } from '../src/offline/index';", 'sw/drain.ts'),
    valid("import { sync } from '../src/offline/engine/index.ts';", 'sw/drain.ts'),
    valid("import type { Message } from '../src/offline/engine/worker-protocol';", 'sw/protocol.ts'),
    valid("import { registerKinds } from '../src/offline/kinds';", 'sw/sw.ts'),
    valid("import { readClientConfig } from '../src/lib/config';", 'sw/drain.ts'),
    // The engine imports itself; a kind imports the engine.
    valid("import { offlineDb } from './db';", 'src/offline/engine/drain.ts'),
    valid("import { enqueue } from '../engine/outbox';", 'src/offline/cart/mutate.ts'),
  ],
  invalid: [
    // Cross-feature, by relative path, alias and root-relative path.
    invalid("import { useCart } from '../cart/hooks/useCart';", 'src/features/search/SearchPage.tsx', 'crossFeature', {
      from: 'search',
      to: 'cart',
      source: '../cart/hooks/useCart',
    }),
    invalid(
      "import { useCart } from '@/features/cart/hooks/useCart';",
      'src/features/search/SearchPage.tsx',
      'crossFeature',
    ),
    invalid("import { useCart } from '~/features/cart';", 'src/features/search/SearchPage.tsx', 'crossFeature'),
    invalid("import { useCart } from 'src/features/cart/index';", 'src/features/search/SearchPage.tsx', 'crossFeature'),
    invalid("import { useCart } from '/src/features/cart';", 'src/features/search/SearchPage.tsx', 'crossFeature'),
    invalid("import { x } from '../../features/cart/x';", 'src/features/search/SearchPage.tsx', 'crossFeature'),
    // Deep nesting inside the importing feature.
    invalid("import { x } from '../../../orders/x';", 'src/features/cart/a/b/c.ts', 'crossFeature', {
      from: 'cart',
      to: 'orders',
      source: '../../../orders/x',
    }),
    // Type-only imports, re-exports, dynamic import, require, import-equals and import types.
    invalid("import type { Cart } from '../cart/types';", 'src/features/orders/OrdersPage.tsx', 'crossFeature'),
    invalid("export { useCart } from '../cart/hooks/useCart';", 'src/features/orders/index.ts', 'crossFeature'),
    invalid("export * from '../cart';", 'src/features/orders/index.ts', 'crossFeature'),
    invalid("const m = await import('../cart/CartPage');", 'src/features/orders/lazy.ts', 'crossFeature'),
    invalid('const m = await import(`../cart/CartPage`);', 'src/features/orders/lazy.ts', 'crossFeature'),
    invalid("const m = require('../cart/CartPage');", 'src/features/orders/legacy.js', 'crossFeature'),
    invalid("import m = require('../cart/CartPage');", 'src/features/orders/legacy.ts', 'crossFeature'),
    invalid("type M = typeof import('../cart/CartPage');", 'src/features/orders/types.ts', 'crossFeature'),
    // contract/ must not reach into server/ or src/.
    invalid("import { db } from '../server/db/client';", 'contract/cart.ts', 'contractImport', {
      to: 'server',
      source: '../server/db/client',
    }),
    invalid("import { money } from '../src/lib/money';", 'contract/cart.ts', 'contractImport', {
      to: 'src',
      source: '../src/lib/money',
    }),
    invalid("import { money } from '@/lib/money';", 'contract/cart.ts', 'contractImport'),
    // src/ must not import server code, features included.
    invalid(
      "import { hashPassword } from '../../server/modules/auth/passwords';",
      'src/lib/x.ts',
      'clientImportsServer',
    ),
    invalid(
      "import type { Config } from '../../../server/config';",
      'src/features/auth/LoginPage.tsx',
      'clientImportsServer',
    ),
    invalid("import { x } from 'server/app';", 'src/main.tsx', 'clientImportsServer'),
    // A feature must not import the app shell.
    invalid(
      "import { useBusy } from '../../app/pwa/busy';",
      'src/features/inventory/CountPage.tsx',
      'featureImportsApp',
      {
        from: 'inventory',
        source: '../../app/pwa/busy',
      },
    ),
    invalid("import { router } from '@/app/router';", 'src/features/cart/CartPage.tsx', 'featureImportsApp'),
    // src/ must not import the service worker.
    invalid("import { MESSAGE } from '../../../sw/protocol';", 'src/app/pwa/update.ts', 'clientImportsWorker', {
      source: '../../../sw/protocol',
    }),
    invalid("import { x } from 'sw/routes';", 'src/lib/x.ts', 'clientImportsWorker'),
    // sw/ must not reach deep into src/offline.
    invalid("import { offlineDb } from '../src/offline/db';", 'sw/drain.ts', 'workerImportsOfflineInternals'),
    invalid("import { drain } from '../src/offline/engine/drain';", 'sw/drain.ts', 'workerImportsOfflineInternals'),
    invalid("import { x } from '../src/offline/cart/operations';", 'sw/drain.ts', 'workerImportsOfflineInternals'),
    // The engine must not import a kind.
    invalid("import { x } from '../cart/operations';", 'src/offline/engine/drain.ts', 'engineImportsKind', {
      kind: 'cart',
      source: '../cart/operations',
    }),
    invalid("import type { X } from '../../purchase-lists/state';", 'src/offline/engine/a/b.ts', 'engineImportsKind', {
      kind: 'purchase-lists',
      source: '../../purchase-lists/state',
    }),
    invalid("import { x } from '@/offline/inventory/scan';", 'src/offline/engine/refresh.ts', 'engineImportsKind'),
  ],
});

describe('resolveSpecifier', () => {
  const aliases = { '@/': 'src/' };
  it('resolves relative, aliased and root-relative specifiers to repository paths', () => {
    expect(resolveSpecifier('../b/x', '/repo/src/features/a/y.ts', '/repo', aliases)).toBe('src/features/b/x');
    expect(resolveSpecifier('@/lib/money', '/repo/src/features/a/y.ts', '/repo', aliases)).toBe('src/lib/money');
    expect(resolveSpecifier('/contract/cart', '/repo/src/x.ts', '/repo', aliases)).toBe('contract/cart');
  });
  it('returns null for packages and for paths outside the repository', () => {
    expect(resolveSpecifier('react', '/repo/src/x.ts', '/repo', aliases)).toBeNull();
    expect(resolveSpecifier('@tanstack/react-query', '/repo/src/x.ts', '/repo', aliases)).toBeNull();
    expect(resolveSpecifier('../../../etc/passwd', '/repo/src/x.ts', '/repo', aliases)).toBeNull();
  });
});
