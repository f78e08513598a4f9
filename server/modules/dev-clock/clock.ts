/**
 * A server clock that tests can move (DEV_CLOCK=true, never in production): real time plus an offset that
 * `PUT /v1/dev/clock` sets and `DELETE /v1/dev/clock` clears. Every date rule of the app (delivery deadlines, prices of
 * the day, order dates) reads `now`; tokens, sessions and rate limits keep real time. See docs/decisions/0041.
 */
export type DevClock = {
  /** The moved time: `base()` plus the offset. */
  now: () => Date;
  /** The offset in minutes (0: real time). */
  offsetMinutes: () => number;
  set: (offsetMinutes: number) => void;
  reset: () => void;
};

/** `base` is the clock being moved (real time unless a test fixed one). */
export function createDevClock(base: () => Date = () => new Date()): DevClock {
  let offsetMs = 0;
  return {
    now: () => new Date(base().getTime() + offsetMs),
    offsetMinutes: () => offsetMs / 60_000,
    set: (offsetMinutes) => {
      offsetMs = offsetMinutes * 60_000;
    },
    reset: () => {
      offsetMs = 0;
    },
  };
}
