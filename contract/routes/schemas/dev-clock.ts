import { z } from 'zod';
import { apiError } from '../../common';
import { devClock as calls } from '../dev-clock';
import { describe } from './describe';

/** At most a year either way: far enough for any deadline, calendar or month-end rule a test needs. */
export const MAX_OFFSET_MINUTES = 366 * 24 * 60;

export const putDevClockBody = z.object({
  offsetMinutes: z.number().int().min(-MAX_OFFSET_MINUTES).max(MAX_OFFSET_MINUTES),
});

const devClockAnswer = z.object({
  offsetMinutes: z.number().int(),
  /** The server's moved time (ISO). */
  now: z.string(),
});

export const devClock = describe(calls, {
  get: {
    tags: ['dev'],
    summary: "The test clock's offset from real time and the server's time by it",
    response: { 200: devClockAnswer },
  },
  set: {
    tags: ['dev'],
    summary: 'Move the clock of the date rules `offsetMinutes` from real time (tests)',
    body: putDevClockBody,
    response: { 200: devClockAnswer, 400: apiError },
  },
  reset: {
    tags: ['dev'],
    summary: 'Back to real time',
    response: { 200: devClockAnswer },
  },
});
