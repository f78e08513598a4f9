import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { warmMatchedRoutes } from '../../src/app/warm-route';

/** Routes shaped like the app's: a layout, lazy pages (a function, or an object of lazy parts), a catch-all. */
function routes() {
  const count = vi.fn(async () => ({ Component: () => null }));
  const other = vi.fn(async () => ({ Component: () => null }));
  const productLoader = vi.fn(async () => async () => ({ product: 1 }));
  const productPage = vi.fn(async () => () => null);
  const table: RouteObject[] = [
    {
      id: 'root',
      children: [
        {
          path: 'profil/inventering/:id',
          children: [
            { index: true, lazy: other },
            { path: 'rakna', lazy: count },
          ],
        },
        { path: 'produkt/:slug', lazy: { loader: productLoader, Component: productPage } },
        { path: '*', lazy: other },
      ],
    },
  ];
  return { table, count, other, productLoader, productPage };
}

describe('warmMatchedRoutes (decision 0085)', () => {
  it("starts the matched route's code once, and the router, asking later, gets that same load", async () => {
    const { table, count, other } = routes();
    warmMatchedRoutes(table, { pathname: '/profil/inventering/l1/rakna' });
    expect(count).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();

    const router = createMemoryRouter(table, { initialEntries: ['/profil/inventering/l1/rakna'] });
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    expect(router.state.matches.at(-1)?.route.path).toBe('rakna');
    expect(count).toHaveBeenCalledTimes(1);
    router.dispose();
  });

  it('starts each lazy part of an object once', async () => {
    const { table, productLoader, productPage, other } = routes();
    warmMatchedRoutes(table, { pathname: '/produkt/kaffe' });
    expect(productLoader).toHaveBeenCalledTimes(1);
    expect(productPage).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();

    const router = createMemoryRouter(table, { initialEntries: ['/produkt/kaffe'] });
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    expect(router.state.loaderData['0-1']).toEqual({ product: 1 });
    expect(productLoader).toHaveBeenCalledTimes(1);
    expect(productPage).toHaveBeenCalledTimes(1);
    router.dispose();
  });

  it('leaves the routes of other addresses alone, and a failed load to the router', async () => {
    const { table, count } = routes();
    const failing = vi.fn(async () => {
      throw new Error('chunk missing');
    });
    table[0]!.children![0]!.children![1]!.lazy = failing;
    warmMatchedRoutes(table, { pathname: '/profil/inventering/l1/rakna' });
    expect(failing).toHaveBeenCalledTimes(1);
    expect(count).not.toHaveBeenCalled();
    const router = createMemoryRouter(table, { initialEntries: ['/profil/inventering/l1/rakna'] });
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    expect(router.state.errors).not.toBeNull();
    expect(failing).toHaveBeenCalledTimes(1);
    router.dispose();
  });
});
