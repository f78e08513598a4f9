/** Minimal document.cookie helpers. Cookies are host-scoped: never a Domain attribute. */
export interface CookieOptions {
  expires?: Date;
  /** Seconds the cookie lives (wins over `expires` in every browser that knows it). */
  maxAge?: number;
  path?: string;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

export function parseCookies(header: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || name in result) continue;
    try {
      result[name] = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      result[name] = part.slice(index + 1).trim();
    }
  }
  return result;
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  let cookie = `${name}=${encodeURIComponent(value)}; Path=${options.path ?? '/'}`;
  if (options.expires) cookie += `; Expires=${options.expires.toUTCString()}`;
  if (options.maxAge !== undefined) cookie += `; Max-Age=${Math.round(options.maxAge)}`;
  cookie += `; SameSite=${options.sameSite ?? 'Lax'}`;
  if (options.secure) cookie += '; Secure';
  return cookie;
}

export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  return parseCookies(document.cookie)[name] ?? null;
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  document.cookie = serializeCookie(name, value, options);
}

export function deleteCookie(name: string, options: Omit<CookieOptions, 'expires'> = {}): void {
  document.cookie = serializeCookie(name, '', { ...options, expires: new Date(0) });
}
