import type { ResourceDefinition } from '@portal/resources';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { portalMessages } from './en';

interface ResourceMessages {
  name: string;
  fields: Record<string, string>;
  filters: Record<string, string>;
}

/**
 * The resource part of the catalogue, from the definitions: `resources.<name>.name` (one |||| many) and a
 * label per field and filter, so react-admin's own components find them by source.
 */
function resourceMessages(definitions: readonly ResourceDefinition[]): Record<string, ResourceMessages> {
  const messages: Record<string, ResourceMessages> = {};
  for (const definition of definitions) {
    const fields: Record<string, string> = {};
    for (const field of definition.fields) fields[field.source] = field.label;
    const filters: Record<string, string> = {};
    for (const filter of definition.list.filters) filters[filter.source] = filter.label;
    messages[definition.name] = {
      name: `${definition.label.one} |||| ${definition.label.many}`,
      fields,
      filters,
    };
  }
  return messages;
}

/** Every text of the console: react-admin's English, the definitions' labels, and the console's own texts. */
function buildMessages(definitions: readonly ResourceDefinition[]): TranslationMessages {
  const resources = resourceMessages(definitions);
  return {
    ...englishMessages,
    ra: {
      ...englishMessages.ra,
      notification: {
        ...englishMessages.ra.notification,
        // Spec calls §8.2: the portal's title for a refused call.
        not_authorized: portalMessages.portal.errors.forbidden,
      },
    },
    resources,
    ...portalMessages,
  } as unknown as TranslationMessages;
}

export function createI18nProvider(definitions: readonly ResourceDefinition[]): I18nProvider {
  const messages = buildMessages(definitions);
  // Missing keys fall back to the key itself, which is how literal API messages reach the screen unchanged.
  return polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], {
    allowMissing: true,
  });
}
