import { randomUUID } from 'node:crypto';
import type { z } from 'zod';

/**
 * Values for a route's inputs, read from its zod schema: a sample that passes each field (so that a bad value in one
 * field reaches as far as it can) and the names of the fields that take a date. Zod 4's definitions are walked
 * through `_zod.def`; anything not understood is left out, which only makes a request shallower.
 */

type Def = {
  type: string;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  options?: Schema[];
  shape?: Record<string, Schema>;
  element?: Schema;
  getter?: () => Schema;
  entries?: Record<string, string>;
  values?: unknown[];
};
type Schema = z.ZodType & { _zod: { def: Def } };

const defOf = (schema: unknown): Def | undefined => (schema as Schema | undefined)?._zod?.def;

/** The object shapes a schema may take (each option of a union), through optional, nullable, default, pipes, lazy. */
export function shapesOf(schema: unknown): Record<string, Schema>[] {
  const def = defOf(schema);
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return def.shape ? [def.shape] : [];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return shapesOf(def.innerType);
    case 'pipe':
      return shapesOf(def.in);
    case 'lazy':
      return def.getter ? shapesOf(def.getter()) : [];
    case 'union':
      return (def.options ?? []).flatMap(shapesOf);
    default:
      return [];
  }
}

/** The field names of a schema's object shapes. */
export const fieldsOf = (schema: unknown) => [...new Set(shapesOf(schema).flatMap((shape) => Object.keys(shape)))];

const accepts = (schema: Schema, value: unknown) => schema.safeParse(value).success;

const LEAF_CANDIDATES = (): unknown[] => [
  'Test',
  randomUUID(),
  'kund@skafferi.test',
  '2026-12-01',
  '2026-12-01T10:00:00Z',
  '12345678',
  '123 45',
  '1',
  'true',
  1,
  0.5,
  0,
  true,
  [],
  {},
];

/** A value the schema accepts, or undefined when none of the tries is. */
export function sampleOf(schema: unknown, depth = 0): unknown {
  const def = defOf(schema);
  if (!def || depth > 8) return undefined;
  const s = schema as Schema;
  if (def.type === 'enum' && def.entries) return Object.values(def.entries)[0];
  if (def.type === 'literal') return def.values?.[0];
  if (def.type === 'nullable' || def.type === 'optional' || def.type === 'default')
    return sampleOf(def.innerType, depth + 1) ?? (accepts(s, null) ? null : undefined);
  if (def.type === 'array') {
    const one = sampleOf(def.element, depth + 1);
    return accepts(s, []) ? [] : [one];
  }
  const shapes = shapesOf(schema);
  if (shapes.length > 0) {
    for (const shape of shapes) {
      const sample = sampleObject(shape, depth);
      if (accepts(s, sample)) return sample;
    }
    return sampleObject(shapes[0]!, depth);
  }
  return LEAF_CANDIDATES().find((candidate) => accepts(s, candidate));
}

function sampleObject(shape: Record<string, Schema>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    if (accepts(field, undefined)) continue;
    const value = sampleOf(field, depth + 1);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** What kind of date a field takes: a day (yyyy-MM-dd), an instant (ISO with offset), or none. */
export function dateKind(schema: unknown): 'day' | 'instant' | null {
  const s = schema as Schema;
  if (!defOf(s) || accepts(s, 'Test')) return null;
  if (accepts(s, '2026-12-01')) return 'day';
  if (accepts(s, '2026-12-01T10:00:00Z')) return 'instant';
  return null;
}

/** The schema of one field in any of the shapes. */
export const fieldSchema = (schema: unknown, name: string): Schema | undefined =>
  shapesOf(schema).find((shape) => name in shape)?.[name];
