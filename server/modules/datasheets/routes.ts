import type { FastifyInstance } from 'fastify';
import { site } from '../../../contract/routes/schemas/site';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { fileNameHeader } from '../../lib/file-name-header';
import { dataSheetPdf } from './pdf';
import { createDataSheetService } from './service';
import { register } from '../../plugins/route';

/** Public product information: browsers and proxies may keep a sheet for a day (the ETag revalidates after that). */
const CACHE = 'public, max-age=86400';
/**
 * Chrome shows an inline PDF through an embedded viewer, which the app's `object-src 'none'` would block; the PDF runs
 * nothing of ours, so its answer only keeps the framing rule.
 */
const PDF_CSP = "frame-ancestors 'none'";
/** Recently made sheets by ETag, so that repeated downloads of a popular product do not lay it out again. */
const MEMORY_ENTRIES = 50;

/**
 * GET /datablad/:file — the data sheets the catalogue links to (`dataSheets[].url`): a product sheet PDF generated
 * from the catalogue (name, article number, brand, EAN, unit and package, origin, storage, ingredients, nutrients,
 * labels) and, for chemicals, the first section of a safety data sheet. No token needed (public catalogue data).
 */
export function dataSheetRoutes({ db, config }: { db: DbOrTx; config: Config }) {
  const sheets = createDataSheetService(db, config.customerServiceEmail);
  const made = new Map<string, Buffer>();

  return async (fastify: FastifyInstance) => {
    register(fastify, site.dataSheet, {
      handler: async (req, reply) => {
        const sheet = await sheets.find(req.params.file);
        reply.header('cache-control', CACHE).header('etag', sheet.etag);
        const ifNoneMatch = req.headers['if-none-match'];
        if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === sheet.etag.slice(2)))
          return reply.status(304).send(null);

        let pdf = made.get(sheet.etag);
        if (!pdf) {
          pdf = await dataSheetPdf(sheet.product, sheet.kind, {
            title: sheet.title,
            customerServiceEmail: config.customerServiceEmail,
          });
          made.set(sheet.etag, pdf);
          if (made.size > MEMORY_ENTRIES) made.delete(made.keys().next().value!);
        }
        return reply
          .type('application/pdf')
          .header('content-disposition', fileNameHeader(sheet.fileName, 'inline'))
          .header('content-security-policy', PDF_CSP)
          .send(pdf);
      },
    });
  };
}
