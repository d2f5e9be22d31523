import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { buildZip, deflated } from '../../../../../tools/testing/zip-build.ts';
import { checkedZipStream, readCentralDirectory, workbookSheets } from './zip-guard.ts';

const LIMITS = { maxEntries: 200, maxInflatedBytes: 32 * 1024 * 1024 };

/** The names of a zip stream's entries, in the order they come (local headers only). */
async function entryOrder(stream: NodeJS.ReadableStream): Promise<string[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const zip = Buffer.concat(chunks);
  const names: string[] = [];
  let at = 0;
  while (at + 30 <= zip.length && zip.readUInt32LE(at) === 0x04034b50) {
    const nameLength = zip.readUInt16LE(at + 26);
    names.push(zip.toString('utf8', at + 30, at + 30 + nameLength));
    at += 30 + nameLength + zip.readUInt16LE(at + 28) + zip.readUInt32LE(at + 18);
  }
  return names;
}

describe("a workbook's sheets", () => {
  it('are found by name in the order of the workbook, each with its archive entry', async () => {
    const wb = new ExcelJS.Workbook();
    for (const name of ['Instructions', 'Sections', 'Items', 'Modifier groups'])
      wb.addWorksheet(name).addRow(['x']);
    const zip = Buffer.from(await wb.xlsx.writeBuffer());
    const sheets = workbookSheets(zip, readCentralDirectory(zip, LIMITS));
    expect(sheets).toEqual([
      { name: 'Instructions', entry: 'xl/worksheets/sheet1.xml' },
      { name: 'Sections', entry: 'xl/worksheets/sheet2.xml' },
      { name: 'Items', entry: 'xl/worksheets/sheet3.xml' },
      { name: 'Modifier groups', entry: 'xl/worksheets/sheet4.xml' },
    ]);
  });

  it('read escaped names, any namespace prefix and absolute targets', () => {
    const zip = buildZip([
      deflated(
        'xl/workbook.xml',
        `<?xml version="1.0"?><x:workbook xmlns:x="main" xmlns:rel="r"><x:sheets>` +
          `<x:sheet name="Fish &amp; chips" sheetId="1" rel:id="a1"/>` +
          `<x:sheet sheetId="2" rel:id='a2' name='&#x49;tems'/></x:sheets></x:workbook>`,
      ),
      deflated(
        'xl/_rels/workbook.xml.rels',
        `<Relationships><Relationship Id="a1" Target="worksheets/one.xml"/>` +
          `<Relationship Target="/xl/worksheets/two.xml" Id="a2"/></Relationships>`,
      ),
      deflated('xl/worksheets/one.xml', '<worksheet/>'),
      deflated('xl/worksheets/two.xml', '<worksheet/>'),
    ]);
    expect(workbookSheets(zip, readCentralDirectory(zip, LIMITS))).toEqual([
      { name: 'Fish & chips', entry: 'xl/worksheets/one.xml' },
      { name: 'Items', entry: 'xl/worksheets/two.xml' },
    ]);
  });

  it('are unknown (null) when the relations are missing or name an entry not in the archive', () => {
    const workbook = deflated(
      'xl/workbook.xml',
      '<workbook><sheets><sheet name="Items" r:id="rId1"/></sheets></workbook>',
    );
    const noRelations = buildZip([workbook]);
    expect(workbookSheets(noRelations, readCentralDirectory(noRelations, LIMITS))).toBeNull();
    const dangling = buildZip([
      workbook,
      deflated(
        'xl/_rels/workbook.xml.rels',
        '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    ]);
    expect(workbookSheets(dangling, readCentralDirectory(dangling, LIMITS))).toBeNull();
  });
  it('are read in linear time from a hostile workbook, and not at all from an oversized one', () => {
    const relations = deflated(
      'xl/_rels/workbook.xml.rels',
      '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
    );
    const sheet = deflated('xl/worksheets/sheet1.xml', '<worksheet/>');
    // Attribute names that never end and tags left open to the end of the text: quadratic for
    // a naive pattern (minutes for this megabyte); a few kilobytes once compressed.
    const hostile =
      `<workbook><sheet name="Items" r:id="rId1" ${'c'.repeat(300_000)}/>` +
      '<sheet'.repeat(100_000);
    expect(hostile.length).toBeLessThan(1024 * 1024);
    const zip = buildZip([deflated('xl/workbook.xml', hostile), relations, sheet]);
    expect(zip.length).toBeLessThan(64 * 1024);
    // The open tags are not sheets; the closed one still is.
    expect(workbookSheets(zip, readCentralDirectory(zip, LIMITS))).toEqual([
      { name: 'Items', entry: 'xl/worksheets/sheet1.xml' },
    ]);
    const oversized = buildZip([
      deflated(
        'xl/workbook.xml',
        `<workbook><sheet name="Items" r:id="rId1"/>${' '.repeat(1024 * 1024)}</workbook>`,
      ),
      relations,
      sheet,
    ]);
    expect(workbookSheets(oversized, readCentralDirectory(oversized, LIMITS))).toBeNull();
  });
});

describe('the checked zip stream', () => {
  it('sends the workbook and shared strings first, then the sheets asked first, the ones asked last at the end', async () => {
    const zip = buildZip(
      [
        'xl/worksheets/sheet1.xml',
        'xl/worksheets/sheet2.xml',
        'xl/styles.xml',
        'xl/worksheets/sheet3.xml',
        'xl/sharedStrings.xml',
        'xl/workbook.xml',
      ].map((name) => deflated(name, `<x name="${name}"/>`)),
    );
    const entries = readCentralDirectory(zip, LIMITS);
    expect(
      await entryOrder(
        checkedZipStream(zip, entries, {
          first: ['xl/worksheets/sheet3.xml'],
          last: ['xl/worksheets/sheet1.xml'],
        }),
      ),
    ).toEqual([
      'xl/workbook.xml',
      'xl/sharedStrings.xml',
      'xl/worksheets/sheet3.xml',
      'xl/worksheets/sheet2.xml',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
  });
});
