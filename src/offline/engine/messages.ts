import errors from '../../../locales/sv/errors.json' with { type: 'json' };
import offline from '../../../locales/sv/offline.json' with { type: 'json' };

/**
 * Codes the engine and the kinds give a change on the device (besides the server's codes from the error catalogue):
 * their Swedish texts are in locales/sv/offline.json, `error`.
 */
export type EngineErrorCode = keyof typeof offline.error;

const ENGINE_TEXTS: Record<EngineErrorCode, string> = offline.error;

/** Fills `{{name}}` placeholders the way i18next does (the service worker has no i18next). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
}

const catalogue = errors as Record<string, string>;

/** The Swedish text of a code: the engine's own, else the error catalogue's, else the generic one. */
export function messageFor(code: string): string {
  return ENGINE_TEXTS[code as EngineErrorCode] ?? catalogue[code] ?? catalogue.Unknown ?? 'Ett okänt fel inträffade.';
}

/** A change the engine refused before it was queued (the UI shows `message`, and `fields` next to its fields). */
export class MutationError extends Error {
  override name = 'MutationError';
  constructor(
    readonly code: string,
    message: string = messageFor(code),
    readonly fields: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

type ZodIssueLike = { path: PropertyKey[]; message: string };

/**
 * A kind's change checked with the API's own schema (its `safeParse` result): the data, or a ValidationError naming
 * each field as the server would, so that a change bound to be refused is never queued.
 */
export function parsedOrRefused<T>(
  result: { success: true; data: T } | { success: false; error: { issues: ZodIssueLike[] } },
): T {
  if (result.success) return result.data;
  throw new MutationError(
    'ValidationError',
    messageFor('ValidationError'),
    result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
}
