import type { Plugin } from 'vite';
import { FAMILY_NAMES, drawingPath, familyDrawing, type Family } from './families';

/**
 * The demo catalogue's family drawings as files of the client, made from code at build time (no files to download or
 * commit): `vite build` writes images/products/familjer/<family>.svg, and the dev server answers the same paths.
 */
export function productDrawings(): Plugin {
  const byPath = new Map<string, Family>(FAMILY_NAMES.map((family) => [drawingPath(family), family]));
  return {
    name: 'skafferi-product-drawings',
    generateBundle() {
      for (const [path, family] of byPath)
        this.emitFile({ type: 'asset', fileName: path.slice(1), source: familyDrawing(family) });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const family = byPath.get((req.url ?? '').split('?')[0] ?? '');
        if (!family) return next();
        res.setHeader('content-type', 'image/svg+xml');
        res.end(familyDrawing(family));
      });
    },
  };
}
