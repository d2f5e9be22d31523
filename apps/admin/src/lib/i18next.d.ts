import 'i18next';
import type catalog from '../locales/en/catalog.json';
import type common from '../locales/en/common.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof common; catalog: typeof catalog };
  }
}
