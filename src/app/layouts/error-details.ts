import { isRouteErrorResponse } from 'react-router';
import { isApiError } from '../../api/api-error';

export interface ErrorDetails {
  status: number;
  /** Key under layout:errorStatus. */
  code: string;
  /** For a 404: the path that was not found. */
  path?: string;
  /** The server could not be reached (offline, or no answer in time): no status of the server's to show. */
  offline?: boolean;
}

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message)
  );
}

/** What the error screen shows for a route error; the status defaults to 500 (SPEC §2). */
export function errorDetails(error: unknown): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    const body = (error.data ?? {}) as { code?: unknown; path?: unknown };
    return {
      status: error.status,
      code: typeof body.code === 'string' ? body.code : error.status === 404 ? 'PageNotFound' : 'Unknown',
      path: typeof body.path === 'string' ? body.path : undefined,
    };
  }
  if (isApiError(error)) {
    if (error.isNetworkError) return { status: 500, code: 'NetworkError', offline: true };
    return { status: error.status >= 400 ? error.status : 500, code: error.code };
  }
  if (isChunkLoadError(error)) return { status: 500, code: 'ChunkLoadError' };
  return { status: 500, code: 'Unknown' };
}
