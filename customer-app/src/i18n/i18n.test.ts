import { ERROR_MESSAGES, metaDescriptionSchema } from '@portal/resources';
import { describe, expect, it } from 'vitest';
import { clampMetaDescription } from '../components/document-title';
import { enUS } from './en-us';
import { errorTexts } from './en-us-errors';
import { createI18n } from './i18n';

describe('i18n', () => {
  const { t, text } = createI18n('en-US');

  it('fills parameters', () => {
    expect(t('projects.welcome', { name: 'Chris Customer' })).toBe('Welcome, Chris Customer');
  });

  it('picks the plural form of en-US', () => {
    expect(t('nav.cartWithCount', { count: 1 })).toBe('Cart, 1 item');
    expect(t('nav.cartWithCount', { count: 3 })).toBe('Cart, 3 items');
  });

  it('takes the wording of @portal/resources for the texts the spec quotes', () => {
    expect(t('signIn.failedToFetchUser')).toBe('Failed to fetch authenticated user');
    expect(t('signIn.invalidAuthenticationType')).toBe('Invalid authentication type');
    expect(t('error.status.403')).toBe('Forbidden, lack of permissions');
  });

  it("keeps the error codes' texts out of the shell, every code's text in their own module", () => {
    expect(Object.keys(enUS).filter((key) => key.startsWith('errorCode'))).toEqual([]);
    for (const [code, message] of Object.entries(ERROR_MESSAGES))
      expect(errorTexts[`errorCode.${code}` as keyof typeof errorTexts]).toBe(message);
  });

  it('falls back to en-US for an unknown locale', () => {
    expect(createI18n('xx-XX').t('nav.assets')).toBe('Assets');
  });

  it('resolves texts that are keys or already written', () => {
    expect(text({ key: 'nav.documents' })).toBe('Documents');
    expect(text({ literal: 'As the server said.' })).toBe('As the server said.');
  });

  it('keeps every meta description within the 158 characters of spec product §9', () => {
    const descriptions = Object.entries(enUS).filter(
      ([key]) => key.startsWith('meta.') || key === 'app.description',
    );
    expect(descriptions.length).toBeGreaterThan(2);
    for (const [, description] of descriptions)
      expect(metaDescriptionSchema.safeParse(description).success).toBe(true);
  });
});

describe('clampMetaDescription', () => {
  it('keeps a short text and cuts a long one at a word, within 158 characters', () => {
    expect(clampMetaDescription('Short.')).toBe('Short.');
    const clamped = clampMetaDescription('word '.repeat(60));
    expect(clamped.length).toBeLessThanOrEqual(158);
    expect(clamped.endsWith('…')).toBe(true);
    expect(metaDescriptionSchema.safeParse(clamped).success).toBe(true);
  });
});
