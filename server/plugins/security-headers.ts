import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every answer: helmet's set with a Content-Security-Policy for a same-origin PWA. The
 * middleware is built once (the Fastify wrapper rebuilt it on every request, a tenth of the CPU of a simple call).
 */
export type SecurityHeaderOptions = {
  https: boolean;
  /** Origins the browser must reach besides this one (a real Typesense cluster, a Storyblok space). */
  connectSources?: string[];
  /** Origins images load from besides this one (Storyblok's asset CDN). */
  imageSources?: string[];
  /** More image origins (Google Analytics once a tag manager is configured). */
  extraImageSources?: string[];
  /** Script origins besides this one (reCAPTCHA, Google Tag Manager), only when configured. */
  scriptSources?: string[];
  /** Frame origins besides this one (reCAPTCHA's frame), only when configured. */
  frameSources?: string[];
};

/** The origin of a URL, for a CSP source list. */
export const originOf = (url: string) => new URL(url).origin;

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.scriptSources ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageSources ?? []), ...(options.extraImageSources ?? [])],
        connectSrc: ["'self'", ...(options.connectSources ?? [])],
        workerSrc: ["'self'"],
        frameSrc: ["'self'", ...(options.frameSources ?? [])],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: options.https,
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
