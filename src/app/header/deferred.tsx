import {
  lazy,
  Suspense,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchPath } from '../../lib/paths';
import { idleStore, pageIdle } from '../../lib/when-idle';
import { SearchIcon } from '../../ui/SearchIcon';
import { useStoreInTransition } from '../use-store-in-transition';
import { headerSearchFieldClass } from './search-field-class';

/**
 * The header's widgets (instant search, sync indicator, mini cart, user menu) bring React Aria's menus, popovers and
 * dialogs, the search client and the offline engine. None of that is needed to show a page, so they load once the
 * page is idle, or at once when the visitor reaches for the header (pointer over it, focus in it, a touch): docs/
 * decisions/0021-first-load-budget.md. The instant search only on that reach (decision 0069). Until then the search box is a plain search field that works on its own
 * (Enter opens the results), and the signed-in controls hold their place.
 */
let wanted = false;
const listeners = new Set<() => void>();

/** The visitor reached for the header: load its widgets now. */
export function wantHeaderWidgets(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

const store = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const stopIdle = idleStore.subscribe(listener);
    void pageIdle();
    return () => {
      listeners.delete(listener);
      stopIdle();
    };
  },
  get: (): boolean => wanted || idleStore.get(),
};

/** True once the header's widgets may load (idle, or the visitor reached for the header); mounted in a transition. */
export function useHeaderWidgets(): boolean {
  return useStoreInTransition(store);
}

const reachStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => wanted,
};

/**
 * True once the visitor reached for the header. The instant search waits for this, not for idle (issue #17): its
 * combobox, popover and their React Aria code were the longest tasks after idle on the start, search and product
 * pages — Lighthouse's blocking time counts them (it runs until the page has been quiet for 5 s) — and the stand-in
 * field, which looks the same, searches on Enter by itself. Pointer over the header, focus in it or a touch loads it;
 * what was typed meanwhile moves over (below).
 */
function useHeaderReachedFor(): boolean {
  return useSyncExternalStore(reachStore.subscribe, reachStore.get, reachStore.get);
}

/** Renders `children` once the header's widgets may load; `placeholder` (holding their place) until they have. */
export function Deferred({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const ready = useHeaderWidgets();
  return ready ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}

const InstantSearch = lazy(() => import('./InstantSearch').then((m) => ({ default: m.InstantSearch })));

/** Sets a React-controlled input's value the way typing would (React listens for the `input` event). */
function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The header's search: a plain search field (same label, same look) until the visitor reaches for the header and the
 * instant search's code is here, then InstantSearch itself. Focus and anything typed meanwhile move over to it; Enter
 * before that opens /sok?q=….
 */
export function DeferredSearch() {
  // The field's texts are the shell's (layout): the search namespace comes with the instant search.
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const ready = useHeaderReachedFor();
  const [loaded, setLoaded] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const standIn = useRef<HTMLInputElement>(null);
  const handover = useRef<{ focused: boolean; value: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = standIn.current?.value.trim() ?? '';
    if (q) void navigate(searchPath(q));
  };

  return (
    <div ref={container} className="w-full">
      {!loaded && (
        <form onSubmit={submit} className="relative w-full" data-testid="instant-search-stand-in">
          <label htmlFor="header-search-stand-in" className="sr-only">
            {t('header.search')}
          </label>
          <div className="relative">
            <SearchIcon />
            <input
              ref={standIn}
              id="header-search-stand-in"
              type="search"
              enterKeyHint="search"
              autoComplete="off"
              spellCheck="false"
              placeholder={t('header.searchPlaceholder')}
              onFocus={wantHeaderWidgets}
              onPointerDown={wantHeaderWidgets}
              className={headerSearchFieldClass}
            />
          </div>
        </form>
      )}
      {ready && (
        <Suspense fallback={null}>
          <Arrived
            onArrive={() => {
              const input = standIn.current;
              handover.current = input
                ? { focused: document.activeElement === input, value: input.value }
                : { focused: false, value: '' };
              setLoaded(true);
            }}
            after={() => {
              const from = handover.current;
              handover.current = null;
              const input = container.current?.querySelector<HTMLInputElement>('input[role="combobox"]');
              if (!from || !input) return;
              if (from.focused) input.focus();
              if (from.value) typeInto(input, from.value);
            }}
            hidden={!loaded}
          >
            <InstantSearch />
          </Arrived>
        </Suspense>
      )}
    </div>
  );
}

/**
 * Mounts `children` hidden and tells the parent it has arrived (the parent then drops the stand-in, before the
 * browser paints); runs `after` once it is shown.
 */
function Arrived({
  children,
  hidden,
  onArrive,
  after,
}: {
  children: ReactNode;
  hidden: boolean;
  onArrive: () => void;
  after: () => void;
}) {
  useLayoutEffect(() => {
    onArrive();
    // Once, when it mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useLayoutEffect(() => {
    if (!hidden) after();
    // Once, when it is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hidden]);
  return <div hidden={hidden}>{children}</div>;
}
