/**
 * Loads the ALTCHA widget only when a form with bot protection is shown: the CSP-friendly build (no inline
 * workers, so worker-src 'self' holds), its PBKDF2 worker from this origin, its stylesheet and Swedish texts.
 */
let loading: Promise<void> | undefined;

export function loadAltcha(): Promise<void> {
  loading ??= (async () => {
    await import('altcha/external');
    const [worker] = await Promise.all([
      import('altcha/workers/pbkdf2?worker'),
      import('altcha/i18n/sv'),
      import('altcha/altcha.css'),
    ]);
    const Pbkdf2Worker = worker.default;
    for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'])
      globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
