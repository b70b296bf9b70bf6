// Progressive enhancement for /catalog/: CSS :has() already filters (see /catalog/filters.css); this adds
// the spoken result count, the empty state, and a URL that keeps the filters (/catalog/?language=en).
(() => {
  const form = document.getElementById('filters');
  const count = document.getElementById('result-count');
  const empty = document.getElementById('empty-state');
  if (!form || !count || !empty) return;
  const cards = [...document.querySelectorAll('.listing')];
  const params = new URLSearchParams(location.search);
  for (const [name, value] of params) {
    const radio = document.getElementById(`${name}-${value}`);
    if (radio && radio.name === name) radio.checked = true;
  }
  function update() {
    const shown = cards.filter((card) => card.offsetParent !== null).length;
    count.textContent = `${shown} of ${count.dataset.total} listings shown`;
    count.classList.add('enhanced');
    empty.hidden = shown !== 0;
    const query = new URLSearchParams();
    for (const radio of form.querySelectorAll('input[type=radio]:checked')) if (radio.value) query.set(radio.name, radio.value);
    const search = query.toString();
    history.replaceState(null, '', search ? `?${search}` : location.pathname);
  }
  form.addEventListener('change', update);
  form.addEventListener('submit', (event) => event.preventDefault());
  update();
})();
