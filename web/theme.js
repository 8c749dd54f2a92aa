// The colour theme of every page (issue 27): dark or light as the system
// prefers (prefers-color-scheme), until the player chooses with the
// header's button; the choice is remembered on this browser. A classic
// script in each page's head, before the body is drawn, so that a dark
// page never flashes light. theme.css holds the dark colours.
(function () {
  const KEY = 'asterism-theme';
  const system = matchMedia('(prefers-color-scheme: dark)');
  const root = document.documentElement;
  const chosen = () => {
    const t = localStorage.getItem(KEY);
    return t === 'dark' || t === 'light' ? t : null;
  };
  const apply = () => { root.dataset.theme = chosen() || (system.matches ? 'dark' : 'light'); };
  apply();
  system.addEventListener('change', apply);

  // The button, in the header's links (or at the header's end).
  addEventListener('DOMContentLoaded', () => {
    const header = document.querySelector('header');
    if (!header) return;
    const b = document.createElement('button');
    b.type = 'button';
    b.id = 'theme-toggle';
    b.dataset.testid = 'theme-toggle';
    // The words in the page's language: i18n.js, a module, has run by now
    // and left them on window (English if it has not).
    const words = /** @type {{asterismThemeWords?: Record<string, string>}} */ (/** @type {unknown} */ (window)).asterismThemeWords || {};
    const label = () => {
      const dark = root.dataset.theme === 'dark';
      b.textContent = dark ? words.light || 'Light' : words.dark || 'Dark';
      b.title = dark ? words.lightTitle || 'Light colours (remembered on this browser)'
        : words.darkTitle || 'Dark colours (remembered on this browser)';
    };
    b.addEventListener('click', () => {
      localStorage.setItem(KEY, root.dataset.theme === 'dark' ? 'light' : 'dark');
      apply();
      label();
    });
    system.addEventListener('change', label);
    label();
    (header.querySelector('nav') || header).append(b);
  });
})();
