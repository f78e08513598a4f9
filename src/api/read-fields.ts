/**
 * Reading an answer by hand, field by field, for the few answers the first screen reads before any contract schema is
 * loaded (docs/decisions/0044). Each use is tested against the contract schema it stands in for.
 */

export type Kind = 'string' | 'int' | 'boolean' | 'url' | 'strings' | 'array' | 'unknown' | readonly string[];
export type Field = readonly [Kind, 'nullable'?];

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isKind(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'int':
      return Number.isSafeInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'url':
      return typeof value === 'string' && URL.canParse(value);
    case 'strings':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'array':
      return Array.isArray(value);
    case 'unknown':
      return true;
    default:
      return typeof value === 'string' && kind.includes(value);
  }
}

/** The listed fields of an object, each of its kind (null only where allowed), or undefined. Other keys are dropped. */
export function readFields<T>(value: unknown, fields: Record<string, Field>): T | undefined {
  if (!isRecord(value)) return undefined;
  const picked: Record<string, unknown> = {};
  for (const [key, [kind, nullable]] of Object.entries(fields)) {
    const field = value[key];
    if (field === null ? !nullable && kind !== 'unknown' : !isKind(field, kind)) return undefined;
    picked[key] = field;
  }
  return picked as T;
}
