// Renders the PWA icons (public/icons) from one SVG drawing, and the manifest's screenshots (public/screenshots) from
// the running app, with Playwright and Debian's Chromium (no image tools needed).
//
//   npx tsx scripts/make-icons.ts                      icons only
//   npx tsx scripts/make-icons.ts --screenshots [url]  icons, then screenshots of the app at url
//                                                      (default http://localhost:8080: `npm start` in another shell)
//
// The outputs are committed; run again after changing the drawing or the screens.
import { chromium, type Browser } from '@playwright/test';
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const iconsDir = resolve(root, 'public/icons');
const screenshotsDir = resolve(root, 'public/screenshots');

/** The app's primary blue (Tailwind blue-600 → blue-700) and its light tints. */
const BLUE_TOP = '#2563eb';
const BLUE_BOTTOM = '#1d4ed8';

/**
 * A pantry cupboard with three shelves of jars, cartons and cans, on a 512 × 512 grid centred on (256, 256). It fits in
 * a circle of radius 200, inside the maskable safe zone (radius 204.8 of 512).
 */
const CUPBOARD = `
  <rect x="132" y="100" width="248" height="312" rx="30" fill="none" stroke="#fff" stroke-width="22"/>
  <path d="M143 204h226M143 308h226" stroke="#fff" stroke-width="18" stroke-linecap="round"/>
  <rect x="166" y="136" width="50" height="58" rx="12" fill="#dbeafe"/>
  <rect x="160" y="124" width="62" height="16" rx="6" fill="#fff"/>
  <rect x="236" y="122" width="44" height="72" rx="6" fill="#93c5fd"/>
  <rect x="236" y="140" width="44" height="12" fill="#bfdbfe"/>
  <rect x="298" y="148" width="48" height="46" rx="10" fill="#eff6ff"/>
  <rect x="166" y="232" width="34" height="66" rx="6" fill="#bfdbfe"/>
  <rect x="208" y="244" width="34" height="54" rx="6" fill="#eff6ff"/>
  <path d="M274 298v-40a10 10 0 0 1 6-9l6-3v-16h14v16l6 3a10 10 0 0 1 6 9v40z" fill="#dbeafe"/>
  <rect x="326" y="252" width="20" height="46" rx="4" fill="#93c5fd"/>
  <rect x="166" y="340" width="82" height="62" rx="8" fill="#93c5fd"/>
  <path d="M166 362h82" stroke="#dbeafe" stroke-width="8"/>
  <rect x="262" y="352" width="40" height="50" rx="10" fill="#eff6ff"/>
  <rect x="310" y="352" width="40" height="50" rx="10" fill="#dbeafe"/>
`;

const gradient = `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${BLUE_TOP}"/><stop offset="1" stop-color="${BLUE_BOTTOM}"/></linearGradient></defs>`;

/** The regular icon: a rounded square with a transparent surround. */
const iconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${gradient}<rect width="512" height="512" rx="112" fill="url(#bg)"/>${CUPBOARD}</svg>`;

/** Maskable (and Apple touch): full bleed, the drawing a little smaller so that any mask shape keeps all of it. */
const fullBleedSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${gradient}<rect width="512" height="512" fill="url(#bg)"/><g transform="translate(256 256) scale(0.86) translate(-256 -256)">${CUPBOARD}</g></svg>`;

const compact = (svg: string) => svg.replace(/\s*\n\s*/g, '').trim();

interface IconOutput {
  file: string;
  svg: string;
  size: number;
  transparent: boolean;
}

const icons: IconOutput[] = [
  { file: 'icon-192.png', svg: iconSvg, size: 192, transparent: true },
  { file: 'icon-512.png', svg: iconSvg, size: 512, transparent: true },
  { file: 'icon-maskable-512.png', svg: fullBleedSvg, size: 512, transparent: false },
  { file: 'apple-touch-icon-180.png', svg: fullBleedSvg, size: 180, transparent: false },
];

function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}

async function makeIcons(browser: Browser): Promise<void> {
  await mkdir(iconsDir, { recursive: true });
  await writeFile(resolve(iconsDir, 'icon.svg'), `${compact(iconSvg)}\n`);
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const svg = compact(icon.svg).replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(
      `<!doctype html><html><head><style>html,body{margin:0;background:transparent}svg{display:block}</style></head><body>${svg}</body></html>`,
    );
    const png = await page.screenshot({
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
      omitBackground: icon.transparent,
    });
    await writeFile(resolve(iconsDir, icon.file), png);
    console.log(`public/icons/${icon.file} (${icon.size}×${icon.size}, ${png.length} B)`);
  }
  await page.close();
}

/** Logs in as the demo customer and shoots Mina sidor, narrow (a phone) and wide (a laptop), in light mode. */
async function makeScreenshots(browser: Browser, baseURL: string): Promise<void> {
  await mkdir(screenshotsDir, { recursive: true });
  const shots = [
    { file: 'narrow.png', width: 390, height: 844 },
    { file: 'wide.png', width: 1280, height: 800 },
  ];
  for (const shot of shots) {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: shot.width, height: shot.height },
      deviceScaleFactor: 1,
      locale: 'sv-SE',
      timezoneId: 'Europe/Stockholm',
      colorScheme: 'light',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'E-postadress' }).fill('kund@skafferi.test');
    await page.getByLabel('Lösenord', { exact: true }).fill('Kund123!');
    await page.getByRole('main').getByRole('button', { name: 'Logga in' }).click();
    await page.waitForURL(/\/profil$/);
    await page.getByRole('heading', { level: 1, name: 'Mina sidor' }).waitFor();
    // No toasts or banners in the picture.
    await page.waitForTimeout(3500);
    await page.addStyleTag({ content: '[data-toast-id],[data-pwa-banner]{display:none!important}' });
    const png = await page.screenshot({ fullPage: false });
    await writeFile(resolve(screenshotsDir, shot.file), png);
    console.log(`public/screenshots/${shot.file} (${shot.width}×${shot.height}, ${png.length} B)`);
    await context.close();
  }
}

const args = process.argv.slice(2);
const withScreenshots = args.includes('--screenshots');
const baseURL = args.find((a) => /^https?:\/\//.test(a)) ?? 'http://localhost:8080';

const browser = await launch();
try {
  await makeIcons(browser);
  if (withScreenshots) await makeScreenshots(browser, baseURL);
} finally {
  await browser.close();
}
