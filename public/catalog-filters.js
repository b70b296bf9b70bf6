// Progressive enhancement for the catalogue: without JavaScript the form is sent to /catalog/search/, rendered by
// the server with the API's rules; with it, the same rules run here on every keystroke and click, and the URL
// keeps the search (/catalog/search/?q=…), so a shared link opens the same results with or without JavaScript.
(() => {
  const form = document.getElementById('catalog');
  const list = document.getElementById('results');
  const count = document.getElementById('result-count');
  const empty = document.getElementById('empty-state');
  const panel = document.getElementById('filter-panel');
  const filterCount = document.getElementById('filter-count');
  const applied = document.getElementById('applied');
  const appliedList = document.getElementById('applied-list');
  const results = list?.closest('.results');
  const heading = document.getElementById('results-heading');
  if (!form || !list || !count || !empty || !panel || !filterCount || !results || !heading) return;
  heading.tabIndex = -1; // focusable from script only, after "Show results"; not a stop of its own for Tab
  const cards = [...list.querySelectorAll('.listing')];
  const total = cards.length;
  const FACETS = {
    status: 'status',
    data_type: 'dataType',
    language: 'language',
    modality: 'modality',
    domain: 'domain',
    geography: 'geography',
  };
  const words = (text) =>
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .split(' ')
      .filter(Boolean);
  const byId = (a, b) => (a.dataset.id < b.dataset.id ? -1 : a.dataset.id > b.dataset.id ? 1 : 0);
  const SORTS = {
    updated: (a, b) =>
      a.dataset.updated < b.dataset.updated ? 1 : a.dataset.updated > b.dataset.updated ? -1 : byId(a, b),
    size: (a, b) =>
      a.dataset.sizeUnit.localeCompare(b.dataset.sizeUnit, 'en') ||
      Number(b.dataset.sizeFrom) - Number(a.dataset.sizeFrom) ||
      byId(a, b),
    title: (a, b) =>
      a.querySelector('a').textContent.localeCompare(b.querySelector('a').textContent, 'en') || byId(a, b),
  };

  // A link from before multi-select (/catalog/?vertical=…&language=en) still opens filtered.
  const params = new URLSearchParams(location.search);
  for (const [name, value] of params) {
    for (const input of form.elements.namedItem(name) ? form.querySelectorAll(`[name="${name}"]`) : []) {
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

  function update() {
    const data = new FormData(form);
    const vertical = data.get('vertical') || '';
    // Options of the other vertical are hidden (CSS): they must not keep narrowing the list unseen.
    if (vertical) {
      for (const input of form.querySelectorAll('[data-verticals] input:checked')) {
        if (!input.closest('[data-verticals]').dataset.verticals.split(' ').includes(vertical))
          input.checked = false;
      }
    }
    const chosen = {};
    for (const name of Object.keys(FACETS)) {
      const values = form.querySelectorAll(`input[name="${name}"]:checked`);
      if (values.length) chosen[name] = [...values].map((input) => input.value);
    }
    const query = words(String(data.get('q') || ''));
    let shown = 0;
    for (const card of cards) {
      const text = ` ${card.dataset.search} `;
      const match =
        (!vertical || card.dataset.vertical === vertical) &&
        Object.entries(chosen).every(([name, values]) => {
          const has = (card.dataset[FACETS[name]] || '').split('|');
          return values.some((value) => has.includes(value));
        }) &&
        query.every((word) => text.includes(` ${word}`));
      card.hidden = !match;
      if (match) shown += 1;
    }
    const sort = SORTS[data.get('sort')] || SORTS.updated;
    for (const card of [...cards].sort(sort)) list.append(card);
    count.textContent = `${shown} of ${total} listings`;
    empty.hidden = shown !== 0;
    const active = Object.values(chosen).reduce((n, values) => n + values.length, 0) + (vertical ? 1 : 0);
    filterCount.textContent = `(${active})`;
    if (applied && appliedList) {
      const labels = [...form.querySelectorAll('input:checked')]
        .filter((input) => input.value && input.name !== 'sort')
        .map((input) => input.parentElement.textContent.trim());
      appliedList.textContent = labels.join(' · ');
      applied.hidden = labels.length === 0;
    }

    const search = new URLSearchParams();
    for (const [name, value] of data)
      if (value && !(name === 'sort' && value === 'updated')) search.append(name, String(value));
    const next = search.toString() ? `/catalog/search/?${search}` : '/catalog/';
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
  update();
})();
