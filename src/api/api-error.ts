import type { ApiError as ApiErrorBody } from '../../contract/common';

type FieldError = NonNullable<ApiErrorBody['fields']>[number];

/** Status used when no HTTP answer arrived (offline, DNS, CORS). */
export const NETWORK_ERROR_STATUS = 0;

/** A failed API call: carries method, URL, status, the API's error code and its (Swedish) message. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly code: string;
  readonly fields: FieldError[];
  /** The API's own (Swedish) message, when it sent one. */
  readonly serverMessage: string | undefined;

  constructor(init: {
    method: string;
    url: string;
    status: number;
    code: string;
    message?: string;
    fields?: FieldError[];
  }) {
    super(init.message || `${init.method} ${init.url} svarade ${init.status} (${init.code})`);
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? [];
    this.serverMessage = init.message || undefined;
  }

  get isNetworkError(): boolean {
    return this.status === NETWORK_ERROR_STATUS;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Code used when the status has no error body of ours. */
export function codeForStatus(status: number): string {
  if (status === NETWORK_ERROR_STATUS) return 'NetworkError';
  if (status === 400) return 'ValidationError';
  if (status === 401) return 'Unauthorized';
  if (status === 403) return 'Forbidden';
  if (status === 404) return 'NotFound';
  if (status === 429) return 'RateLimited';
  if (status >= 500) return 'InternalError';
  return 'Unknown';
}
