import type {} from 'altcha/types/react';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { captchaConfigQuery } from '../../api/queries/captcha';
import { config as clientConfig } from '../../lib/config';
import { i18n } from '../../lib/i18n';
import { errorTextClass } from '../field-styles';
import { loadAltcha } from './load-altcha';
import { recaptchaToken } from './load-recaptcha';

/** What a form does with its bot protection: get a proof right before sending, start over after an answer. */
export interface CaptchaHandle {
  /** The proof for one submission; waits for ALTCHA to finish its work. Rejects when none can be had. */
  proof(): Promise<string>;
  /** Proofs are single use: after each answer from the server, prepare the next one. */
  reset(): void;
}

/** No proof could be had (the widget did not load or could not solve its challenge); the message is Swedish. */
export class CaptchaUnavailableError extends Error {
  override name = 'CaptchaUnavailableError';
  constructor() {
    super(i18n.t('site:captcha.unavailable'));
  }
}

type AltchaState = 'unverified' | 'verifying' | 'verified' | 'error' | 'expired' | 'code';
type AltchaElement = HTMLElement & { verify(): Promise<unknown>; reset(): void; getState(): AltchaState };
type StateEvent = CustomEvent<{ state: AltchaState; payload: string | null }>;

export interface CaptchaFieldProps {
  /** The form, e.g. 'contact' (reCAPTCHA v3 checks it on the server). */
  action: string;
  /** Shown below the widget (e.g. the server's CaptchaFailed). */
  errorMessage?: string;
  ref?: Ref<CaptchaHandle>;
}

/** The API's challenge path on the API's base URL (the app may talk to an API on another origin). */
function challengeUrl(path: string): string {
  const base = new URL(clientConfig().apiBaseUrl, window.location.origin);
  return new URL(path.replace(/^\//, ''), base.href.endsWith('/') ? base : `${base.href}/`).href;
}

/**
 * The bot protection of a form (SPEC §2): the ALTCHA widget, which solves its proof of work by itself as soon as
 * the form shows, or reCAPTCHA (badge hidden, the required notice instead) when the server is set up for it.
 */
export function CaptchaField({ action, errorMessage, ref }: CaptchaFieldProps) {
  const { t } = useTranslation('site');
  const configQuery = useQuery(captchaConfigQuery());
  const provider = configQuery.data;
  const widget = useRef<AltchaElement | null>(null);
  const payload = useRef<string | null>(null);
  const waiting = useRef<((payload: string | null) => void)[]>([]);
  const [altchaReady, setAltchaReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const errorId = `captcha-error-${action}`;

  useEffect(() => {
    if (provider?.provider !== 'altcha') return;
    let active = true;
    loadAltcha().then(
      () => active && setAltchaReady(true),
      () => active && setLoadFailed(true),
    );
    return () => {
      active = false;
    };
  }, [provider?.provider]);

  useEffect(() => {
    const element = widget.current;
    if (!element || !altchaReady) return;
    const onState = (event: Event) => {
      const { state, payload: value } = (event as StateEvent).detail;
      if (state === 'verified' && value) {
        payload.current = value;
        for (const resolve of waiting.current.splice(0)) resolve(value);
      } else if (state === 'error' || state === 'expired' || state === 'unverified') {
        payload.current = null;
        if (state !== 'unverified') for (const resolve of waiting.current.splice(0)) resolve(null);
      }
    };
    element.addEventListener('statechange', onState);
    return () => element.removeEventListener('statechange', onState);
  }, [altchaReady]);

  useImperativeHandle(
    ref,
    (): CaptchaHandle => ({
      async proof() {
        const current = provider ?? (await configQuery.refetch()).data;
        if (!current) throw new CaptchaUnavailableError();
        if (current.provider === 'recaptcha') {
          try {
            return await recaptchaToken(current.scriptUrl, current.siteKey, action);
          } catch {
            throw new CaptchaUnavailableError();
          }
        }
        if (payload.current) return payload.current;
        const element = widget.current;
        if (!element) throw new CaptchaUnavailableError();
        const result = new Promise<string | null>((resolve) => waiting.current.push(resolve));
        if (element.getState() !== 'verifying') void element.verify();
        const value = await result;
        if (!value) throw new CaptchaUnavailableError();
        return value;
      },
      reset() {
        payload.current = null;
        const element = widget.current;
        if (element && provider?.provider === 'altcha') {
          element.reset();
          void element.verify();
        }
      },
    }),
    [provider, configQuery, action],
  );

  const error = errorMessage ?? (loadFailed || configQuery.isError ? t('captcha.unavailable') : undefined);

  return (
    <div className="flex flex-col gap-1.5" data-testid="captcha">
      {provider?.provider === 'altcha' && altchaReady && (
        <altcha-widget
          ref={widget as Ref<HTMLElement>}
          challenge={challengeUrl(provider.challengeUrl)}
          auto="onload"
          language="sv"
          name="altcha"
          type="checkbox"
          configuration={JSON.stringify({ hideFooter: true, hideLogo: false })}
          aria-describedby={error ? errorId : undefined}
          style={{ '--altcha-max-width': '100%' }}
        />
      )}
      {provider?.provider === 'recaptcha' && <RecaptchaNotice />}
      {error && (
        <p id={errorId} role="alert" className={errorTextClass}>
          {error}
        </p>
      )}
    </div>
  );
}

/** reCAPTCHA's badge is hidden (SPEC §2), so Google's terms say the page must name it with these two links. */
function RecaptchaNotice() {
  const { t } = useTranslation('site');
  return (
    <p className="text-xs text-gray-600 dark:text-gray-300">
      {t('captcha.recaptchaNotice')}{' '}
      <a className="underline" href="https://policies.google.com/privacy" target="_blank" rel="noreferrer">
        {t('captcha.recaptchaPrivacy')}
      </a>{' '}
      ·{' '}
      <a className="underline" href="https://policies.google.com/terms" target="_blank" rel="noreferrer">
        {t('captcha.recaptchaTerms')}
      </a>
    </p>
  );
}
