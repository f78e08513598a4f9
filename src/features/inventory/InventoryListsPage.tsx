import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useActiveCompany, useCurrentCompany, useCurrentUser, useFirstRead } from '../../api/session/hooks';
import { formatDateTime } from '../../../contract/rules/swedish-dates';
import { formatSek } from '../../lib/money';
import { inventoryListPath, paths } from '../../lib/paths';
import { isListClosed } from '../../offline/inventory/tables';
import { CompanyGate } from '../../ui/CompanyGate';
import { Link, LinkButton } from '../../ui/Link';
import { MirroredRows } from '../../ui/MirroredRows';
import { toast } from '../../ui/toast-queue';
import { IdleListForm } from './components/IdleListForm';
import { PendingBadge } from './components/PendingBadge';
import { Period } from './components/Period';
import { changeInventory, useInventoryLists } from './data';

/**
 * /profil/inventering — the chosen company's inventory lists from the device's mirror (so it opens offline), with
 * name, period, item count and stock value, and a form to start a new list.
 */
export function InventoryListsPage() {
  const { t } = useTranslation('inventory');
  const navigate = useNavigate();
  const company = useActiveCompany();
  const companyName = useCurrentCompany().data?.name;
  const { data: user } = useCurrentUser();
  const lists = useInventoryLists(company.code);
  const firstRead = useFirstRead(company.code);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-gray-950 dark:text-white">{t('heading')}</h1>
        <LinkButton href={paths.myArticles} variant="secondary" size="sm">
          {t('myArticlesLink')}
        </LinkButton>
      </div>
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
            <section
              aria-labelledby="create-inventory-heading"
              className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6 lg:order-last dark:border-gray-700 dark:bg-gray-900"
            >
              <h2 id="create-inventory-heading" className="text-lg font-bold text-gray-950 dark:text-white">
                {t('create.heading')}
              </h2>
              <div className="mt-4">
                <IdleListForm
                  loadingLabel={t('create.loading')}
                  submitLabel={t('create.submit')}
                  onSubmit={async (values) => {
                    const result = await changeInventory({
                      type: 'createList',
                      companyCode: companyCode,
                      ...values,
                      createdBy: user ? `${user.firstName} ${user.lastName}` : null,
                    });
                    toast.success(t('create.created', { name: values.name }), { id: 'inventory-list' });
                    await navigate(inventoryListPath(result.id!));
                  }}
                />
              </div>
            </section>
            <section aria-labelledby="inventory-lists-heading" className="lg:col-span-2">
              <h2 id="inventory-lists-heading" className="sr-only">
                {t('overview.heading')}
              </h2>
              <MirroredRows
                rows={lists}
                firstRead={firstRead}
                loadingLabel={t('loading')}
                empty={
                  <p className="rounded-2xl border border-dashed border-gray-300 bg-white p-6 text-gray-700 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-300">
                    {t('overview.empty')}
                  </p>
                }
              >
                {(rows) => (
                  <ul className="flex flex-col gap-3">
                    {rows.map((list) => (
                      <li
                        key={list.id}
                        data-testid="inventory-list-row"
                        data-list-id={list.id}
                        className="relative rounded-xl border border-gray-200 bg-white p-4 hover:border-primary-400 dark:border-gray-700 dark:bg-gray-900"
                      >
                        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                          <Link
                            href={inventoryListPath(list.id)}
                            className="text-lg font-semibold break-words text-gray-950 no-underline after:absolute after:inset-0 dark:text-white"
                          >
                            {list.name}
                          </Link>
                          {list.pending && <PendingBadge />}
                          {isListClosed(list) && (
                            <span
                              className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-900 dark:bg-gray-700 dark:text-gray-100"
                              data-testid="inventory-list-closed"
                            >
                              {/* Read as "Stängd av … när", not "Stängd Stängd av …". */}
                              <span aria-hidden="true">{t('overview.closed')}</span>
                              <span className="sr-only">
                                {list.closedBy
                                  ? t('closed.by', { name: list.closedBy, when: formatDateTime(list.closedAt!) })
                                  : t('closed.byUnknown', { when: formatDateTime(list.closedAt!) })}
                              </span>
                            </span>
                          )}
                        </div>
                        <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-gray-700 dark:text-gray-300">
                          <span>
                            <Period from={list.dateFrom} to={list.dateTo} />
                          </span>
                          <span>{t('itemCount', { count: list.itemCount })}</span>
                          <span data-testid="inventory-list-value">
                            {t('stockValue', { value: formatSek(list.stockValue) })}
                          </span>
                        </p>
                      </li>
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
