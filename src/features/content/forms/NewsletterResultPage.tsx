import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NEWSLETTER_LINK_STATUSES, type NewsletterLinkStatus } from '../../../../contract/newsletter';
import { paths } from '../../../lib/paths';
import { LinkButton } from '../../../ui/Link';

const isStatus = (value: string | undefined): value is NewsletterLinkStatus =>
  (NEWSLETTER_LINK_STATUSES as readonly string[]).includes(value ?? '');

/**
 * Where the links in the newsletter mails end up: the server did the work (GET /v1/newsletter/confirm or
 * /unsubscribe) and redirected here with the outcome (/nyhetsbrev/:status).
 */
export function NewsletterResultPage() {
  const { t } = useTranslation('site');
  const { status } = useParams();
  const heading = useRef<HTMLHeadingElement>(null);
  const outcome: NewsletterLinkStatus = isStatus(status) ? status : 'ogiltig-lank';
  useEffect(() => heading.current?.focus(), [outcome]);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-start gap-4 px-4 py-12 sm:px-6">
      <h1
        ref={heading}
        tabIndex={-1}
        className="text-3xl font-bold tracking-tight text-gray-950 outline-none dark:text-white"
      >
        {t(`newsletterResult.${outcome}.heading`)}
      </h1>
      <p className="text-lg text-gray-700 dark:text-gray-300">{t(`newsletterResult.${outcome}.text`)}</p>
      <LinkButton href={paths.home} size="lg">
        {t('newsletterResult.toHome')}
      </LinkButton>
    </div>
  );
}
