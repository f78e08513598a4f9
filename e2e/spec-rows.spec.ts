import { expect, test } from './fixtures';

const DAY_SECONDS = 24 * 60 * 60;

test.describe('the spec rows of issue #16', () => {
  test('the locale cookie is kept 365 days (SPEC §9), SameSite=Lax', async ({ page, context }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('sv');
    expect(cookie?.sameSite).toBe('Lax');
    const lifetimeDays = (cookie!.expires - Date.now() / 1000) / DAY_SECONDS;
    // 365 days from now, give or take the test's own minutes.
    expect(lifetimeDays).toBeGreaterThan(364.9);
    expect(lifetimeDays).toBeLessThanOrEqual(365);
  });
});
