/* global localStorage, matchMedia, document */
// Applies the colour mode before first paint. src/lib/colour-mode.ts owns the rules; keep the key in sync.
(function () {
  try {
    var mode = localStorage.getItem('skafferi.colourMode');
    var dark = mode === 'dark' || (mode !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    // storage blocked: the system's scheme applies once the app starts
  }
})();
