/**
 * Content pages: Storyblok stories. The browser always reads them with `storyblok-js-client`, configured from
 * `GET /v1/content/config` — either this server's Storyblok-compatible CDN subset (serving the story files under
 * `content/`) or a real Storyblok space. The content contract, one file per what it holds:
 * - content-constants.ts: constants, component and icon names, app paths (no zod: the first screen reads these);
 * - content-fields.ts: field types (asset, multilink, SEO, rich text);
 * - content-bloks.ts: every component's fields as types; content-schemas.ts: their zod schemas;
 * - content-files.ts: the story files' shape; content-cdn.ts: the CDN subset and the content config on the wire.
 * This file gathers them for callers that use several.
 */
export * from './content-constants';
export * from './content-fields';
export * from './content-bloks';
export * from './content-schemas';
export * from './content-files';
export * from './content-cdn';
