import { describe, expect, it } from 'vitest';
import { addCsrfHeader, readCookie } from './csrf';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc%3D; b=2', 'XSRF-TOKEN')).toBe('abc=');
    expect(readCookie('a=1', 'XSRF-TOKEN')).toBeUndefined();
  });
});

describe('addCsrfHeader', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'post'])('sends the token on %s', (method) => {
    const headers = new Headers();
    addCsrfHeader(headers, method, 'XSRF-TOKEN=tok');
    expect(headers.get('X-XSRF-TOKEN')).toBe('tok');
  });

  it.each(['GET', 'HEAD', undefined])('leaves %s alone', (method) => {
    const headers = new Headers();
    addCsrfHeader(headers, method, 'XSRF-TOKEN=tok');
    expect(headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('sends nothing without the cookie', () => {
    const headers = new Headers();
    addCsrfHeader(headers, 'POST', '');
    expect(headers.has('X-XSRF-TOKEN')).toBe(false);
  });
});
