import { createRequire } from 'node:module';
import path from 'node:path';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);
// The Node build of pdfmake (CommonJS). Its font table and access policies are process-wide, so they are set here once
// for every PDF the server makes (orders, inventory exports, data sheets).
const pdfmake = require('pdfmake') as typeof import('pdfmake');
const fontDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');

/** The font every PDF uses: Roboto as shipped inside pdfmake (å, ä, ö; nothing needed from the system after npm ci). */
export const PDF_FONT = 'Roboto';

let ready = false;
function prepare(): void {
  if (ready) return;
  pdfmake.setFonts({
    [PDF_FONT]: {
      normal: path.join(fontDir, 'Roboto-Regular.ttf'),
      bold: path.join(fontDir, 'Roboto-Medium.ttf'),
      italics: path.join(fontDir, 'Roboto-Italic.ttf'),
      bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
    },
  });
  // A PDF never fetches anything: no URLs, and no files but the fonts.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir));
  ready = true;
}

/** Renders a pdfmake document to a Buffer, with the font `PDF_FONT` available. */
export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  prepare();
  return Buffer.from(await pdfmake.createPdf(doc).getBuffer());
}
