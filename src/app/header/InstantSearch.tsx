import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePrice } from '../../api/prices';
import { categorySlugPaths, categoryTreeQuery } from '../../api/queries/catalog';
import { suggestionsQuery } from '../../api/search/queries';
import type { ProductHit } from '../../api/search/types';
import { useSearchScope } from '../../api/search/use-search-scope';
import { formatSek } from '../../lib/money';
import { categoryPath, productPath, searchPath } from '../../lib/paths';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { cx } from '../../ui/cx';
import { SearchIcon } from '../../ui/SearchIcon';
import { DeviceArticleOption, useDeviceSuggestions } from './device-search';
import { headerSearchFieldClass } from './search-field-class';
import type { StoredArticle } from '../../offline/inventory/tables';

/** Typing settles this long before a search goes out. */
const DEBOUNCE_MS = 150;
const MIN_CHARS = 2;

type Option =
  | { id: string; kind: 'category'; href: string; name: string; detail: string }
  | { id: string; kind: 'product'; href: string; product: ProductHit }
  | { id: string; kind: 'article'; href: string; article: StoredArticle }
  | { id: string; kind: 'all'; href: string; count: number; q: string };

/**
 * The header's instant search: an ARIA 1.2 combo box (input + listbox popup, aria-activedescendant; the WAI-ARIA
 * pattern, hand-made because React Aria's ComboBox hides the rest of the page with aria-hidden while it is open — see
 * docs/decisions/0019) that suggests categories and products as one types (typos allowed),
 * keyboard navigable; Enter without a chosen suggestion opens /sok?q=…, choosing one opens its page.
 */
