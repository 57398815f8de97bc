/*
 * Flexbox `gap` arrived in Chrome/Edge 84 and Safari 14.1; Chrome 80, Edge 80 and Safari 12–14.0 of the root
 * `browserslist` lay a flex container with `gap` out without any spacing. No CSS query tells (`@supports (gap: 0)`
 * answers for grid), so this measures once and marks <html> with `no-flex-gap`, under which the apps' styles give
 * their flex containers margins instead. Loaded before either app by the polyfill chunks of both builds
 * (scripts/browsers.ts): a same-origin file, as the CSP forbids inline scripts. ES5, for the legacy build; as small
 * as it reads, since every first load carries it.
 *
 * The probe: a column of two empty items 1px apart is 1px high where flex gap works. It is added and removed in
 * one go, before anything is painted.
 */
var html = document.documentElement;
var probe = html.appendChild(document.createElement('div'));
probe.style.cssText = 'display:flex;flex-flow:column;gap:1px';
probe.innerHTML = '<i></i><i></i>';
if (probe.scrollHeight !== 1) html.className += ' no-flex-gap';
html.removeChild(probe);
