import { COMPONENT_NAMES } from '../contract/content-constants';
import { bloksOf, expect, readStory, test } from './pages/Content';

test.describe('content pages', () => {
  test('the start page is the home story: hero, banners, category and product carousels', async ({
    content,
    page,
    consoleErrors,
  }) => {
    const home = readStory('home');
    await content.open('/');

    // The hero: the page's h1, its image the largest element, loaded at once.
    await expect(content.h1).toHaveText('Allt till ditt kök – och lite till');
    const heroImage = content.main.locator('img[fetchpriority="high"]');
    await expect(heroImage).toHaveCount(1);
    await expect(heroImage).toHaveAttribute('loading', 'eager');
    await expect(heroImage).toHaveAttribute('width', /\d+/);
    await expect(content.main.locator('img[loading="lazy"]').first()).toHaveAttribute('height', /\d+/);
    await content.expectSeo(home);
    await expect(content.breadcrumbs).toHaveCount(0); // the start page hides its trail

    // Banners: each is a link named by its label.
    await expect(content.main.getByRole('link', { name: /Se kampanjen/ })).toHaveAttribute(
      'href',
      '/kampanjer/hostens-smaker',
    );
    await expect(content.main.getByRole('link', { name: /Så gör du/ })).toBeVisible();

    // The category carousel: a labelled region, tiles that link to category pages, previous/next buttons.
    const categories = content.region('Handla efter kategori');
    await expect(categories.getByRole('link', { name: /Mejeri/ })).toHaveAttribute('href', '/sortiment/mejeri');
    const previous = categories.getByRole('button', { name: 'Föregående' });
    const next = categories.getByRole('button', { name: 'Nästa' });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await next.click();
    await expect(previous).toBeEnabled();
    await content.check();

    // Product carousels load when they come near the screen, from the search.
    await content.scrollThrough();
    const popular = content.region('Populärt just nu');
    await expect(popular.getByTestId('product-card').first()).toBeVisible();
    expect(await popular.getByTestId('product-card').count()).toBeGreaterThan(3);
    const drinks = content.region('Dryck till menyn');
    await expect(drinks.getByTestId('product-card').first()).toBeVisible();
    const chips = drinks.getByRole('group', { name: 'Filtrera Dryck till menyn' });
    await expect(chips.getByRole('button', { name: 'Alla' })).toHaveAttribute('aria-pressed', 'true');
    await chips.getByRole('button', { name: 'Vin', exact: true }).click();
    await expect(chips.getByRole('button', { name: 'Vin', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(drinks.getByTestId('product-card').first()).toBeVisible();
    await content.check('scrolled');

    // Links go through the router: no full page load.
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await content.main.getByRole('link', { name: /Se kampanjen/ }).click();
    await expect(page).toHaveURL(/\/kampanjer\/hostens-smaker$/);
    await expect(content.h1).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    await expect(content.breadcrumbs.getByRole('link', { name: 'Startsida' })).toHaveAttribute('href', '/');

    expect(consoleErrors).toEqual([]);
  });

  test('/komponenter renders every component type, without console errors', async ({ content, consoleErrors }) => {
    const story = readStory('komponenter');
    const bloks = bloksOf(story.content);
    // The page uses every component of the contract (SPEC §1).
    expect(new Set(bloks.map((b) => b.component))).toEqual(new Set(COMPONENT_NAMES));

    await content.open('/komponenter');
    await content.expectSeo(story);
    await content.scrollThrough();
    for (const blok of bloks) {
      const shown = content.locatorFor(blok);
      if (!shown) continue;
      await expect(shown, `${blok.component as string} ${blok._uid as string}`).toBeVisible();
    }
    // The blocks with data: products from the search, categories from the catalogue, posts from the blog folder.
    await expect(
      content
        .region(/Produktkarusell: sökning/)
        .getByTestId('product-card')
        .first(),
    ).toBeVisible();
    await expect(
      content.main.getByRole('navigation', { name: 'Kategorilista' }).getByRole('link').first(),
    ).toBeVisible();
    await expect(content.main.getByRole('heading', { name: 'Senaste inläggen' })).toBeVisible();
    // The video: the browser's controls, nothing plays by itself.
    const video = content.main.locator('video');
    await expect(video).toHaveAttribute('controls', '');
    await expect(video).toHaveAttribute('preload', 'none');
    expect(await video.evaluate((v: HTMLVideoElement) => v.autoplay || !v.paused)).toBe(false);
    await content.check();

    expect(consoleErrors).toEqual([]);
  });

  test('the blog: the list of posts, a post with its byline and breadcrumbs', async ({
    content,
    page,
    consoleErrors,
  }) => {
    await content.open('/blogg');
    const posts = content.main.getByRole('article');
    await expect(posts.first()).toBeVisible();
    expect(await posts.count()).toBeGreaterThanOrEqual(4);
    await content.check();

    const post = readStory('blogg/inventera-kylrummet');
    await content.main.getByRole('link', { name: post.content.title as string }).click();
    await expect(page).toHaveURL(/\/blogg\/inventera-kylrummet$/);
    await expect(content.h1).toHaveText(post.content.title as string);
    await expect(content.main.getByText(`Av ${post.content.author as string}`)).toBeVisible();
    await content.expectSeo(post);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    const crumbs = content.breadcrumbs.getByRole('link');
    await expect(crumbs).toHaveText(['Startsida', 'Bloggen', post.content.title as string]);
    await content.check();

    // A category page: a ProductCategory story with its products.
    await content.open('/sortiment/mejeri');
    await expect(content.main.getByTestId('product-card').first()).toBeVisible();
    await content.check();

    expect(consoleErrors).toEqual([]);
  });

  test('a slug without a story is the fatal 404 with "Page Not Found" and the path', async ({ app, page }) => {
    await page.goto('/det-har-finns-inte');
    await app.error.expectVisible(404);
    await expect(page.getByText('Sidan hittades inte: /det-har-finns-inte')).toBeVisible();
    await expect(page).toHaveTitle(/^404 /);

    await page.goto('/blogg/inget-sadant-inlagg');
    await app.error.expectVisible(404);
    await expect(page.getByText('Sidan hittades inte: /blogg/inget-sadant-inlagg')).toBeVisible();

    // /home is a placeholder entry (SPEC §2): the start page is at /.
    await page.goto('/home');
    await expect(page).toHaveURL(/\/$/);
  });
});
