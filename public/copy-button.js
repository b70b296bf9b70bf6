// The "Copy" button beside a key shown once: hidden without JavaScript (the key can still be selected and copied).
for (const button of document.querySelectorAll('button[data-copy]')) {
  const input = document.getElementById(button.dataset.copy);
  if (!input || !navigator.clipboard) continue;
  button.hidden = false;
  button.addEventListener('click', async () => {
    await navigator.clipboard.writeText(input.value);
    button.textContent = 'Copied';
  });
}
