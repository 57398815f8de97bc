/* global document */
/*
 * Internet Explorer runs no module scripts, so the portal never starts there. This plain ES5 script, loaded only
 * by browsers without module support (nomodule), shows the outdated-browser notice instead of an endless
 * "Loading". Current browsers skip it; they get the app's own /browser-outdated page when they send an MSIE or
 * Trident user agent. The text cannot come from the app's catalogue, which such a browser cannot load.
 */
(function () {
  var root = document.getElementById('root');
  if (!root) return;
  document.title = 'Your browser is out of date | Developer Portal';
  root.innerHTML =
    '<main style="max-width:640px;margin:4rem auto;padding:0 1rem;font-family:Arial,sans-serif;text-align:center">' +
    '<h1>Your browser is out of date</h1>' +
    '<p>The portal needs a current browser. Internet Explorer is no longer supported: please open the portal in a ' +
    'current version of Edge, Chrome, Firefox or Safari.</p>' +
    '<p>Supported: Firefox 70, Edge 80, Chrome 80, Android 6, iOS 9 or later.</p></main>';
})();
