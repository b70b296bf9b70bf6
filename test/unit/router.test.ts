import { expect, test } from 'vitest';
import { createRouter, pathnameOf } from '../../api/http/router.ts';

test('pathnameOf gives what the URL parser gives, for plain paths and for every kind it leaves to the parser', () => {
  const hrefs = [
    'http://localhost/api/v1/catalog',
    'http://localhost/api/v1/catalog?language=en',
    'http://localhost/api/v1/catalog#top',
    'http://localhost/api/v1/catalog/abc_DEF-1~2',
    'http://localhost//api//v1',
    'http://localhost/api/v1/../v1/catalog',
    'http://localhost/api/v1/./catalog',
    'http://localhost/api/v1/%2e%2e/requests',
    'http://localhost/api/v1/catalog%2Fx',
    'http://localhost/api/v1/a\\b',
    'http://localhost/api/v1/café',
    'http://localhost/api/v1/a b',
    'http://localhost/a/..',
    'http://localhost',
    'http://localhost?x',
    'HTTP://LOCALHOST:80/a',
    'http://[::1]:8080/api/v1/x?y',
  ];
  for (const href of hrefs) expect(pathnameOf(href), href).toBe(new URL(href).pathname);
});

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
