import 'i18next';
import type account from '../locales/en/account.json';
import type bulkUpload from '../locales/en/bulkUpload.json';
import type catalog from '../locales/en/catalog.json';
import type common from '../locales/en/common.json';
import type dashboard from '../locales/en/dashboard.json';
import type discounts from '../locales/en/discounts.json';
import type dispatch from '../locales/en/dispatch.json';
import type localization from '../locales/en/localization.json';
import type outlet from '../locales/en/outlet.json';
import type platform from '../locales/en/platform.json';
import type posMapping from '../locales/en/posMapping.json';
import type reports from '../locales/en/reports.json';
import type serviceAreas from '../locales/en/serviceAreas.json';
import type tableBills from '../locales/en/tableBills.json';
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
      discounts: typeof discounts;
      dispatch: typeof dispatch;
      reports: typeof reports;
      serviceAreas: typeof serviceAreas;
      bulkUpload: typeof bulkUpload;
      posMapping: typeof posMapping;
      localization: typeof localization;
      dashboard: typeof dashboard;
      tableBills: typeof tableBills;
      account: typeof account;
      platform: typeof platform;
    };
  }
}
