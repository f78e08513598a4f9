import { test, expect } from './fixtures';
import { ConsentBanner } from './pages/ConsentBanner';
import { ContactForm } from './pages/ContactForm';
import { NewsletterForm } from './pages/NewsletterForm';

const CUSTOMER_SERVICE = 'kundservice@skafferi.test';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('contact form', () => {
  test('a visitor sends a message on /kontakt; customer service gets it by mail', async ({ page, axe, api }) => {
    const contact = new ContactForm(page, axe);
    await contact.goto();

    // Empty fields first: SPEC §5 'Fyll i alla fält' and the field errors next to the fields.
    await contact.submit.click();
    await expect(contact.form.getByText('Fyll i alla fält')).toBeVisible();
    await expect(contact.form.getByRole('textbox', { name: 'Namn *' })).toBeFocused();
    await axe.check('empty fields');

    const subject = `Leveranser till Kiruna ${unique()}`;
    await contact.fill({
      name: 'Åsa Öberg',
      company: 'Fjällkrogen AB',
      email: 'asa@fjallkrogen.se',
      phone: '070-123 45 67',
      subject,
      message: 'Hej! Levererar ni till Kiruna på tisdagar?',
    });
    await contact.send();
    await contact.expectSent('Tack! Vi har tagit emot ditt meddelande och svarar inom en arbetsdag.');

    await expect
      .poll(async () => (await api.mailbox(CUSTOMER_SERVICE)).find((m) => m.subject === `Kontaktformulär: ${subject}`))
      .toBeTruthy();
    const mail = (await api.mailbox(CUSTOMER_SERVICE)).find((m) => m.subject === `Kontaktformulär: ${subject}`)!;
    for (const line of [
      'Namn: Åsa Öberg',
      'Företag: Fjällkrogen AB',
      'E-post: asa@fjallkrogen.se',
      'Kiruna på tisdagar',
    ])
      expect(mail.text).toContain(line);
  });
});

test.describe('newsletter', () => {
  test('double opt-in through the mailbox, then unsubscribe', async ({ page, axe, api }) => {
    const newsletter = new NewsletterForm(page, axe);
    const email = `prenumerant-${unique()}@example.se`;
    await newsletter.goto('/blogg');
    await newsletter.subscribe(email);
    await newsletter.expectSent('Bekräfta prenumerationen via länken');

    let confirmLink: string | undefined;
    await expect
      .poll(async () => {
        const mail = (await api.mailbox(email)).find((m) => /newsletter\/confirm\?token=/.test(m.text));
        confirmLink = mail?.text.match(/https?:\/\/\S+\/v1\/newsletter\/confirm\?token=[^\s]+/)?.[0];
        return confirmLink;
      })
      .toBeTruthy();
    await newsletter.openLink(confirmLink!, '/nyhetsbrev/bekraftad', 'Tack, nu är du anmäld!');
    await newsletter.openLink(confirmLink!, '/nyhetsbrev/redan-bekraftad', 'Du är redan anmäld');

    const welcome = (await api.mailbox(email)).find((m) => /newsletter\/unsubscribe\?token=/.test(m.text));
    const unsubscribeLink = welcome!.text.match(/https?:\/\/\S+\/v1\/newsletter\/unsubscribe\?token=[^\s]+/)![0];
    await newsletter.openLink(unsubscribeLink, '/nyhetsbrev/avslutad', 'Prenumerationen är avslutad');
  });
});

test.describe('cookie consent', () => {
  test('the choices change the consent signals; nothing is granted before a choice', async ({ page, axe, app }) => {
    const consent = new ConsentBanner(page, axe);
    await page.goto('/login');
    await consent.expectBanner();

    const [first, ...rest] = await consent.signals();
    expect(first).toEqual([
      'consent',
      'default',
      expect.objectContaining({
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'denied',
      }),
    ]);
    expect(rest).toEqual([]);

    await consent.necessaryOnly.click();
    await expect(consent.banner).toHaveCount(0);
    expect(await consent.lastUpdate()).toMatchObject({
      analytics_storage: 'denied',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    const stored = JSON.parse(decodeURIComponent((await app.cookie('cookie_consent'))!)) as Record<string, unknown>;
    expect(stored).toMatchObject({ v: 1, functional: false, statistic: false, marketing: false, unclassified: false });
    const cookie = (await page.context().cookies()).find((c) => c.name === 'cookie_consent')!;
    const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    // The footer's link reopens the settings: necessary is always on; statistics alone grants analytics only.
    await consent.openFromFooter();
    await expect(consent.category('Nödvändiga')).toBeChecked();
    await expect(consent.category('Nödvändiga')).toBeDisabled();
    await consent.toggle('Statistik');
    await expect(consent.category('Statistik')).toBeChecked();
    await consent.save.click();
    await expect(consent.dialog).toHaveCount(0);
    await expect(consent.footerButton).toBeFocused();
    expect(await consent.lastUpdate()).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });

    // A new page load: the denied defaults first, then the stored choice; no banner.
    await page.reload();
    await expect(consent.footerButton).toBeVisible();
    await expect(consent.banner).toHaveCount(0);
    const signals = await consent.signals();
    expect(signals.map((s) => s[1])).toEqual(['default', 'update']);
    expect(signals[1]![2]).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied' });

    // Marketing grants the three ad signals.
    await consent.openFromFooter();
    await consent.dialog.getByRole('button', { name: 'Acceptera alla' }).click();
    expect(await consent.lastUpdate()).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
  });

  test('the settings work by keyboard, from the banner too', async ({ page, axe }) => {
    const consent = new ConsentBanner(page, axe);
    await page.goto('/login');
    await consent.expectBanner();
    await consent.customize.focus();
    await page.keyboard.press('Enter');
    await expect(consent.dialog).toBeVisible();
    await axe.check('cookie settings from banner');
    expect(await consent.focusIsInDialog()).toBe(true);

    // Escape closes without a choice: the banner stays.
    await page.keyboard.press('Escape');
    await expect(consent.dialog).toHaveCount(0);
    await expect(consent.banner).toBeVisible();

    await consent.customize.click();
    await consent.category('Marknadsföring').focus();
    await page.keyboard.press('Space');
    await expect(consent.category('Marknadsföring')).toBeChecked();
    await consent.save.focus();
    await page.keyboard.press('Enter');
    await expect(consent.banner).toHaveCount(0);
    expect(await consent.lastUpdate()).toMatchObject({ analytics_storage: 'denied', ad_storage: 'granted' });
    await expect(page.getByRole('main')).toBeFocused();
  });
});
