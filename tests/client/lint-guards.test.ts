import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The guards of the repository's shape (eslint/, docs/decisions/0057-lint-guards-the-shape.md), run the way `npm run
// lint` runs them: the project's own eslint.config.js, on deliberate violations and on their clean counterparts. The
// texts are linted as if they stood at the given path; nothing is written to disk.
const root = decodeURIComponent(new URL('../../', import.meta.url).pathname);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The messages of one rule for `code` at `file` (a repository path). */
async function messages(rule: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result!.messages.filter((m) => m.ruleId === `skafferi/${rule}`).map((m) => m.message);
}

describe('no import circle', () => {
  const block = 'src/features/content/components/article.tsx';

  it('reports an import that leads back to the file, naming the whole circle', async () => {
    // registry.tsx imports every block: a block that imported the registry back would close a circle.
    const found = await messages(
      'no-import-cycle',
      block,
      "import { COMPONENTS } from './registry';\nvoid COMPONENTS;\n",
    );
    expect(found).toEqual([
      expect.stringContaining(`Import circle: ${block} → src/features/content/components/registry.tsx → ${block}`),
    ]);
  });

  it('counts type-only and dynamic imports too', async () => {
    const typeOnly = "import type { ComponentMap } from './registry';\nexport type M = ComponentMap;\n";
    expect(await messages('no-import-cycle', block, typeOnly)).toHaveLength(1);
    const dynamic = "export const load = () => import('./registry');\n";
    expect(await messages('no-import-cycle', block, dynamic)).toHaveLength(1);
  });

  it('lets a block draw nested blocks through blok.tsx, which imports no block', async () => {
    const code = "import { Blok } from './blok';\nexport const Nested = Blok;\n";
    expect(await messages('no-import-cycle', block, code)).toEqual([]);
  });
});

describe('no module imports the demo data', () => {
  const code = "import { computeOrderTotals } from '../../db/seed/orders';\nvoid computeOrderTotals;\n";

  it('reports a server module that imports the seed', async () => {
    expect(await messages('no-seed-import', 'server/modules/cart/pricing.ts', code)).toEqual([
      expect.stringContaining("may import the demo data ('../../db/seed/orders')"),
    ]);
  });

  it('reports client and contract code too', async () => {
    const fromContract = "import { seed } from '../../server/db/seed';\nvoid seed;\n";
    expect(await messages('no-seed-import', 'contract/rules/order-totals.ts', fromContract)).toHaveLength(1);
  });

  it('lets the seed, its command line, tests and benches import it', async () => {
    const own = "import { orders } from './orders';\nvoid orders;\n";
    expect(await messages('no-seed-import', 'server/db/seed/cli.ts', own)).toEqual([]);
    const fromTest = "import { seed } from '../../server/db/seed';\nvoid seed;\n";
    expect(await messages('no-seed-import', 'tests/server/seed.test.ts', fromTest)).toEqual([]);
    expect(
      await messages('no-seed-import', 'bench/orders.bench.ts', "import { seed } from '../server/db/seed';\n"),
    ).toEqual([]);
  });

  it('lets a server module read its rules from contract/rules', async () => {
    const clean =
      "import { computeOrderTotals } from '../../../contract/rules/order-totals';\nvoid computeOrderTotals;\n";
    expect(await messages('no-seed-import', 'server/modules/cart/pricing.ts', clean)).toEqual([]);
  });
});

describe('features stay apart from the app shell and from each other', () => {
  const page = 'src/features/inventory/CountPage.tsx';

  it('reports a feature that imports src/app', async () => {
    const code = "import { useBusy } from '../../app/pwa/busy';\nuseBusy('count');\n";
    expect(await messages('feature-boundaries', page, code)).toEqual([
      expect.stringContaining("Feature 'inventory' must not import the app shell ('../../app/pwa/busy')"),
    ]);
  });

  it('reports a feature that imports another feature', async () => {
    const code = "import { CartPage } from '../cart/CartPage';\nvoid CartPage;\n";
    expect(await messages('feature-boundaries', page, code)).toEqual([
      expect.stringContaining("Feature 'inventory' must not import from feature 'cart'"),
    ]);
  });

  it('lets the app shell import features, and features import the shared layers', async () => {
    const shell = "export const load = () => import('../features/inventory/CountPage');\n";
    expect(await messages('feature-boundaries', 'src/app/router.tsx', shell)).toEqual([]);
    const shared =
      "import { offlineDb } from '../../offline';\nimport { Button } from '../../ui/Button';\nvoid [offlineDb, Button];\n";
    expect(await messages('feature-boundaries', page, shared)).toEqual([]);
  });
});

describe('the service worker and the app meet only in the offline engine', () => {
  it('reports src/ importing sw/', async () => {
    const code = "import { SKIP_WAITING_MESSAGE } from '../../../sw/protocol';\nvoid SKIP_WAITING_MESSAGE;\n";
    expect(await messages('feature-boundaries', 'src/app/pwa/update.ts', code)).toEqual([
      expect.stringContaining("src/ must not import the service worker ('../../../sw/protocol')"),
    ]);
  });

  it('lets src/ import the worker protocol beside the engine', async () => {
    const code =
      "import { SKIP_WAITING_MESSAGE } from '../../offline/engine/worker-protocol';\nvoid SKIP_WAITING_MESSAGE;\n";
    expect(await messages('feature-boundaries', 'src/app/pwa/update.ts', code)).toEqual([]);
  });

  it('reports sw/ reaching deep into src/offline', async () => {
    const code =
      "import { offlineDb } from '../src/offline/db';\nimport { x } from '../src/offline/cart/operations';\nvoid [offlineDb, x];\n";
    const found = await messages('feature-boundaries', 'sw/drain.ts', code);
    expect(found).toHaveLength(2);
    expect(found[0]).toContain('sw/ must reach src/offline only through its entrances');
    expect(found[0]).toContain("not '../src/offline/db'");
  });

  it('lets sw/ import the public face, the engine and its worker protocol, and the rest of src/', async () => {
    const code = [
      "import { offlineDb } from '../src/offline';",
      "import { sync } from '../src/offline/engine';",
      "import { SKIP_WAITING_MESSAGE } from '../src/offline/engine/worker-protocol';",
      "import { readClientConfig } from '../src/lib/config';",
      'void [offlineDb, sync, SKIP_WAITING_MESSAGE, readClientConfig];',
      '',
    ].join('\n');
    expect(await messages('feature-boundaries', 'sw/drain.ts', code)).toEqual([]);
  });
});

describe('the offline engine imports no kind', () => {
  const engineFile = 'src/offline/engine/refresh.ts';

  it('reports the engine importing a kind', async () => {
    for (const kind of ['cart', 'inventory', 'purchase-lists']) {
      const code = `import { refresh } from '../${kind}/operations';\nvoid refresh;\n`;
      expect(await messages('feature-boundaries', engineFile, code)).toEqual([
        expect.stringContaining(`The offline engine must not import the kind '${kind}'`),
      ]);
    }
  });

  it('lets the engine import itself, and a kind import the engine', async () => {
    const own =
      "import { offlineDb } from './db';\nimport { backoff } from '../engine/backoff';\nvoid [offlineDb, backoff];\n";
    expect(await messages('feature-boundaries', engineFile, own)).toEqual([]);
    const kind = "import { enqueue } from '../engine/outbox';\nvoid enqueue;\n";
    expect(await messages('feature-boundaries', 'src/offline/cart/mutate.ts', kind)).toEqual([]);
  });
});
