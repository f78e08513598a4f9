import { describe, expect, it } from 'vitest';
import { ConfigError, readClientConfig } from '../../src/lib/config';
import { buildUrl } from '../../src/api/http';

describe('client configuration', () => {
  it('refuses to start without an API base URL', () => {
    expect(() => readClientConfig({})).toThrow(ConfigError);
    expect(() => readClientConfig({ VITE_API_BASE_URL: '  ' })).toThrow(/VITE_API_BASE_URL/);
  });

  it('reads the base URL and a default customer-service address', () => {
    expect(readClientConfig({ VITE_API_BASE_URL: '/' })).toEqual({
      apiBaseUrl: '/',
      customerServiceEmail: 'kundservice@skafferi.test',
    });
  });

  it('joins base URLs with and without a trailing slash', () => {
    expect(buildUrl('/', 'v1/customer/')).toBe('/v1/customer/');
    expect(buildUrl('https://api.example.se', '/v1/x', { a: 1, b: undefined, c: false })).toBe(
      'https://api.example.se/v1/x?a=1&c=false',
    );
    expect(buildUrl('https://api.example.se/base/', 'v1/x')).toBe('https://api.example.se/base/v1/x');
  });
});
