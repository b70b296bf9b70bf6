// A time as a lab reads it, in mail and on the dashboard alike: to the minute, in UTC, and saying so.

/** "2026-11-26 14:05 UTC". */
export const when = (at: string | Date) =>
  `${(typeof at === 'string' ? at : at.toISOString()).slice(0, 16).replace('T', ' ')} UTC`;
