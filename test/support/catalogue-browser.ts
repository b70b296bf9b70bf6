// The catalogue as the browser tests compare it with the API (test/browser/behaviour*.test.ts): what
// GET /api/v1/catalog answers for a query, and the ids of the cards a person sees.
import type { Page } from 'playwright-core';

export function catalogueApi(siteUrl: () => string) {
  const api = async (query: string) =>
    (await (await fetch(`${siteUrl()}/api/v1/catalog?${query}`)).json()) as {
      data: { id: string }[];
      count: number;
    };
  const apiIds = async (query: string) => (await api(query)).data.map((listing) => listing.id);
  const TOTAL = async () => (await api('')).count;
  return { api, apiIds, TOTAL };
}

/** The ids of the cards a person sees, in the order shown. */
export const shownIds = (page: Page) =>
  page
    .locator('.listing:visible')
    .evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.id!));
