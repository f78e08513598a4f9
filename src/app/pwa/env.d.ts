/// <reference types="vite-plugin-pwa/vanillajs" />

/** The id of this build (vite.config.ts), also written to /build.json: another id there means a new deploy. */
declare const __SKAFFERI_BUILD_ID__: string;
