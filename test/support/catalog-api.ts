// The API core (support/api.ts) for the catalogue tests (test/unit/api-catalog*.test.ts), with the public rate limit
// out of their way, and a JSON answer's body read once its Content-Type says so.
import { expect } from 'vitest';
import { testApi } from './api.ts';

export const catalogApi = () => testApi({ RATE_LIMIT_PUBLIC_PER_MINUTE: '100000' });

export async function body(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return response.json();
}
