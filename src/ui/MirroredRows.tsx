import type { ReactNode } from 'react';
import { Spinner } from './Spinner';

interface MirroredRowsProps<Row> {
  /** The rows from the device's mirror; undefined while the live query starts. */
  rows: Row[] | undefined;
  /** The first read of the company's data is under way (useFirstRead): no rows yet means "coming", not "none". */
  firstRead: boolean;
  loadingLabel: string;
  empty: ReactNode;
  children: (rows: Row[]) => ReactNode;
}

/** Rows read from the device: a spinner while they may still come, the empty state when there are none, else them. */
export function MirroredRows<Row>({ rows, firstRead, loadingLabel, empty, children }: MirroredRowsProps<Row>) {
  if (rows === undefined || (rows.length === 0 && firstRead)) {
    return (
      <div className="flex justify-center py-10 text-primary-700 dark:text-primary-300">
        <Spinner className="size-8" label={loadingLabel} />
      </div>
    );
  }
  if (rows.length === 0) return empty;
  return children(rows);
}
