import {
  OUTDATED_BROWSER_PATH,
  USE_OUTDATED_BROWSER_KEY,
  isOutdatedBrowser,
  outdatedBrowserPagePath,
} from '@portal/resources';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The outdated-browser page for Internet Explorer: plain HTML that IE 11 shows, no module script. Its texts cannot
 * come from the app's catalogue, which IE cannot load. "Continue anyway" is wired by /outdated-browser.js (ES5,
 * same origin, so the strict CSP holds), which sets the session flag.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Your browser is out of date | Developer Portal</title>
</head>
<body style="margin:0;font-family:Arial,sans-serif;color:#1f1f1f">
<main style="max-width:640px;margin:4rem auto;padding:0 1rem;text-align:center">
<h1>Your browser is out of date</h1>
<p>The portal needs a current browser. Internet Explorer is no longer supported: please open the portal in a current version of Edge, Chrome, Firefox or Safari.</p>
<p>Supported: Firefox 70, Edge 80, Chrome 80, Android 6, iOS 9 or later.</p>
<p><button type="button" id="continue-anyway" style="font-size:1rem;padding:.5rem 1rem">Continue anyway</button></p>
</main>
<script src="/outdated-browser.js"></script>
</body>
</html>`;

/**
 * Spec product §2.5 for the first page load: Internet Explorer gets the outdated-browser page, decided here before
 * any script of the app has to run, unless the visitor chose to continue for this session. Answers null for every
 * other browser.
 */
export function answerOutdatedBrowser(request: FastifyRequest, reply: FastifyReply): FastifyReply | null {
  if (!isOutdatedBrowser(request.headers['user-agent'] ?? '')) return null;
  if (request.cookies[USE_OUTDATED_BROWSER_KEY] === 'true') return null;
  const url = new URL(request.url, 'http://portal');
  reply.header('Cache-Control', 'no-cache').header('Vary', 'User-Agent, Cookie');
  if (url.pathname !== OUTDATED_BROWSER_PATH) {
    return reply.redirect(outdatedBrowserPagePath(`${url.pathname}${url.search}`), 302);
  }
  return reply.code(200).type('text/html; charset=utf-8').send(PAGE);
}
