// Issue 42: the NDA's parties come from LEGAL_ENTITY, LEGAL_ADDRESS and GOVERNING_LAW. Unset (or empty) is allowed
// and leaves the NDA unsignable; a value a contract cannot print stops start-up naming the variable.
import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../api/config.ts';

test('the legal settings are read trimmed; unset or empty is undefined', () => {
  const config = loadConfig({
    LEGAL_ENTITY: '  Example Data Services Ltd ',
    LEGAL_ADDRESS: '1 Example Street, London EC1A 1AA, United Kingdom',
    GOVERNING_LAW: '',
  });
  expect(config.legal).toEqual({
    entity: 'Example Data Services Ltd',
    address: '1 Example Street, London EC1A 1AA, United Kingdom',
    governingLaw: undefined,
  });
  expect(loadConfig({}).legal).toEqual({ entity: undefined, address: undefined, governingLaw: undefined });
});

test('an address on several lines is one line, joined with commas', () => {
  const config = loadConfig({ LEGAL_ADDRESS: '1 Example Street\r\n  London EC1A 1AA\n\nUnited Kingdom\n' });
  expect(config.legal.address).toBe('1 Example Street, London EC1A 1AA, United Kingdom');
});

test('a control character or an over-long value stops start-up, naming the variable and the value', () => {
  expect(() => loadConfig({ LEGAL_ENTITY: 'Example\u0007 Ltd' })).toThrow(
    new ConfigError('Invalid LEGAL_ENTITY="Example\\u0007 Ltd": expects text without control characters'),
  );
  expect(() => loadConfig({ GOVERNING_LAW: 'x'.repeat(301) })).toThrow(/Invalid GOVERNING_LAW=.*expects at most 300 characters/);
});
