import errors from '../../locales/sv/errors.json' with { type: 'json' };
import validation from '../../locales/sv/validation.json' with { type: 'json' };

type Dict = { [key: string]: string | Dict };

function lookup(dict: Dict, path: string): string | undefined {
  let node: string | Dict | undefined = dict;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The Swedish text of an error code (locales/sv/errors.json). */
export function errorText(code: string): string {
  return lookup(errors, code) ?? errors.Unknown;
}

/** The Swedish text of a validation key such as 'validation.email' (locales/sv/validation.json). */
export function validationText(key: string): string | undefined {
  return key.startsWith('validation.') ? lookup(validation, key.slice('validation.'.length)) : undefined;
}

export { validation as validationTexts };

/** Fills `{{name}}` placeholders, as i18next does in the client; a value not given leaves nothing. */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}
