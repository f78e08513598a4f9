import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { test as base } from '../fixtures';
import type { AxeChecker } from '../support/axe';

type Json = Record<string, unknown>;
export interface StoryFile {
  content: Json & { component: string; seo?: { title: string; description: string } };
}

/** A story file of the local content space (content/<full slug>.json). */
export function readStory(fullSlug: string): StoryFile {
  return JSON.parse(readFileSync(path.join(process.cwd(), 'content', `${fullSlug}.json`), 'utf8')) as StoryFile;
}

/** Every block of a story, depth first (the root included). */
export function bloksOf(node: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(node)) for (const item of node) bloksOf(item, out);
  else if (node && typeof node === 'object') {
    const blok = node as Json;
    if (typeof blok.component === 'string') out.push(blok);
    for (const value of Object.values(blok)) bloksOf(value, out);
  }
  return out;
}

const firstText = (doc: unknown): string | undefined => {
  const texts: string[] = [];
  const walk = (n: unknown) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      const node = n as Json;
      if (node.type === 'text' && typeof node.text === 'string') texts.push(node.text);
      Object.values(node).forEach(walk);
    }
  };
  walk(doc);
  return texts[0];
};

/** A content page (start page, /komponenter, the blog, any story). */
export class ContentScreen {
  readonly main;
  readonly h1;
  readonly breadcrumbs;

  constructor(
    readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    this.main = page.getByRole('main');
    this.h1 = this.main.getByRole('heading', { level: 1 });
    this.breadcrumbs = this.main.getByRole('navigation', { name: 'Brödsmulor' });
  }

  async open(pathname: string) {
    await this.page.goto(pathname);
    await expect(this.h1).toBeVisible();
  }

  /** Scrolls through the whole page, so that blocks that wait until they are near the screen load. */
  async scrollThrough() {
    const height = await this.page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 500) {
      await this.page.mouse.wheel(0, 500);
      await this.page.waitForTimeout(60);
    }
    await this.page.waitForLoadState('networkidle');
  }

  region(name: string | RegExp): Locator {
    return this.main.getByRole('region', { name });
  }

  /** The title and meta description come from the story's SEO field. */
  async expectSeo(story: StoryFile) {
    const seo = story.content.seo!;
    await expect(this.page).toHaveTitle(seo.title);
    await expect(this.page.locator('meta[name="description"]')).toHaveAttribute('content', seo.description);
    await expect(this.page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
  }

  /** What shows that a block was drawn: its heading or label, its first words, its image. */
  locatorFor(blok: Json): Locator | null {
    const text = (key: string) => (typeof blok[key] === 'string' && blok[key] ? (blok[key] as string) : undefined);
    switch (blok.component) {
      case 'Page':
        return this.breadcrumbs.getByText(text('title')!, { exact: true });
      case 'Hero':
        return this.main.getByRole('heading', {
          name: ((blok.content as Json[])[0] as Json).title as string,
        });
      case 'Icon':
        return this.main.locator(`svg.lucide-${blok.name as string}`).first();
      case 'ImageContent':
        return text('caption')
          ? this.main.getByText(text('caption')!, { exact: true })
          : this.main.getByRole('img', { name: ((blok.image as Json).alt as string) || undefined }).first();
      case 'TextContent':
        return this.main.getByText(firstText(blok.text)!, { exact: false }).first();
      case 'ArticleContent':
      case 'ArticleContentWithImage':
        return text('title')
          ? this.main.getByRole('heading', { name: text('title') })
          : this.main.getByText(firstText(blok.text)!).first();
      case 'CardImageLink':
        return this.main.getByRole('link', { name: new RegExp(text('title')!) }).first();
      case 'ButtonComponent':
      case 'LinkContent':
        return this.main.getByRole('link', { name: new RegExp(text('label')!) }).first();
      case 'Employee':
        return this.main.getByRole('heading', { name: text('name') });
      case 'CarouselGeneric':
      case 'CarouselProducts':
      case 'CarouselProductsWithFilter':
      case 'CarouselProductCategories':
        return this.region(text('title')!);
      default: {
        const title = text('title');
        if (title) return this.main.getByRole('heading', { name: title, exact: true }).first();
        const label = text('label') ?? text('link_label') ?? text('name');
        return label ? this.main.getByText(label).first() : null;
      }
    }
  }

  async check(state = '') {
    await this.axe.check(state);
  }
}

interface ContentFixtures {
  content: ContentScreen;
  /** Console errors and uncaught exceptions of the page; a test that expects none asserts it is empty. */
  consoleErrors: string[];
}

export const test = base.extend<ContentFixtures>({
  content: async ({ page, axe }, use) => {
    await use(new ContentScreen(page, axe));
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
    await use(errors);
  },
});

export { expect };
