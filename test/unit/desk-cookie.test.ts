// The desk's cookie (contract §13): `dss_desk` over http, `__Host-dss_desk` (Secure, Path=/) with an https SITE_URL,
// always HttpOnly and SameSite=Strict; only a value with the shape of our secrets is read back.
import { expect, test } from 'vitest';
import { deskCookie, deskValueOf } from '../../api/domain/desk/desk-sessions.ts';
import { newSecret } from '../../api/domain/labs/secrets.ts';

test('named and flagged by the site, read back only in our shape', () => {
  const value = newSecret();
  const local = deskCookie(new URL('http://localhost:4321'), value, 60);
  expect(local).toBe(`dss_desk=${value}; Path=/; Max-Age=60; HttpOnly; SameSite=Strict`);
  const secure = deskCookie(new URL('https://data.example'), value, 60);
  expect(secure).toBe(`__Host-dss_desk=${value}; Path=/; Max-Age=60; HttpOnly; SameSite=Strict; Secure`);
  expect(deskValueOf(`dss_session=x; __Host-dss_desk=${value}`, new URL('https://data.example'))).toBe(value);
  expect(deskValueOf(`dss_desk=${value}`, new URL('https://data.example'))).toBeUndefined();
  expect(deskValueOf('dss_desk=short', new URL('http://localhost:4321'))).toBeUndefined();
});
