import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { loadProfile } from '../features/profile/loader';
import { loadSettings } from '../features/settings/loader';
import { requireUserManager } from '../features/users/loader';
import { session } from '../api/session/session';
import { paths } from '../lib/paths';
import { routePreloads } from '../lib/preload-queue';
import { whenIdle } from '../lib/when-idle';
import { notFound, redirectIfAuthenticated, requireAuth } from './guards';
import { DefaultLayout } from './layouts/DefaultLayout';
import { withFirstLoadFallback } from './first-load-fallback';
import { ErrorLayout } from './layouts/ErrorLayout';
import { PageSpinner } from './PageSpinner';
import type { RouteHandle } from './route-handle';

const handle = (value: RouteHandle) => value;

/**
 * A logged-in visitor's product cards and product page carry the cart controls, a chunk of their own (ui/catalog/
 * AddToCartSlot): fetched beside the page's code. A visitor who is not logged in never needs them.
 */
function preloadCartControls(): void {
  if (session.get())
    void routePreloads
      .run(() => import('../ui/catalog/AddToCartSlot'))
      .then(
        (m) => m.preloadAddToCart(),
        () => undefined,
      );
}

// The detail screens of the offline areas load once their overview has: someone who goes offline on the overview
// (into the cold room) still opens a list and counts, even before the service worker holds the whole app (a first
// visit; its precache starts when the page is idle and takes a while).
const purchaseListScreen = () => import('./routes/PurchaseListRoute');
const inventoryListScreen = () => import('../features/inventory/InventoryListPage');
const countScreen = () => import('../features/inventory/CountPage');
// Through the preload queue (SPEC §9): at most 4 at once, so guesses never crowd out the page being opened.
const prefetch = (load: () => Promise<unknown>) => void routePreloads.run(load).catch(() => undefined);
/**
 * A guess at the next screen, once the page is idle (issue #17): fetched beside the overview's own code it was ≈ 25 KB
 * gzip of the overview's first load (the list's virtualiser, the count screen), competing with the code the overview
 * draws with. Idle comes a moment after the overview has drawn, long before anyone walks into the cold room.
 */
const prefetchWhenIdle = (load: () => Promise<unknown>) => void whenIdle(() => prefetch(load));

const startPageLoader = () => import('./routes/home-loader');
const startPageScreen = () => import('./routes/HomePage');

/**
 * Logging out lands on the start page, offline too (its loader then shows the offline welcome). A signed-in user's
 * page fetches its code once idle, so that it is on the device before the service worker holds the whole app.
 */
export function prefetchStartPage(): void {
  prefetch(startPageLoader);
  prefetch(startPageScreen);
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: DefaultLayout,
      ErrorBoundary: ErrorLayout,
      children: withFirstLoadFallback(pages(queryClient), PageSpinner),
    },
  ];
}

