// Where a mail to the sourcing team points: the desk's pages (contract §13), never a command to paste.
/** `${SITE_URL}/desk/<path>`: e.g. deskUrl(site, 'requests', id) for a request's desk page. */
export function deskUrl(siteUrl: URL, ...path: string[]): string {
  return new URL(`/desk/${path.map(encodeURIComponent).join('/')}`, siteUrl).href;
}
