/**
 * RFC 6266: the real (Swedish) file name in UTF-8, and an ASCII fallback (å → a, é → e) for old clients. The same rule
 * as the inventory export's `contentDisposition`, which always says attachment.
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  // encodeURIComponent leaves ' ( ) * as they are; RFC 8187 wants them encoded.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
