// The "Copy" button beside a key shown once, or a listing's AI Act source entry: hidden without JavaScript (the text
// can still be selected and copied). It copies a field's value, or a block's text.
// What happened is said in the box's status region too: a screen reader does not announce a button's new text.
for (const button of document.querySelectorAll('button[data-copy]')) {
  const input = document.getElementById(button.dataset.copy);
  if (!input || !navigator.clipboard) continue;
  const status = button.parentElement?.querySelector('[data-copy-status]');
  const say = (words) => {
    if (status) status.textContent = words;
  };
  button.hidden = false;
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(input.value ?? input.textContent);
      button.textContent = 'Copied';
      say('Copied to the clipboard.');
    } catch {
      say('Could not copy: select the text and copy it yourself.');
    }
  });
}
