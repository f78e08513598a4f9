import type { Config } from '../../config';

/**
 * What the Content-Security-Policy must also let in for the configured third parties: reCAPTCHA's script and frame
 * (on its configured host, with static files from www.gstatic.com) and Google Tag Manager with Analytics once
 * VITE_GTM_ID is set. ALTCHA needs nothing: its script and workers come from this origin.
 */
export function thirdPartySources(config: Config) {
  const script: string[] = [];
  const frame: string[] = [];
  const connect: string[] = [];
  const image: string[] = [];
  const recaptcha = config.captcha.recaptcha;
  if (recaptcha) {
    const host = `https://${recaptcha.host}`;
    script.push(`${host}/recaptcha/`, 'https://www.gstatic.com/recaptcha/');
    frame.push(`${host}/recaptcha/`);
    connect.push(`${host}/recaptcha/`);
  }
  if (config.gtmId) {
    script.push('https://www.googletagmanager.com');
    connect.push(
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    );
    image.push('https://*.google-analytics.com', 'https://www.googletagmanager.com');
  }
  return { script, frame, connect, image };
}
