import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs } from 'react-router';
import { isApiError } from '../../api/api-error';
import { productQuery } from '../../api/queries/catalog';

/**
 * The product before the page shows (no empty page, the title and crumbs right at once). An unknown slug is the
 * fatal 404 of SPEC §2; other failures show the error screen.
 */
export function productLoader(queryClient: QueryClient) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const slug = params.slug ?? '';
    try {
      await queryClient.ensureQueryData(productQuery(slug));
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 400)) {
        throw data(
          { code: 'PageNotFound', path: new URL(request.url).pathname },
          { status: 404, statusText: 'Not Found' },
        );
      }
      throw error;
    }
    return null;
  };
}
