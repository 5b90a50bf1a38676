/**
 * @file Guards libraries that format numbers with the browser's language (uPlot does so when its module loads):
 * a POSIX locale makes Chromium report `en-US@posix`, which Intl rejects, and the import would throw. Import
 * this module before such a library; it replaces an unusable language with `en-US` for this page.
 */

function usable(tag: string): boolean {
  try {
    new Intl.NumberFormat(tag);
    return true;
  } catch {
    return false;
  }
}

if (typeof navigator !== 'undefined' && !usable(navigator.language)) {
  Object.defineProperty(navigator, 'language', { value: 'en-US', configurable: true });
}

export {};
