interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loading: Promise<Grecaptcha> | undefined;

/** Loads Google's script from the configured host (www.recaptcha.net, hl=id) once, when a form needs it. */
export function loadRecaptcha(scriptUrl: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => {
      const api = window.grecaptcha;
      if (!api) return reject(new Error('reCAPTCHA did not load'));
      api.ready(() => resolve(api));
    };
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error('reCAPTCHA did not load'));
    };
    // The badge is hidden (SPEC §2); the form shows Google's required notice instead.
    const style = document.createElement('style');
    style.textContent = '.grecaptcha-badge { visibility: hidden; }';
    document.head.append(style, script);
  });
  return loading;
}

/** A fresh single-use token for one submission of the form `action` (v3). */
export async function recaptchaToken(scriptUrl: string, siteKey: string, action: string): Promise<string> {
  const api = await loadRecaptcha(scriptUrl);
  return api.execute(siteKey, { action });
}
