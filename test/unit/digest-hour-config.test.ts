// DIGEST_HOUR_UTC (contract §13): the hour of each lead's digest, 8 unless set; 0 to 23, anything else refused at
// start with one line naming the variable, its value and what it expects.
import { expect, test } from 'vitest';
import { loadConfig } from '../../api/config.ts';

test('8 by default; any hour of the day, midnight included', () => {
  expect(loadConfig({}).digestHourUtc).toBe(8);
  expect(loadConfig({ DIGEST_HOUR_UTC: '0' }).digestHourUtc).toBe(0);
  expect(loadConfig({ DIGEST_HOUR_UTC: '23' }).digestHourUtc).toBe(23);
});

test.each(['24', '-1', '8am', '7.5'])('DIGEST_HOUR_UTC=%s is refused, naming what it expects', (value) => {
  expect(() => loadConfig({ DIGEST_HOUR_UTC: value })).toThrow(
    `Invalid DIGEST_HOUR_UTC=${JSON.stringify(value)}: expects an hour from 0 to 23 (UTC)`,
  );
});
