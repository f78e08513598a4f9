import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass, labelClass } from '../../../ui/field-styles';
import { PlainButton } from '../../../ui/PlainButton';
import type { Walk, WalkPlace } from '../walk';
import { WalkProgress } from './WalkProgress';

type Progress = { total: number; counted: number };

interface ZoneWalkProps {
  /** The page's id prefix. */
  id: string;
  /** Every zone's progress (the options); null until the background tallies are in (the zones come first). */
  walk: Walk | null;
  listProgress: Progress;
  /** The current zone's; null while its rows are read. */
  zoneProgress: Progress | null;
  steps: readonly WalkPlace[];
  step: WalkPlace | undefined;
  previous: WalkPlace | undefined;
  next: WalkPlace | undefined;
  goTo: (param: string) => void;
}

/**
 * The walk's steps: the zone being counted (a select whose options carry each zone's progress), previous and next
 * zone, and "42 av 60 räknade" for the zone and for the whole list as progress bars a screen reader reads as such.
 */
export const ZoneWalk = memo(function ZoneWalk(props: ZoneWalkProps) {
  const { id, walk, listProgress, zoneProgress, steps, step, previous, next, goTo } = props;
  const { t } = useTranslation('inventory');
  const progress = (counted: number, count: number) => t('walk.progress', { counted, count });
  return (
    <section aria-labelledby={`${id}-walk`} className="flex flex-col gap-3" data-testid="zone-walk">
      <h2 id={`${id}-walk`} className="sr-only">
        {t('walk.heading')}
      </h2>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-zone`} className={labelClass}>
          {t('count.zone')}
        </label>
        <select
          id={`${id}-zone`}
          value={step?.param ?? ''}
          onChange={(e) => goTo(e.target.value)}
          className={`${inputClass} h-12 text-lg`}
        >
          {(walk?.steps ?? steps).map((s) => (
            <option key={s.param} value={s.param}>
              {'counted' in s ? t('walk.option', { zone: s.label, counted: s.counted, count: s.total }) : s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <PlainButton variant="secondary" disabled={!previous} onClick={() => previous && goTo(previous.param)}>
          ← {t('walk.previous')}
        </PlainButton>
        <PlainButton variant="secondary" disabled={!next} onClick={() => next && goTo(next.param)}>
          {t('walk.next')} →
        </PlainButton>
      </div>
      {step && zoneProgress && (
        <div data-testid="zone-progress">
          <WalkProgress
            label={t('walk.zoneProgress', { zone: step.label })}
            value={zoneProgress.counted}
            maxValue={zoneProgress.total}
            valueLabel={progress(zoneProgress.counted, zoneProgress.total)}
          />
        </div>
      )}
      <div data-testid="list-progress">
        <WalkProgress
          label={t('walk.listProgress')}
          value={listProgress.counted}
          maxValue={listProgress.total}
          valueLabel={progress(listProgress.counted, listProgress.total)}
        />
      </div>
    </section>
  );
});
