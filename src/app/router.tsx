import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { loadProfile } from '../features/profile/loader';
import { paths } from '../lib/paths';
import { notFound, redirectIfAuthenticated, requireAuth } from './guards';
import { DefaultLayout } from './layouts/DefaultLayout';
import { ErrorLayout } from './layouts/ErrorLayout';
import { PageSpinner } from './PageSpinner';
import type { RouteHandle } from './route-handle';

const handle = (value: RouteHandle) => value;

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: DefaultLayout,
      ErrorBoundary: ErrorLayout,
      HydrateFallback: PageSpinner,
      children: [
        {
          index: true,
          lazy: () => import('./routes/HomePage').then((m) => ({ Component: m.HomePage })),
        },
        {
          path: paths.login,
          handle: handle({ title: 'auth:login.title', crumb: 'layout:crumbs.login' }),
          children: [
            {
              index: true,
              loader: redirectIfAuthenticated,
              lazy: () => import('../features/auth/LoginPage').then((m) => ({ Component: m.LoginPage })),
            },
            {
              path: 'forgot-password',
              handle: handle({ title: 'auth:forgot.title', crumb: 'layout:crumbs.forgotPassword' }),
              lazy: () =>
                import('../features/auth/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
            },
            {
              path: 'reset-password',
              handle: handle({ title: 'auth:reset.title', crumb: 'layout:crumbs.resetPassword' }),
              lazy: () =>
                import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
            },
          ],
        },
        {
          path: paths.profile,
          handle: handle({ title: 'profile:title', crumb: 'layout:crumbs.profile', auth: true }),
          children: [
            {
              index: true,
              loader: requireAuth(() => loadProfile(queryClient)),
              lazy: () => import('./routes/ProfileRoute').then((m) => ({ Component: m.ProfileRoute })),
            },
            {
              path: 'inkopslistor',
              handle: handle({ title: 'purchase-lists:title', crumb: 'purchase-lists:crumb', auth: true }),
              children: [
                {
                  index: true,
                  // No data loader: the lists come from the device's mirror, so the page also opens offline.
                  loader: requireAuth(),
                  lazy: () =>
                    import('../features/purchase-lists/PurchaseListsPage').then((m) => ({
                      Component: m.PurchaseListsPage,
                    })),
                },
                {
                  path: ':id',
                  handle: handle({
                    title: 'purchase-lists:detail.title',
                    crumb: 'purchase-lists:detail.crumb',
                    auth: true,
                  }),
                  loader: requireAuth(),
                  lazy: () =>
                    import('../features/purchase-lists/PurchaseListPage').then((m) => ({
                      Component: m.PurchaseListPage,
                    })),
                },
              ],
            },
            // The other areas of Mina sidor arrive in later issues; until then they need a session, then 404.
            { path: '*', loader: requireAuth(notFound) },
          ],
        },
        { path: '*', loader: notFound },
      ],
    },
  ];
}
