// A time as the dashboard's newer pages show it: to the minute, in UTC, and saying so.

/** "2026-11-26 14:05 UTC". */
export const when = (at: string) => `${at.slice(0, 16).replace('T', ' ')} UTC`;
