// Progressive enhancement for the catalogue: without JavaScript the form is sent to /catalog/search/, rendered by
// the server with the API's search; with it, the same search (catalog-search.ts, the same MiniSearch index over the
// text the cards carry) runs here on every keystroke and click, and the URL keeps the search
// (/catalog/search/?q=…), so a shared link opens the same results with or without JavaScript.
import {
  createCatalogSearch,
  UNIT_LABELS,
  type CatalogSearch,
  type SearchDoc,
  type SearchSort,
} from '../../api/domain/listings/catalog-search.ts';

// Each filter and the name of its card attribute in `dataset` (data-data-type → dataType).
const FACETS = {
  status: 'status',
  data_type: 'dataType',
  language: 'language',
  modality: 'modality',
  domain: 'domain',
  geography: 'geography',
} as const;
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;

function start() {
  const form = byId<HTMLFormElement>('catalog');
  const list = byId('results');
  const count = byId('result-count');
  const empty = byId('empty-state');
  const emptyQuery = byId('empty-query');
  const nearestList = byId('nearest');
  const nearestIntro = byId('nearest-intro');
  const panel = byId<HTMLDetailsElement>('filter-panel');
  const filterCount = byId('filter-count');
  const applied = byId('applied');
  const appliedList = byId('applied-list');
  const heading = byId('results-heading');
  const results = list?.closest('.results');
  if (!form || !list || !count || !empty || !panel || !filterCount || !results || !heading) return;
  heading.tabIndex = -1; // focusable from script only, after "Show results"; not a stop of its own for Tab
  const cards = new Map<string, HTMLElement>();
  const docs: SearchDoc[] = [];
  for (const card of list.querySelectorAll<HTMLElement>('.listing')) {
    const data = card.dataset;
    cards.set(data.id!, card);
    const values = (name: string) => (data[name] ? data[name]!.split('|') : []);
    docs.push({
      id: data.id!,
      title: card.querySelector('a')?.textContent?.trim() ?? '',
      languages: data.languages ?? '',
      terms: data.terms ?? '',
      text: data.search ?? '',
      updated: data.updated ?? '',
      size: { unit: data.sizeUnit ?? '', from: Number(data.sizeFrom) },
      facets: {
        vertical: values('vertical'),
        ...Object.fromEntries(Object.entries(FACETS).map(([name, key]) => [name, values(key)])),
      },
    });
  }
  const total = cards.size;
  let search: CatalogSearch | undefined;

  // A link from before multi-select (/catalog/?vertical=…&language=en) still opens filtered.
  for (const [name, value] of new URLSearchParams(location.search)) {
    for (const input of form.querySelectorAll<HTMLInputElement>(`[name="${CSS.escape(name)}"]`)) {
      if (input.type === 'checkbox' || input.type === 'radio') {
        if (input.value === value) input.checked = true;
      } else input.value = value;
    }
  }

  const wide = matchMedia('(min-width: 56rem)');
  const openOnWideScreens = () => {
    if (wide.matches) panel.open = true;
  };
  wide.addEventListener('change', openOnWideScreens);
  openOnWideScreens();
  form.classList.add('enhanced');

  function sizeGroup(unit: string): HTMLLIElement {
    const item = document.createElement('li');
    item.className = 'size-group';
    item.textContent = `${UNIT_LABELS[unit] ?? unit}, largest first`;
    return item;
  }

  function update() {
    if (!search || !form || !list || !count || !empty || !filterCount) return;
    const data = new FormData(form);
    const vertical = String(data.get('vertical') || '');
    // Options of the other vertical are hidden (CSS): they must not keep narrowing the list unseen.
    if (vertical) {
      for (const input of form.querySelectorAll<HTMLInputElement>('[data-verticals] input:checked')) {
        const shown = input.closest<HTMLElement>('[data-verticals]')!.dataset.verticals!.split(' ');
        if (!shown.includes(vertical)) input.checked = false;
      }
    }
    const filters: Record<string, string[]> = vertical ? { vertical: [vertical] } : {};
    for (const name of Object.keys(FACETS)) {
      const values = data.getAll(name).map(String);
      if (values.length) filters[name] = values;
    }
    const q = String(data.get('q') || '');
    const sort = String(data.get('sort') || 'relevance') as SearchSort;
    const found = search.run({ q, filters, sort });
    const shown = new Set(found.map((doc) => doc.id));
    for (const group of list.querySelectorAll('.size-group')) group.remove();
    let unit: string | undefined;
    for (const doc of found) {
      const card = cards.get(doc.id)!;
      if (sort === 'size' && doc.size.unit !== unit) list.append(sizeGroup((unit = doc.size.unit)));
      card.hidden = false;
      list.append(card);
    }
    for (const [id, card] of cards) {
      if (shown.has(id)) continue;
      card.hidden = true;
      list.append(card);
    }
    count.textContent = `${found.length} of ${total} listings`;
    empty.hidden = found.length !== 0;
    if (found.length === 0 && nearestList) {
      if (emptyQuery) emptyQuery.textContent = q.trim() ? ` “${q.trim()}”` : '';
      const { docs: nearest, near } = search.nearest({ q, filters });
      if (nearestIntro)
        nearestIntro.textContent = near
          ? 'The nearest listings:'
          : 'Nothing is near it; the newest listings:';
      nearestList.replaceChildren(
        ...nearest.map((doc) => {
          const item = document.createElement('li');
          const link = document.createElement('a');
          link.href = `/catalog/${doc.id}/`;
          link.textContent = doc.title;
          item.append(link);
          return item;
        }),
      );
    }
    const active = Object.values(filters).reduce((n, values) => n + values.length, 0);
    filterCount.textContent = `(${active})`;
    if (applied && appliedList) {
      const labels = [...form.querySelectorAll<HTMLInputElement>('input:checked')]
        .filter((input) => input.value && input.name !== 'sort')
        .map((input) => input.parentElement!.textContent!.trim());
      appliedList.textContent = labels.join(' · ');
      applied.hidden = labels.length === 0;
    }

    const params = new URLSearchParams();
    for (const [name, value] of data)
      if (value && !(name === 'sort' && value === 'relevance')) params.append(name, String(value));
    const next = params.toString() ? `/catalog/search/?${params}` : '/catalog/';
    if (next !== location.pathname + location.search) history.replaceState(null, '', next);
  }

  form.addEventListener('input', update);
  form.addEventListener('change', update);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    update();
    // On a phone the panel covers the results: "Show results" closes it.
    if (wide.matches || !panel.open) return;
    panel.open = false;
    // The long panel had scrolled the page down to its button, past the results to the footer: bring the results
    // back into view, and focus their heading so that the next Tab and a screen reader go on from there.
    results.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  });
  // MiniSearch is a chunk of its own, loaded at once but apart, so that no script is over the page budget.
  void import('minisearch').then(({ default: MiniSearch }) => {
    search = createCatalogSearch(docs, MiniSearch);
    form.dataset.searchReady = '';
    update();
  });
}

start();
