/*
 * Flexbox `gap` arrived in Chrome/Edge 84 and Safari 14.1; Chrome 80, Edge 80 and Safari 12–14.0 of the root
 * `browserslist` lay a flex container with `gap` out without any spacing. No CSS query tells (`@supports (gap: 0)`
 * answers for grid), so this measures once and marks <html> with `no-flex-gap`, under which the apps' styles give
 * their flex containers margins instead. Loaded before either app by the polyfill chunks of both builds
 * (scripts/browsers.ts): a same-origin file, as the CSP forbids inline scripts. ES5, for the legacy build.
 */

/** Whether the browser spaces flex items by `gap`: a column of two empty items 1px apart is 1px high. */
export function hasFlexGap() {
  var flex = document.createElement('div');
  flex.style.cssText = 'display:flex;flex-direction:column;row-gap:1px;position:absolute;visibility:hidden';
  flex.appendChild(document.createElement('div'));
  flex.appendChild(document.createElement('div'));
  document.documentElement.appendChild(flex);
  var supported = flex.scrollHeight === 1;
  flex.parentNode.removeChild(flex);
  return supported;
}

/** Marks <html> with `no-flex-gap` when `supported()` says the browser lacks flex gap. */
export function markFlexGap(supported) {
  if (!(supported || hasFlexGap)()) document.documentElement.classList.add('no-flex-gap');
}

markFlexGap();
