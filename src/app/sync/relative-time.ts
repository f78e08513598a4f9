const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
  ['second', 1000],
];

const formatter = new Intl.RelativeTimeFormat('sv-SE', { numeric: 'auto' });

/**
 * A time relative to now in Swedish: "för 3 minuter sedan", "i går", or for a future time "om 30 sekunder". The last minute in the past is
 * `justNow` ("alldeles nyss"), so a status line does not tick every second.
 */
export function formatRelative(
  at: number | string,
  now: number,
  justNow: string,
  /** The time is in the future (a retry); otherwise it is in the past, and a `now` that lags behind it is ignored. */
  { future = false }: { future?: boolean } = {},
): string {
  const target = typeof at === 'string' ? Date.parse(at) : at;
  if (Number.isNaN(target)) return '';
  // `now` ticks every 15–30 s: something that just happened can look a few seconds ahead of it.
  const diff = future ? target - now : Math.min(0, target - now);
  if (diff <= 0 && diff > -60_000) return justNow;
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size || unit === 'second') {
      return formatter.format(Math.round(diff / size), unit);
    }
  }
  return justNow;
}
