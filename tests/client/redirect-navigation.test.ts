import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import type { RedirectRule } from '../../contract/rules/redirects';
import { applyRedirectRules, redirectOnStart } from '../../src/app/redirects';
import { readRedirectRules } from '../../src/lib/redirect-rules';

const rules: RedirectRule[] = [
  { from: '/mina-listor', match: 'prefix', to: '/profil/inkopslistor', status: 301, keepQuery: true },
  { from: '/leverantor', match: 'exact', to: 'https://example.com/', status: 302 },
];

/** The one element readRedirectRules looks up, as the server writes it into index.html. */
const pageWith = (json: string | null) =>
  ({
    getElementById: (id: string) => (id === 'redirect-rules' && json !== null ? { textContent: json } : null),
  }) as unknown as Document;

/** The address bar, and where a full page load was asked for (window.location.assign/replace). */
function browserWindow() {
  const loads: string[] = [];
  const win = {
    // The address bar still shows the page the visitor is on while the router starts a link's navigation.
    location: {
      pathname: '/',
      search: '',
      assign: (url: string) => loads.push(`assign ${url}`),
      replace: (url: string) => loads.push(`replace ${url}`),
    },
  } as unknown as Window;
  return { win, loads };
}

const settled = (router: ReturnType<typeof createMemoryRouter>) =>
  new Promise<void>((resolve) => {
    if (router.state.navigation.state === 'idle') return resolve();
    const stop = router.subscribe((state) => {
      if (state.navigation.state !== 'idle') return;
      stop();
      resolve();
    });
  });

function shop() {
  const loaded: string[] = [];
  const page = (path: string) => ({
    path,
    loader: () => {
      loaded.push(path);
      return null;
    },
  });
  const router = createMemoryRouter([
    page('/'),
    page('/profil/inkopslistor'),
    page('/mina-listor/*'),
    page('/leverantor'),
  ]);
  return { router, loaded };
}

describe('the redirect rules in the page (decision 0066)', () => {
  it('reads the list the server put in index.html', () => {
    expect(readRedirectRules(pageWith(JSON.stringify(rules)))).toEqual(rules);
  });

  it('redirects nobody when the page has no list, or a list the server would not have started with', () => {
    expect(readRedirectRules(pageWith(null))).toEqual([]);
    expect(readRedirectRules(pageWith('{inte json'))).toEqual([]);
    expect(readRedirectRules(pageWith(JSON.stringify([{ from: '/a', to: '/b' }])))).toEqual([]);
    const loop = [
      { from: '/a', match: 'exact', to: '/b', status: 301 },
      { from: '/b', match: 'exact', to: '/a', status: 301 },
    ];
    expect(readRedirectRules(pageWith(JSON.stringify(loop)))).toEqual([]);
    const script = [{ from: '/a', match: 'exact', to: 'javascript:alert(1)', status: 302 }];
    expect(readRedirectRules(pageWith(JSON.stringify(script)))).toEqual([]);
  });
});

describe('in-app navigation to a redirected path (SPEC §2)', () => {
  it('goes on to a site path by the router, with the query, and back returns to the page before', async () => {
    const { router } = shop();
    await settled(router);
    const { win, loads } = browserWindow();
    applyRedirectRules(router, rules, win);
    await router.navigate('/mina-listor/gamla?sida=2');
    await settled(router);
    expect(router.state.location.pathname).toBe('/profil/inkopslistor');
    expect(router.state.location.search).toBe('?sida=2');
    expect(loads).toEqual([]);
    await router.navigate(-1);
    await settled(router);
    // The redirected address never became a history entry of its own.
    expect(router.state.location.pathname).toBe('/');
  });

  it('leaves the app for an absolute target with a full page load', async () => {
    const { router } = shop();
    await settled(router);
    const { win, loads } = browserWindow();
    applyRedirectRules(router, rules, win);
    void router.navigate('/leverantor');
    await settled(router);
    expect(loads).toEqual(['assign https://example.com/']);
  });

  it('leaves paths without a rule alone', async () => {
    const { router, loaded } = shop();
    await settled(router);
    const { win, loads } = browserWindow();
    applyRedirectRules(router, rules, win);
    await router.navigate('/mina-listorna');
    await router.navigate('/profil/inkopslistor');
    await settled(router);
    expect(router.state.location.pathname).toBe('/profil/inkopslistor');
    expect(loaded).toContain('/profil/inkopslistor');
    expect(loads).toEqual([]);
  });
});

describe('a start on a redirected path from the cached app (the service worker answers without the server)', () => {
  /** The address the app starts on, and what it does with the browser's address and history. */
  function startingAt(pathname: string, search = '', hash = '') {
    const done: string[] = [];
    const win = {
      location: { pathname, search, hash, replace: (url: string) => done.push(`load ${url}`) },
      history: { state: null, replaceState: (_s: unknown, _t: string, url: string) => done.push(`address ${url}`) },
    } as unknown as Window;
    return { win, done };
  }

  it('puts the target in the address before the router reads it, replacing the redirected one', () => {
    const { win, done } = startingAt('/mina-listor/gamla', '?sida=2', '#lista');
    expect(redirectOnStart(rules, win)).toBe(false);
    expect(done).toEqual(['address /profil/inkopslistor?sida=2#lista']);
  });

  it('leaves for an absolute target and does not start the app', () => {
    const { win, done } = startingAt('/leverantor');
    expect(redirectOnStart(rules, win)).toBe(true);
    expect(done).toEqual(['load https://example.com/']);
  });

  it('starts as usual on any other path', () => {
    const { win, done } = startingAt('/profil');
    expect(redirectOnStart(rules, win)).toBe(false);
    expect(done).toEqual([]);
  });
});
