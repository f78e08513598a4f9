import contentDisposition from 'content-disposition';

/**
 * The Content-Disposition of a document we send (RFC 6266, by the `content-disposition` package): the real Swedish
 * file name in UTF-8 and, for old clients, a fallback in plain ASCII (å → a, é → e) rather than the package's Latin-1
 * one, so that no client shows a mangled letter. The one way every download (order PDF, data sheet, inventory
 * export) names its file.
 */
export function fileNameHeader(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return contentDisposition(fileName, { type, fallback: ascii });
}
