// Every page type a visitor can land on, for the browser checks (load, axe, keyboard, Lighthouse).
export const PAGES: [name: string, path: string, status: number][] = [
  ['home', '/', 200],
  ['catalogue', '/catalog/', 200],
  [
    'catalogue-search',
    '/catalog/search/?q=ct&vertical=medical_imaging&geography=Germany&geography=Spain',
    200,
  ],
  ['listing', '/catalog/us-auto-insurance-claims-calls/', 200],
  ['listing-imaging', '/catalog/de-chest-ct-lung-nodules/', 200],
  ['listing-no-sample', '/catalog/nl-prostate-biopsy-whole-slide-images/', 200],
  ['demand', '/demand/', 200],
  ['about', '/about/', 200],
  ['contact', '/contact/', 200],
  ['security', '/security/', 200],
  ['licensing', '/licensing/', 200],
  ['delivery', '/delivery/', 200],
  ['api-guide', '/docs/api/', 200],
  ['access', '/access/', 200],
  ['signin', '/signin/', 200],
  ['legal-nda', '/legal/nda/', 200],
  ['not-found', '/no-such-page/', 404],
];
