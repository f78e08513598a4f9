import type { ReactNode } from 'react';

/**
 * A translated sentence with one part marked `<1>…</1>` (react-i18next's Trans notation), that part drawn by `link`.
 * For the app shell, which does not carry Trans and its HTML parser (decision 0044); the text stays one sentence in
 * locales/sv.
 */
export function LinkedText({ text, link }: { text: string; link: (inner: string) => ReactNode }) {
  const match = /^([\s\S]*?)<1>([\s\S]*?)<\/1>([\s\S]*)$/.exec(text);
  if (!match) return <>{text}</>;
  const [, before, inner = '', after] = match;
  return (
    <>
      {before}
      {link(inner)}
      {after}
    </>
  );
}
