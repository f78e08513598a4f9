import { useTranslation } from 'react-i18next';
import { useActiveCompany, useCurrentCompany, useCurrentUser, useFirstRead } from '../../api/session/hooks';
import { usePurchaseLists } from '../../offline/hooks';
import { CompanyGate } from '../../ui/CompanyGate';
import { MirroredRows } from '../../ui/MirroredRows';
import { CreateListForm } from './components/CreateListForm';
import { EmptyLists } from './components/EmptyLists';
import { ListRow } from './components/ListRow';

/**
 * /profil/inkopslistor — the chosen company's purchase lists, read from the device's mirror (so the page works with
 * no network), and a form to start a new one. Nothing is read without a company (SPEC §5).
 */
export function PurchaseListsPage() {
  const { t } = useTranslation('purchase-lists');
  const company = useActiveCompany();
  const companyName = useCurrentCompany().data?.name;
  const { data: user } = useCurrentUser();
  const lists = usePurchaseLists(company.code);
  const firstRead = useFirstRead(company.code);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-gray-950 dark:text-white">{t('heading')}</h1>
      <p className="mt-2 max-w-3xl text-lg text-gray-700 dark:text-gray-300">
        {companyName ? t('lead', { company: companyName }) : t('leadNoName')}
      </p>

      <CompanyGate
        company={company}
        loadingLabel={t('loading')}
        noCompany={{ title: t('noCompany.title'), text: t('noCompany.text') }}
      >
        {(companyCode) => (
          <div className="mt-8 grid items-start gap-6 lg:grid-cols-3">
            <div className="lg:order-last">
              <CreateListForm
                companyCode={companyCode}
                createdBy={user ? `${user.firstName} ${user.lastName}` : null}
              />
            </div>
            <section aria-labelledby="lists-heading" className="lg:col-span-2">
              <h2 id="lists-heading" className="sr-only">
                {t('overview.heading')}
              </h2>
              <MirroredRows rows={lists} firstRead={firstRead} loadingLabel={t('loading')} empty={<EmptyLists />}>
                {(rows) => (
                  <ul className="flex flex-col gap-3">
                    {rows.map((list) => (
                      <ListRow key={list.id} list={list} />
                    ))}
                  </ul>
                )}
              </MirroredRows>
            </section>
          </div>
        )}
      </CompanyGate>
    </div>
  );
}
