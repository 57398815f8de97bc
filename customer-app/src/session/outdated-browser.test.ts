import { describe, expect, it } from 'vitest';
import { USE_OUTDATED_BROWSER_KEY, isOutdatedBrowser, mustShowOutdatedBrowserPage } from './outdated-browser';

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const IE10 = 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36 Edg/140.0';

describe('outdated browser', () => {
  it.each([
    [IE11, true],
    [IE10, true],
    [CHROME, false],
    [EDGE, false],
  ])('%s → %s', (userAgent, outdated) => {
    expect(isOutdatedBrowser(userAgent)).toBe(outdated);
  });

  it('lets a visitor who chose to continue through for the session', () => {
    expect(mustShowOutdatedBrowserPage(IE11, sessionStorage)).toBe(true);
    sessionStorage.setItem(USE_OUTDATED_BROWSER_KEY, 'true');
    expect(mustShowOutdatedBrowserPage(IE11, sessionStorage)).toBe(false);
    expect(mustShowOutdatedBrowserPage(CHROME, new Map() as unknown as Storage)).toBe(false);
  });
});
