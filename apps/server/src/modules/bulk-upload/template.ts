import ExcelJS from 'exceljs';
import {
  BULK_UPLOAD_INSTRUCTIONS_SHEET,
  BULK_UPLOAD_LIMITS,
  BULK_UPLOAD_TEMPLATE,
  CATALOG_LIMITS,
} from '@app/contracts';

type Example = Record<string, string | number>;

/** Rows a new user can upload as they are, and see how variants and groups are written. */
const EXAMPLES: FormatRows = {
  sections: [
    { title: 'Drinks', description: 'Hot and cold', titleAr: 'مشروبات', titleEs: 'Bebidas' },
    {
      title: 'Hot drinks',
      parent: 'Drinks',
      titleAr: 'مشروبات ساخنة',
      titleEs: 'Bebidas calientes',
    },
  ],
  items: [
    {
      section: 'Hot drinks',
      title: 'Latte',
      variant: 'Small',
      price: 2.5,
      modifierGroups: 'Milk',
      titleAr: 'لاتيه',
    },
    {
      section: 'Hot drinks',
      title: 'Latte',
      variant: 'Large',
      price: 3.25,
      modifierGroups: 'Milk',
    },
    { section: 'Hot drinks', title: 'Espresso', description: 'A double shot', price: 1.75 },
  ],
  modifierGroups: [
    {
      name: 'Milk',
      min: 0,
      max: 1,
      modifier: 'Oat milk',
      price: 0.5,
      nameAr: 'حليب',
      modifierAr: 'حليب الشوفان',
    },
    { name: 'Milk', modifier: 'Almond milk', price: 0.5, modifierAr: 'حليب اللوز' },
  ],
};

const INSTRUCTIONS = [
  'How to fill this template (docs/bulk-upload.md in the project says the same)',
  '',
  `Keep the sheet names and the header row; columns may be in any order. Values are in English (the admin's default language); the Arabic and Spanish columns are optional.`,
  `Sections: one row per section. Leave 'Parent section' empty for a main section, or name a section of the menu or of a row above (at most ${CATALOG_LIMITS.maxSectionLevel + 1} levels). Title 1 to ${CATALOG_LIMITS.categoryTitleMax} characters, description up to ${CATALOG_LIMITS.categoryDescriptionMax}.`,
  `Items: one row per variant; rows with the same Section and Item make one item. 'Variant' is needed when an item has more than one row. Title 1 to ${CATALOG_LIMITS.itemTitleMax} characters, description up to ${CATALOG_LIMITS.itemDescriptionMax}, price ${CATALOG_LIMITS.priceMin} to ${CATALOG_LIMITS.priceMax} with at most 3 decimals. 'Modifier groups' lists group names separated by commas.`,
  `Modifier groups: one row per modifier item; rows with the same group name make one group. Min and Max (0 to 50) are read from the group's first row; empty Max means the number of its items.`,
  `Names already in the menu are kept as they are: a section under the same parent, an item in the same section, a modifier group of the same name. Rows that break a rule are reported with their row numbers; the others are added.`,
  `The id columns are filled by "Download the menu": change prices and texts there and upload the file back. A row with an id updates that entry (only what changed); a row without one is added. Rows left out change nothing (nothing is deleted).`,
  `Empty rows between filled rows are reported. At most ${BULK_UPLOAD_LIMITS.maxBytes / 1_048_576} MB per file, xlsx only.`,
];

/** The rows of each sheet, by column key. */
export type FormatRows = { [K in keyof typeof BULK_UPLOAD_TEMPLATE]: Example[] };

/**
 * A workbook in the upload format: the three sheets with their headers (required ones marked),
 * the given rows, and the how-to sheet.
 */
async function uploadFormat(rows: FormatRows): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Restaurant admin';
  for (const kind of Object.keys(BULK_UPLOAD_TEMPLATE) as (keyof typeof BULK_UPLOAD_TEMPLATE)[]) {
    const { sheet, columns, required } = BULK_UPLOAD_TEMPLATE[kind];
    const ws = workbook.addWorksheet(sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = Object.entries(columns).map(([key, header]) => ({
      key,
      header,
      width: Math.max(14, header.length + 4),
    }));
    const head = ws.getRow(1);
    head.font = { bold: true };
    Object.keys(columns).forEach((key, i) => {
      if ((required as readonly string[]).includes(key)) {
        head.getCell(i + 1).fill = {
          type: 'pattern',
          pattern: 'solid',
          fgColor: { argb: 'FFFFF2CC' },
        };
      }
    });
    for (const row of rows[kind]) ws.addRow(row);
  }
  const how = workbook.addWorksheet(BULK_UPLOAD_INSTRUCTIONS_SHEET);
  how.getColumn(1).width = 120;
  INSTRUCTIONS.forEach((line, i) => {
    const cell = how.getCell(i + 1, 1);
    cell.value = line;
    cell.alignment = { wrapText: true, vertical: 'top' };
    if (i === 0) cell.font = { bold: true };
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The bulk upload's xlsx template: the three sheets with their headers, examples, and how-to. */
export const templateWorkbook = () => uploadFormat(EXAMPLES);

/** A tenant's menu in the upload format (see `menuRows`). */
export const menuWorkbook = (rows: FormatRows) => uploadFormat(rows);
