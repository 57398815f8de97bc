/*
 * No CSS query tells whether flex `gap` works (docs/browsers.md), so this probes once and marks <html> with
 * `no-flex-gap`: a column of two empty items 1px apart is 1px high where it works. ES5, on every first load.
 */
var html = document.documentElement;
var probe = html.appendChild(document.createElement('div'));
probe.style.cssText = 'display:flex;flex-flow:column;gap:1px';
probe.innerHTML = '<i></i><i></i>';
if (probe.scrollHeight !== 1) html.className += ' no-flex-gap';
html.removeChild(probe);
