import { DEFAULT_LOCALE } from '@portal/resources';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { enUS, type EnglishTexts } from './en-us';

/** The catalogue of one locale: the same keys as the English reference. */
type Catalogue = { readonly [K in keyof EnglishTexts]: string };
export type MessageKey = keyof EnglishTexts;
/** Keys with plural forms, named without their `_one` / `_other` ending. */
type PluralKey = MessageKey extends infer K ? (K extends `${infer Base}_one` ? Base : never) : never;
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * A text to show later, e.g. in a notification: a catalogue key with its parameters, or a text that is
 * already in the reader's language (a message the server wrote).
 */
export type Text = { key: MessageKey | PluralKey; params?: MessageParams } | { literal: string };

/** The English reference: the shell's texts, and each feature's once its pages have loaded. */
const reference: Record<string, string> = { ...enUS };

const catalogues: Readonly<Record<string, Partial<Catalogue>>> = { [DEFAULT_LOCALE]: reference };

/** Adds a feature's English texts to the reference (once its pages load; tests add every feature's). */
export function addTexts(texts: Readonly<Record<string, string>>): void {
  Object.assign(reference, texts);
}

/** Whether the reference has a text (a feature's texts are there once loaded). */
export const hasText = (key: string): boolean => key in reference;

/** A page loader that also brings its feature's texts, so the page never renders a bare key. */
export function withTexts<M>(
  texts: () => Promise<Readonly<Record<string, string>>>,
  load: () => Promise<M>,
): () => Promise<M> {
  return async () => {
    const [loaded, module] = await Promise.all([texts(), load()]);
    addTexts(loaded);
    return module;
  };
}

export interface I18n {
  locale: string;
  t: (key: MessageKey | PluralKey, params?: MessageParams) => string;
  /** Resolves a `Text`. */
  text: (text: Text) => string;
}

/** A translator for a locale; unknown locales fall back to en-US, missing keys to the English text. */
export function createI18n(locale: string = DEFAULT_LOCALE): I18n {
  const catalogue = (catalogues[locale] ?? reference) as Record<string, string>;
  const plural = new Intl.PluralRules(locale);
  const t = (key: string, params?: MessageParams): string => {
    let message = catalogue[key] ?? reference[key];
    if (message === undefined && typeof params?.count === 'number') {
      const form = `${key}_${plural.select(params.count)}`;
      message = catalogue[form] ?? reference[form] ?? catalogue[`${key}_other`] ?? reference[`${key}_other`];
    }
    if (message === undefined) return key;
    return params
      ? message.replace(/\{(\w+)\}/g, (match, name: string) => String(params[name] ?? match))
      : message;
  };
  return {
    locale,
    t,
    text: (value) => ('literal' in value ? value.literal : t(value.key, value.params)),
  };
}

const I18nContext = createContext<I18n>(createI18n());

export function I18nProvider({ locale, children }: { locale: string; children: ReactNode }) {
  const i18n = useMemo(() => createI18n(locale), [locale]);
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** The translator of the current locale (en-US unless an `I18nProvider` says otherwise). */
export function useI18n(): I18n {
  return useContext(I18nContext);
}
