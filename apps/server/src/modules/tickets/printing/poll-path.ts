/** Where printers poll: the poll URL is this prefix, the printer's id and its secret. */
export const PRINTER_POLL_PREFIX = '/api/printers';
export const PRINTER_POLL_PATH = `${PRINTER_POLL_PREFIX}/:printerId/:secret`;
export const printerPollPath = (id: string, secret: string) =>
  `${PRINTER_POLL_PREFIX}/${id}/${secret}`;
