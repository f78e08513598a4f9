import { lazy, Suspense } from 'react';
import type { FormWrapperBlok } from '../../../../contract/content-bloks';
import { Heading, NestHeadings } from './heading';
import { RichText } from './RichText';

const ContentForm = lazy(() => import('../forms').then((m) => ({ default: m.ContentForm })));

/** Frames one of the app's forms (contact, newsletter) with a heading and an intro; the form is its own chunk. */
export function FormWrapper({ blok }: { blok: FormWrapperBlok }) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8 dark:bg-gray-900 dark:ring-gray-700">
      <Heading className="text-2xl text-gray-950 dark:text-white">{blok.title}</Heading>
      <NestHeadings>
        <RichText doc={blok.intro} className="text-gray-700 dark:text-gray-300" />
        <Suspense fallback={<div className="min-h-40" />}>
          <ContentForm form={blok.form} successMessage={blok.success_message || undefined} />
        </Suspense>
      </NestHeadings>
    </div>
  );
}