function pages(queryClient: QueryClient): RouteObject[] {
  return [
    {
      index: true,
      // SPEC §2: the start page is the content story `home`. The loader is a small chunk of its own, so the story is
      // fetched while the page's renderers are still downloading (docs/decisions/0021).
      lazy: {
        loader: () => startPageLoader().then((m) => m.homeLoader(queryClient)),
        Component: () => startPageScreen().then((m) => m.HomePage),
      },
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
          lazy: () => import('../features/auth/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
        },
        {
          path: 'reset-password',
          handle: handle({ title: 'auth:reset.title', crumb: 'layout:crumbs.resetPassword' }),
          lazy: () => import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
        },
        {
          path: 'email-registration',
          handle: handle({ title: 'auth:registration.title', crumb: 'auth:registration.crumb' }),
          lazy: () => import('../features/auth/RegistrationPage').then((m) => ({ Component: m.RegistrationPage })),
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
                import('../features/purchase-lists/PurchaseListsPage').then((m) => {
                  prefetchWhenIdle(purchaseListScreen);
                  return { Component: m.PurchaseListsPage };
                }),
            },
            {
              path: ':id',
              handle: handle({
                title: 'purchase-lists:detail.title',
                crumb: 'purchase-lists:detail.crumb',
                auth: true,
              }),
              loader: requireAuth(),
              // The route adds the cart's "Lägg alla i varukorgen" to the feature's page.
              lazy: () => purchaseListScreen().then((m) => ({ Component: m.PurchaseListRoute })),
            },
          ],
        },
        {
          path: 'installningar',
          handle: handle({ title: 'settings:title', crumb: 'settings:crumb', auth: true }),
          loader: requireAuth(() => loadSettings(queryClient)),
          lazy: () => import('../features/settings/SettingsPage').then((m) => ({ Component: m.SettingsPage })),
        },
        {
          // SPEC §2: role CustomerAdministrator plus a user-role check (staff too); the server checks every call.
          path: 'hantera-anvandare',
          handle: handle({ title: 'users:title', crumb: 'users:crumb', auth: true }),
          children: [
            {
              index: true,
              loader: requireAuth(() => requireUserManager(queryClient)),
              lazy: () => import('../features/users/UsersPage').then((m) => ({ Component: m.UsersPage })),
            },
            {
              path: 'skapa-anvandare',
              handle: handle({ title: 'users:createPage.title', crumb: 'users:createPage.crumb', auth: true }),
              loader: requireAuth(() => requireUserManager(queryClient)),
              lazy: () => import('../features/users/CreateUserPage').then((m) => ({ Component: m.CreateUserPage })),
            },
            {
              path: 'redigera-anvandare/:id',
              handle: handle({ title: 'users:editPage.title', crumb: 'users:editPage.crumb', auth: true }),
              loader: requireAuth(() => requireUserManager(queryClient)),
              lazy: () => import('../features/users/EditUserPage').then((m) => ({ Component: m.EditUserPage })),
            },
          ],
        },
        // The other areas of Mina sidor arrive in later issues; until then they need a session, then 404.
        {
          path: 'inventering',
          handle: handle({ title: 'inventory:title', crumb: 'inventory:crumb', auth: true }),
          children: [
            {
              index: true,
              // No data loader: lists come from the device's mirror, so stocktaking also opens offline.
              loader: requireAuth(),
              lazy: () =>
                import('../features/inventory/InventoryListsPage').then((m) => {
                  prefetchWhenIdle(inventoryListScreen);
                  prefetchWhenIdle(countScreen);
                  return { Component: m.InventoryListsPage };
                }),
            },
            {
              path: 'mina-artiklar',
              handle: handle({
                title: 'inventory:myArticles.title',
                crumb: 'inventory:myArticles.crumb',
                auth: true,
              }),
              loader: requireAuth(),
              lazy: () => import('../features/inventory/MyArticlesPage').then((m) => ({ Component: m.MyArticlesPage })),
            },
            {
              path: ':id',
              handle: handle({ title: 'inventory:detail.title', crumb: 'inventory:detail.crumb', auth: true }),
              children: [
                {
                  index: true,
                  loader: requireAuth(),
                  lazy: () => inventoryListScreen().then((m) => ({ Component: m.InventoryListPage })),
                },
                {
                  path: 'rakna',
                  handle: handle({ title: 'inventory:count.title', crumb: 'inventory:count.crumb', auth: true }),
                  loader: requireAuth(),
                  lazy: () => countScreen().then((m) => ({ Component: m.CountPage })),
                },
                {
                  path: 'granska',
                  handle: handle({ title: 'inventory:review.title', crumb: 'inventory:review.crumb', auth: true }),
                  loader: requireAuth(),
                  lazy: () => import('../features/inventory/ReviewPage').then((m) => ({ Component: m.ReviewPage })),
                },
              ],
            },
          ],
        },
        {
          path: 'bestallningar',
          handle: handle({ title: 'orders:title', crumb: 'orders:crumb', auth: true }),
          children: [
            {
              index: true,
              loader: requireAuth(),
              lazy: () => import('../features/orders/OrdersPage').then((m) => ({ Component: m.OrdersPage })),
            },
            {
              path: ':orderNumber',
              handle: handle({ title: 'orders:detail.title', crumb: 'orders:detail.crumb', auth: true }),
              loader: requireAuth(),
              lazy: () => import('../features/orders/OrderDetailPage').then((m) => ({ Component: m.OrderDetailPage })),
            },
          ],
        },
        {
          path: 'populara-artiklar',
          handle: handle({ title: 'orders:popular.title', crumb: 'orders:popular.crumb', auth: true }),
          loader: requireAuth(),
          lazy: () => import('../features/popular/PopularPage').then((m) => ({ Component: m.PopularPage })),
        },
        { path: '*', loader: requireAuth(notFound) },
      ],
    },
    {
      path: paths.checkout,
      handle: handle({ title: 'checkout:title', crumb: 'checkout:crumb', auth: true }),
      children: [
        {
          index: true,
          // No data loader: the cart comes from the device's mirror (the page says when ordering needs the network).
          loader: requireAuth(),
          lazy: () => import('../features/checkout/CheckoutPage').then((m) => ({ Component: m.CheckoutPage })),
        },
        {
          path: 'bekraftelse',
          handle: handle({
            title: 'checkout:confirmation.title',
            crumb: 'checkout:confirmation.crumb',
            auth: true,
          }),
          loader: requireAuth(),
          lazy: () => import('../features/checkout/ConfirmationPage').then((m) => ({ Component: m.ConfirmationPage })),
        },
      ],
    },
    {
      path: paths.search,
      handle: handle({ title: 'search:title', crumb: 'search:crumb' }),
      lazy: () => {
        preloadCartControls();
        // The results need the search client, which api/search/engine.ts imports on the first search, once the page
        // has rendered: its chunk is fetched beside the page's code instead (docs/decisions/0021).
        void import('typesense').catch(() => undefined);
        return import('../features/search/SearchPage').then((m) => ({ Component: m.SearchPage }));
      },
    },
    {
      // The product page's own breadcrumbs show its categories; the title comes from the product.
      path: `${paths.product}/:slug`,
      handle: handle({ title: 'catalog:product.title' }),
      // The loader (the catalogue contract's schemas) is not in the app's entry; it fetches the product while the
      // page's code downloads.
      lazy: {
        loader: () => import('../features/product/loader').then((m) => m.productLoader(queryClient)),
        Component: () => {
          preloadCartControls();
          return import('../features/product/ProductPage').then((m) => m.ProductPage);
        },
      },
    },
    {
      // Where the newsletter's confirm and unsubscribe links land (the server redirects with the outcome).
      path: '/nyhetsbrev/:status',
      handle: handle({ title: 'site:newsletterResult.title', crumb: 'site:newsletterResult.crumb' }),
      lazy: () =>
        import('../features/content/forms/NewsletterResultPage').then((m) => ({
          Component: m.NewsletterResultPage,
        })),
    },
    // SPEC §2 /:slug(.*)*: every other path is a content page; a slug without a story is the fatal 404. Keep last.
    {
      path: '*',
      lazy: {
        loader: () => import('../features/content/loader').then((m) => m.contentLoader(queryClient)),
        Component: () => import('../features/content/ContentPage').then((m) => m.ContentPage),
      },
    },
  ];
}
