import { SERVER_A } from '../playwright.config';
import { expect, readStory, test } from './pages/Content';
import { InstantSearch } from './pages/SearchScreen';

/**
 * The app opened at an address other than localhost, as a phone on the LAN opens a dev machine (issue #13, point 7):
 * content and search are reached on the origin the page came from, and the CSP allows it (decision 0051). Server A
 * listens on every interface; 127.0.0.1 stands in for any address that is not PUBLIC_URL's (localhost by default).
 */
const ANY_ADDRESS = SERVER_A.replace('//localhost:', '//127.0.0.1:');

test.use({ baseURL: ANY_ADDRESS });

test.describe('opened at another address than localhost', () => {
  test('the start page shows its content and the header search finds products', async ({
    page,
    content,
    consoleErrors,
  }) => {
    const refused: string[] = [];
    page.on('requestfailed', (request) => refused.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
    expect(ANY_ADDRESS).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    await content.open('/');
    expect(new URL(page.url()).origin).toBe(ANY_ADDRESS);
    await expect(content.h1).toHaveText('Allt till ditt kök – och lite till');
    await content.expectSeo(readStory('home'));
    await expect(content.region('Handla efter kategori').getByRole('link', { name: /Mejeri/ })).toBeVisible();
    await content.check('content at 127.0.0.1');

    // Search from the header: suggestions come from the search on this same origin.
    const instant = new InstantSearch(page);
    await instant.type('laxfile');
    await expect(instant.option(/^Laxfilé/).first()).toBeVisible();
    await content.check('instant search at 127.0.0.1');

    // Nothing was asked of another origin, or refused by the CSP on the way.
    expect(refused.filter((line) => !line.includes('ERR_ABORTED'))).toEqual([]);
    expect(consoleErrors.filter((line) => /Content Security Policy|localhost/i.test(line))).toEqual([]);
  });
});
