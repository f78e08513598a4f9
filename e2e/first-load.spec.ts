import { expect, test } from './fixtures';
import { InstantSearch } from './pages/SearchScreen';

/**
 * What a visitor's first page waits with (issue #17, decision 0069): the header's instant search is not fetched when
 * the page goes idle, only when the visitor reaches for the header; until then the search box is a plain search field
 * of the same name, and what is typed into it moves over to the instant search.
 */
test.describe('first load', () => {
  test('the instant search arrives when the visitor reaches for the header, and takes what was typed', async ({
    app,
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await app.home.expectVisible();
    // The app's deferred start-up work has begun (src/lib/when-idle.ts marks it), and what it fetched has arrived.
    await page.waitForFunction(() => performance.getEntriesByName('skafferi:idle').length > 0);
    await page.waitForLoadState('networkidle');

    const banner = page.getByRole('banner');
    const standIn = banner.getByRole('searchbox', { name: 'Sök' });
    await expect(standIn).toBeVisible();
    expect(scripts.filter((path) => /\/InstantSearch-[^/]*\.js$/.test(path))).toEqual([]);
    await app.axe.check('start page with the search stand-in');

    // A keyboard user tabs into the box and types at once: the letters land in the instant search when it arrives.
    await standIn.focus();
    await page.keyboard.type('kaff');
    const instant = new InstantSearch(page);
    await expect(instant.input).toBeFocused();
    await expect(instant.input).toHaveValue('kaff');
    await expect(instant.option(/kaffe/i).first()).toBeVisible();
    expect(scripts.some((path) => /\/InstantSearch-[^/]*\.js$/.test(path))).toBe(true);
    // Open suggestions on a phone overflow: the listbox scrolls, and arrows (not Tab) reach every option.
    await app.axe.check('start page with the instant search suggestions open');
    await page.keyboard.press('Escape');
    await expect(instant.listbox).toBeHidden();
  });

  test('the start page draws its story from the page it came with, and again after a reload', async ({ app, page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/v1/content/')) asked.push(path);
    });
    await page.goto('/');
    await app.home.expectVisible();
    // The story came with index.html (decision 0080): neither it nor the content config (which says where to fetch
    // it) is asked for before the page is drawn.
    expect(asked.filter((path) => path === '/v1/content/config' || path.endsWith('/cdn/stories/home'))).toEqual([]);
    await page.reload();
    await app.home.expectVisible();
  });
});