export function InstantSearch({ className }: { className?: string }) {
  const { t } = useTranslation('search');
  const { t: tl } = useTranslation('layout');
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const typed = input.trim();
  const debounced = useDebouncedValue(typed, DEBOUNCE_MS);
  const { scope, ready } = useSearchScope();
  const searching = debounced.length >= MIN_CHARS;
  const suggestions = useQuery({ ...suggestionsQuery(debounced, scope), enabled: searching && ready });
  const tree = useQuery({ ...categoryTreeQuery(), enabled: typed.length > 0 });
  const slugPaths = useMemo(() => (tree.data ? categorySlugPaths(tree.data.data) : null), [tree.data]);
  const inputRef = useRef<HTMLInputElement>(null);

  const device = useDeviceSuggestions(debounced, searching && typed.length >= MIN_CHARS, suggestions.error);
  const data = searching && typed.length >= MIN_CHARS && !device.offline ? suggestions.data : undefined;
  const categories: Option[] = (data?.categories ?? []).map((c) => ({
    id: `category:${c.slug}`,
    kind: 'category',
    href: categoryPath(slugPaths?.get(c.slug) ?? [c.slug]),
    name: c.name,
    detail: c.path,
  }));
  const products: Option[] = (data?.products ?? []).map((p) => ({
    id: `product:${p.slug}`,
    kind: 'product',
    href: productPath(p.slug),
    product: p,
  }));
  // Offline, an article opens /sok with its number: the page shows it with what can be done with it there.
  if (device.offline) {
    products.push(
      ...device.articles.map((a): Option => ({
        id: `article:${a.key}`,
        kind: 'article',
        href: searchPath(a.articleNumber),
        article: a,
      })),
    );
  }
  const found = device.offline ? device.articles.length : (data?.found ?? 0);
  const all: Option[] =
    typed.length >= MIN_CHARS ? [{ id: 'all', kind: 'all', href: searchPath(typed), count: found, q: typed }] : [];

  const options = [...categories, ...products, ...(categories.length + products.length > 0 ? all : [])];
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listboxId = useId();
  const optionId = (i: number) => `${listboxId}-o${i}`;
  const shown = open && typed.length >= MIN_CHARS;
  // A new answer: nothing is highlighted until the user arrows down.
  const answerKey = options.map((o) => o.id).join('|');
  const [seen, setSeen] = useState(answerKey);
  if (seen !== answerKey) {
    setSeen(answerKey);
    setActive(-1);
  }

  const go = (href: string) => {
    setInput('');
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
    void navigate(href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        setActive((i) => (options.length === 0 ? -1 : i + 1 >= options.length ? 0 : i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((i) => (i <= 0 ? -1 : i - 1));
        break;
      case 'Enter': {
        event.preventDefault();
        const option = shown && active >= 0 ? options[active] : undefined;
        if (option) go(option.href);
        else if (typed) go(searchPath(typed));
        break;
      }
      case 'Escape':
        if (shown) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (input) {
          event.preventDefault();
          setInput('');
        }
        break;
    }
  };

  const renderOption = (option: Option, i: number) => (
    <li
      key={option.id}
      id={optionId(i)}
      role="option"
      aria-selected={i === active}
      // Keep focus in the input: a press on an option must not blur it before the click lands.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => go(option.href)}
      onMouseMove={() => i !== active && setActive(i)}
      className={cx(
        itemClass,
        option.kind === 'product' && 'flex-row items-center gap-3',
        option.kind === 'all' &&
          'mt-1 border-t border-gray-200 font-semibold text-primary-700 dark:border-gray-700 dark:text-primary-300',
        i === active && 'bg-primary-50 text-primary-950 dark:bg-primary-950 dark:text-primary-50',
      )}
    >
      {option.kind === 'category' ? (
        <>
          <span className="font-medium">{option.name}</span>
          {option.detail !== option.name && (
            <span className="text-xs text-gray-600 dark:text-gray-400">{option.detail}</span>
          )}
        </>
      ) : option.kind === 'product' ? (
        <ProductOption product={option.product} />
      ) : option.kind === 'article' ? (
        <DeviceArticleOption article={option.article} />
      ) : (
        t('instant.showAll', { count: option.count, q: option.q })
      )}
    </li>
  );

  return (
    <div className={cx('relative w-full', className)} data-testid="instant-search">
      <label htmlFor={`${listboxId}-input`} className="sr-only">
        {tl('header.search')}
      </label>
      <div className="relative">
        <SearchIcon />
        <input
          ref={inputRef}
          id={`${listboxId}-input`}
          type="search"
          role="combobox"
          aria-expanded={shown}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          enterKeyHint="search"
          autoComplete="off"
          spellCheck="false"
          placeholder={tl('header.searchPlaceholder')}
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className={headerSearchFieldClass}
        />
      </div>
      <div
        hidden={!shown}
        className="absolute top-full left-0 z-50 mt-1.5 w-full min-w-[min(26rem,calc(100vw-2rem))] rounded-xl border border-gray-200 bg-white p-1.5 shadow-xl dark:border-gray-700 dark:bg-gray-900"
      >
        {device.offline && (
          <p
            data-testid="instant-search-offline"
            className="rounded-lg bg-primary-50 px-3 py-2 text-sm font-semibold text-primary-950 dark:bg-primary-950 dark:text-primary-50"
          >
            {t('offline.notice')}
          </p>
        )}
        {/* The listbox itself scrolls: a combobox's popup is reached by the arrow keys (aria-activedescendant), not by Tab,
            and only a scrolling listbox the combobox controls is read as such (axe's scrollable-region rule). */}
        <ul
          id={listboxId}
          role="listbox"
          aria-label={tl('header.search')}
          className="max-h-[min(70dvh,36rem)] overflow-auto outline-none"
        >
          {categories.length > 0 && (
            <li role="presentation">
              <ul role="group" aria-labelledby={`${listboxId}-cats`}>
                <li role="presentation" id={`${listboxId}-cats`} className={sectionHeader}>
                  {t('instant.categories')}
                </li>
                {categories.map((option, i) => renderOption(option, i))}
              </ul>
            </li>
          )}
          {products.length > 0 && (
            <li role="presentation">
              <ul role="group" aria-labelledby={`${listboxId}-products`}>
                <li role="presentation" id={`${listboxId}-products`} className={sectionHeader}>
                  {device.offline ? t('offline.group') : t('instant.products')}
                </li>
                {products.map((option, i) => renderOption(option, categories.length + i))}
              </ul>
            </li>
          )}
          {options.length > categories.length + products.length &&
            renderOption(options[options.length - 1]!, options.length - 1)}
        </ul>
        {options.length === 0 && (
          <p className="px-3 py-4 text-sm text-gray-700 dark:text-gray-300">
            {device.offline
              ? (device.text ?? t('searching'))
              : suggestions.isFetching || !data
                ? t('searching')
                : t('instant.empty', { q: typed })}
          </p>
        )}
      </div>
      <span role="status" className="sr-only">
        {shown && (device.offline ? device.answered : data)
          ? `${device.offline ? `${t('offline.notice')}. ` : ''}${t('instant.summary', { count: options.length })}`
          : ''}
      </span>
    </div>
  );
}

function ProductOption({ product }: { product: ProductHit }) {
  const customer = usePrice(product.id);
  const price = customer && customer.kind !== 'list' ? customer.price : product.price;
  return (
    <>
      {product.imageUrl ? (
        <img
          src={product.imageUrl}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          className="size-10 shrink-0 rounded-md bg-gray-100 object-cover"
        />
      ) : (
        <span aria-hidden="true" className="size-10 shrink-0 rounded-md bg-gray-100 dark:bg-gray-800" />
      )}
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium">{product.name}</span>
        <span className="truncate text-xs text-gray-600 dark:text-gray-400">
          {product.brandName} · {product.sku}
        </span>
      </span>
      <span className="shrink-0 text-sm font-semibold tabular-nums">{formatSek(price)}</span>
    </>
  );
}

const sectionHeader = 'px-3 pt-2 pb-1 text-xs font-bold tracking-wide text-gray-600 uppercase dark:text-gray-400';
const itemClass = 'flex cursor-pointer flex-col rounded-lg px-3 py-2 text-sm text-gray-900 dark:text-gray-100';
