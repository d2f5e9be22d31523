import ExcelJS from 'exceljs';

export type MenuRows = { sections?: unknown[][]; items?: unknown[][]; groups?: unknown[][] };

/** The template's headers of each sheet, without the optional translation columns. */
export const MENU_HEADERS = {
  sections: ['Section', 'Parent section', 'Description', 'Section (Arabic)'],
  items: ['Section', 'Item', 'Description', 'Variant', 'Price', 'Modifier groups'],
  groups: ['Modifier group', 'Min', 'Max', 'Modifier item', 'Price'],
} satisfies Record<keyof MenuRows, string[]>;

/**
 * A bulk upload workbook with the template's headers (or the given ones) and the given rows (in
 * the template's column order).
 */
export async function menuWorkbook(
  rows: MenuRows,
  headers?: Partial<Record<keyof MenuRows, string[]>>,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = (name: string, head: string[], data: unknown[][] = []) => {
    const ws = wb.addWorksheet(name);
    ws.addRow(head);
    for (const row of data) ws.addRow(row);
  };
  sheet('Sections', headers?.sections ?? MENU_HEADERS.sections, rows.sections);
  sheet('Items', headers?.items ?? MENU_HEADERS.items, rows.items);
  sheet('Modifier groups', headers?.groups ?? MENU_HEADERS.groups, rows.groups);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A multipart body of one xlsx in the field `file`, as the admin's upload sends it. */
export function xlsxMultipart(bytes: Buffer, filename = 'menu.xlsx') {
  const boundary = '----bulk-upload-test';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
