/**
 * Client configuration from build-time environment (Vite `import.meta.env`).
 * SPEC §5: a missing API base URL raises an error at start-up.
 */
export interface ClientConfig {
  /** Base URL of the API, e.g. '/' (same origin) or 'https://api.example.se/'. */
  apiBaseUrl: string;
  customerServiceEmail: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function readClientConfig(env: Record<string, string | boolean | undefined>): ClientConfig {
  const apiBaseUrl = typeof env.VITE_API_BASE_URL === 'string' ? env.VITE_API_BASE_URL.trim() : '';
  if (apiBaseUrl === '') {
    throw new ConfigError(
      'Konfigurationsfel: VITE_API_BASE_URL saknas eller är tom. Ange API:ets bas-URL (till exempel "/") när appen byggs.',
    );
  }
  const email = typeof env.VITE_CUSTOMER_SERVICE_EMAIL === 'string' ? env.VITE_CUSTOMER_SERVICE_EMAIL.trim() : '';
  return { apiBaseUrl, customerServiceEmail: email || 'kundservice@skafferi.test' };
}

let current: ClientConfig | undefined;

/** The configuration of this build; throws ConfigError on first use when it is incomplete. */
export function config(): ClientConfig {
  current ??= readClientConfig(import.meta.env);
  return current;
}
