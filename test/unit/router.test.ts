import { expect, test } from 'vitest';
import { createRouter } from '../../api/http/router.ts';

test('the router tells found, wrong method (with Allow) and not found apart', () => {
  const router = createRouter([
    { method: 'GET', path: '/api/v1/catalog', handler: 'list' },
    { method: 'GET', path: '/api/v1/catalog/:id', handler: 'get' },
    { method: 'POST', path: '/api/v1/samples/:id', handler: 'sample' },
  ]);
  const found = router.match('GET', '/api/v1/catalog/abc');
  expect(found).toMatchObject({ kind: 'found', params: { id: 'abc' } });
  expect(router.match('HEAD', '/api/v1/catalog')).toMatchObject({ kind: 'found', params: {} });
  expect(router.match('GET', '/api/v1/catalog/')).toEqual({ kind: 'not_found' });
  expect(router.match('DELETE', '/api/v1/samples/x')).toEqual({
    kind: 'method_not_allowed',
    allow: ['POST', 'OPTIONS'],
  });
  // An encoded slash stays inside its segment.
  expect(router.match('GET', '/api/v1/catalog/a%2Fb')).toMatchObject({ params: { id: 'a%2Fb' } });
});
