import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ScannerError, startScanner, type Scanner, type ScannerProblem } from './index';

interface ScannerViewProps {
  /** A code was read (once per appearance). */
  onCode: (code: string) => void;
}

/**
 * Brings the picture to the top of the screen, under the sticky site header: on a phone the scanner opened far down the
 * count screen and only a sliver of the camera was visible (issue #15).
 */
function scrollIntoSight(element: HTMLElement): void {
  const header = document.querySelector('header');
  const below = header && getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().bottom : 0;
  window.scrollBy({ top: element.getBoundingClientRect().top - below - 8 });
}

type State = { kind: 'starting' } | { kind: 'live'; scanner: Scanner } | { kind: 'problem'; problem: ScannerProblem };

/**
 * The camera picture with live decoding (loaded lazily: the scanner is not in the first load). The stream stops when
 * the view is left and while the page is hidden, and starts again when it is shown.
 */
export default function ScannerView({ onCode }: ScannerViewProps) {
  const { t } = useTranslation('inventory');
  const root = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const callback = useRef(onCode);
  callback.current = onCode;
  const [state, setState] = useState<State>({ kind: 'starting' });
  const [torch, setTorch] = useState(false);
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');

  useEffect(() => {
    if (root.current) scrollIntoSight(root.current);
  }, []);

  useEffect(() => {
    const onVisibility = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  useEffect(() => {
    if (!visible || !video.current) return;
    let scanner: Scanner | null = null;
    let cancelled = false;
    setState({ kind: 'starting' });
    setTorch(false);
    startScanner(video.current, (code) => callback.current(code)).then(
      (started) => {
        if (cancelled) started.stop();
        else {
          scanner = started;
          setState({ kind: 'live', scanner: started });
        }
      },
      (error: unknown) => {
        if (!cancelled)
          setState({ kind: 'problem', problem: error instanceof ScannerError ? error.problem : 'failed' });
      },
    );
    return () => {
      cancelled = true;
      scanner?.stop();
    };
  }, [visible]);

  return (
    <div ref={root} className="flex flex-col gap-2" data-testid="scanner">
      {state.kind === 'problem' ? (
        <Alert tone="warning">{t(`scanner.${state.problem}`)}</Alert>
      ) : (
        <p
          className="text-sm font-medium text-gray-800 dark:text-gray-200"
          aria-live="polite"
          data-testid="scanner-state"
        >
          {state.kind === 'starting' ? t('scanner.starting') : t('scanner.live')}
        </p>
      )}
      <div className={state.kind === 'problem' ? 'hidden' : 'relative overflow-hidden rounded-2xl bg-black'}>
        <video
          ref={video}
          aria-label={t('scanner.video')}
          className="aspect-video w-full object-cover"
          muted
          playsInline
        />
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-8 top-1/2 h-0.5 bg-red-500/80" />
        {state.kind === 'live' && state.scanner.torchSupported && (
          // On the picture, so that what was counted and its undo sit right under it (one hand, no scrolling).
          <Button
            variant="secondary"
            className="absolute bottom-2 left-2"
            onPress={() => {
              const next = !torch;
              void state.scanner.setTorch(next).then(() => setTorch(next));
            }}
          >
            {torch ? t('scanner.torchOff') : t('scanner.torchOn')}
          </Button>
        )}
      </div>
    </div>
  );
}
