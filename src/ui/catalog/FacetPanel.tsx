import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, CheckboxGroup, Label } from 'react-aria-components';
import { FACET_IDS, type FacetCounts, type FacetId, type FacetSelection } from '../../api/search/search';
import { cx } from '../cx';

/** Values shown before "Visa alla". */
const FEW = 6;

export interface FacetPanelProps {
  counts: FacetCounts | undefined;
  selection: FacetSelection;
  onChange: (id: FacetId, values: string[]) => void;
  /** Facets not to offer (a category page's own category facet is still useful: its sub-categories). */
  hidden?: FacetId[];
  className?: string;
}

/** The facets as checkbox groups with counts (brand, category, zone, labels, stock status). */
export function FacetPanel({ counts, selection, onChange, hidden = [], className }: FacetPanelProps) {
  const { t } = useTranslation('catalog');
  const ids = FACET_IDS.filter((id) => !hidden.includes(id));
  return (
    <div className={cx('flex flex-col gap-5', className)} data-testid="facets">
      {ids.map((id) => (
        <FacetGroup
          key={id}
          id={id}
          label={t(`listing.facet.${id}`)}
          counts={counts?.[id] ?? []}
          selected={selection[id] ?? []}
          onChange={(values) => onChange(id, values)}
        />
      ))}
    </div>
  );
}

function FacetGroup({
  id,
  label,
  counts,
  selected,
  onChange,
}: {
  id: FacetId;
  label: string;
  counts: { value: string; count: number }[];
  selected: string[];
  onChange: (values: string[]) => void;
}) {
  const { t } = useTranslation('catalog');
  const [expanded, setExpanded] = useState(false);
  // A chosen value stays listed even when the other choices leave it no products (count 0).
  const values = [...counts];
  for (const value of selected) if (!values.some((c) => c.value === value)) values.push({ value, count: 0 });
  if (values.length === 0) return null;
  const shown = expanded ? values : values.filter((v, i) => i < FEW || selected.includes(v.value));
  const valueText = (value: string) =>
    id === 'stock'
      ? t(`stock.${value}` as 'stock.in_stock', { defaultValue: value })
      : id === 'label'
        ? t(`label.${value}` as never, { defaultValue: value })
        : value;

  return (
    <CheckboxGroup value={selected} onChange={onChange} className="flex flex-col gap-1" data-facet={id}>
      <Label className="text-sm font-bold text-gray-950 dark:text-white">{label}</Label>
      <div className="flex flex-col">
        {shown.map(({ value, count }) => (
          <Checkbox
            key={value}
            value={value}
            aria-label={t('listing.facetValue', { value: valueText(value), count })}
            className="group flex min-h-10 cursor-pointer items-center gap-2.5 rounded-md px-1 text-sm text-gray-800 data-hovered:bg-gray-100 dark:text-gray-100 dark:data-hovered:bg-gray-800"
          >
            {({ isSelected }) => (
              <>
                <span
                  aria-hidden="true"
                  className={cx(
                    'flex size-5 shrink-0 items-center justify-center rounded border-2 transition-colors',
                    'group-data-focus-visible:outline-2 group-data-focus-visible:outline-offset-2 group-data-focus-visible:outline-primary-600',
                    isSelected
                      ? 'border-primary-700 bg-primary-700 text-white dark:border-primary-400 dark:bg-primary-400 dark:text-gray-950'
                      : 'border-gray-500 bg-white dark:border-gray-400 dark:bg-gray-900',
                  )}
                >
                  {isSelected && (
                    <svg viewBox="0 0 16 16" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2.5">
                      <path d="m3.5 8.5 3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  )}
                </span>
                <span className="min-w-0 flex-1 truncate">{valueText(value)}</span>
                <span aria-hidden="true" className="text-xs text-gray-600 tabular-nums dark:text-gray-400">
                  {count}
                </span>
              </>
            )}
          </Checkbox>
        ))}
      </div>
      {values.length > FEW && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
          className="w-fit rounded-sm px-1 text-sm font-medium text-primary-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-primary-300"
        >
          {expanded ? t('listing.showFewer') : t('listing.showAll', { count: values.length })}
        </button>
      )}
    </CheckboxGroup>
  );
}
