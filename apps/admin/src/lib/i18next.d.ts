import 'i18next';
import type catalog from '../locales/en/catalog.json';
import type common from '../locales/en/common.json';
import type outlet from '../locales/en/outlet.json';
import type serviceAreas from '../locales/en/serviceAreas.json';
import type ticketDetails from '../locales/en/ticketDetails.json';
import type tickets from '../locales/en/tickets.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      catalog: typeof catalog;
      tickets: typeof tickets;
      ticketDetails: typeof ticketDetails;
      outlet: typeof outlet;
      serviceAreas: typeof serviceAreas;
    };
  }
}
