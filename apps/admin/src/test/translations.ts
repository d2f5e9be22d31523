import type { Resource, ResourceLanguage } from 'i18next';

const files = import.meta.glob<ResourceLanguage>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** Every translation file of every language, as i18next resources (language → namespace). */
export const allTranslations: Resource = {};
for (const [file, translations] of Object.entries(files)) {
  const [, language = '', namespace = ''] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  allTranslations[language] = { ...allTranslations[language], [namespace]: translations };
}
