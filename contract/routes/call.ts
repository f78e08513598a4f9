/**
 * One API call as the phone and the server both name it: its method and its path pattern (Fastify style, `:param`).
 * No zod here (decision 0044): the app's screens import the call tables to build paths, and the schemas each call
 * validates with live beside them in `contract/routes/schemas/`, loaded by the server (decision 0055).
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Call<M extends Method = Method, P extends string = string> = { readonly method: M; readonly path: P };

export const get = <const P extends string>(path: P): Call<'GET', P> => ({ method: 'GET', path });
export const post = <const P extends string>(path: P): Call<'POST', P> => ({ method: 'POST', path });
export const put = <const P extends string>(path: P): Call<'PUT', P> => ({ method: 'PUT', path });
export const patch = <const P extends string>(path: P): Call<'PATCH', P> => ({ method: 'PATCH', path });
export const del = <const P extends string>(path: P): Call<'DELETE', P> => ({ method: 'DELETE', path });

/** The names of a path's `:params` (and `*` for a trailing wildcard). */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : P extends `${string}*`
      ? '*'
      : never;

/** The values a path needs, one per `:param`. */
export type PathParams<P extends string> = { readonly [K in ParamNames<P>]: string | number };

type QueryValue = string | number | boolean | null | undefined;

/**
 * The path of a call with its params filled in, each encoded as one path segment (a `*` wildcard's value is taken as
 * it is: it spans segments). A query, when given, is appended without its empty values.
 */
export function pathTo<P extends string>(
  call: Call<Method, P>,
  ...[params, query]: ParamNames<P> extends never
    ? [params?: Record<string, never>, query?: Record<string, QueryValue>]
    : [params: PathParams<P>, query?: Record<string, QueryValue>]
): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const path = call.path
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])))
    .replace(/\*$/, () => String(values['*']));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
