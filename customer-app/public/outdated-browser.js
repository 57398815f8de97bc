/* global window, document, location */
/*
 * "Continue anyway" of the outdated-browser page the server shows Internet Explorer (server/src/outdated-browser.ts).
 * Plain ES5, as IE 11 runs it: sets the session flag (session storage for the app, a session cookie for the server)
 * and opens the page the visitor asked for.
 */
(function () {
  var button = document.getElementById('continue-anyway');
  if (!button) return;
  button.onclick = function () {
    window.sessionStorage.setItem('useOutdatedBrowser', 'true');
    document.cookie = 'useOutdatedBrowser=true; path=/; SameSite=Lax';
    var match = /[?&]redirectTo=([^&]*)/.exec(location.search);
    var target = match ? decodeURIComponent(match[1].replace(/\+/g, ' ')) : '/welcome';
    // Only a path of this site, never another origin.
    if (target.charAt(0) !== '/' || target.charAt(1) === '/' || target.charAt(1) === '\\')
      target = '/welcome';
    if (target.indexOf('/browser-outdated') === 0) target = '/welcome';
    location.replace(target);
  };
})();
