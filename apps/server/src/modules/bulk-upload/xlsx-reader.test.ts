import { describe, expect, it } from 'vitest';
import { NotAWorkbook, readSheetRows, type XlsxRow } from './xlsx-reader.ts';

/** The rows of one sheet part written as given, read by the upload's sheet reader. */
async function rowsOf(sheetXml: string, strings: string[] = [], rowsPerBatch = 500) {
  const parts = new Map([['xl/worksheets/sheet1.xml', new TextEncoder().encode(sheetXml)]]);
  const rows: XlsxRow[] = [];
  const batches: number[] = [];
  await readSheetRows(
    parts,
    { name: 'Items', part: 'xl/worksheets/sheet1.xml', hidden: false },
    strings,
    (batch) => {
      batches.push(batch.length);
      rows.push(...batch);
    },
    rowsPerBatch,
  );
  return { rows: rows.map((r) => [r.number, r.values.slice(1)]), batches };
}

const sheet = (data: string, prefix = '') =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${prefix}worksheet xmlns${prefix ? `:${prefix.slice(0, -1)}` : ''}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><${prefix}sheetData>${data}</${prefix}sheetData></${prefix}worksheet>`;

describe("the upload's sheet reader", () => {
  it('reads shared, inline and formula strings, numbers and booleans by column', async () => {
    const { rows } = await rowsOf(
      sheet(
        '<row r="1" spans="1:5"><c r="A1" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><t xml:space="preserve"> Tea &amp; mint </t></is></c>' +
          '<c r="D1"><v>2.25</v></c><c r="E1" t="b"><v>1</v></c><c r="F1" t="str"><f>A1&amp;"!"</f><v>Latte!</v></c></row>',
      ),
      ['Zero', 'Latte'],
    );
    expect(rows).toEqual([[1, ['Latte', undefined, 'Tea & mint', '2.25', 'true', 'Latte!']]]);
  });

  it('reads prefixed elements and attributes, CDATA, comments, rich text without phonetic hints', async () => {
    const { rows } = await rowsOf(
      sheet(
        '<!-- a comment --><x:row x:r="3"><x:c x:r="B3" x:t="inlineStr"><x:is><x:r><x:t>Ta</x:t></x:r><x:r><x:rPr/><x:t><![CDATA[<b>]]>ble</x:t></x:r><x:rPh><x:t>tē</x:t></x:rPh></x:is></x:c></x:row>',
        'x:',
      ),
    );
    expect(rows).toEqual([[3, [undefined, 'Ta<b>ble']]]);
  });

  it("keeps a '>' inside an attribute value, self-closed cells, rows without numbers, character references", async () => {
    const { rows } = await rowsOf(
      sheet(
        '<row r="2" x14ac:note="a > b"><c r="A2" s="1"/><c r="B2" t="inlineStr"><is><t>&#x41;&#66;&lt;&gt;&quot;&apos;</t></is></c></row>' +
          '<row><c t="inlineStr"><is><t>next</t></is></c></row>',
      ),
    );
    expect(rows).toEqual([
      [2, ['', 'AB<>"\'']],
      [3, ['next']],
    ]);
  });

  it('hands the rows over a batch at a time', async () => {
    const data = Array.from(
      { length: 7 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`,
    ).join('');
    const { rows, batches } = await rowsOf(sheet(data), [], 3);
    expect(batches).toEqual([3, 3, 1]);
    expect(rows.map(([n]) => n)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('reads a character reference past Unicode as the replacement character, not a crash', async () => {
    const { rows } = await rowsOf(
      sheet('<row r="1"><c r="A1" t="inlineStr"><is><t>a&#99999999;b&#x110000;</t></is></c></row>'),
    );
    expect(rows).toEqual([[1, ['a\uFFFDb\uFFFD']]]);
  });

  it('refuses a document type declaration and a tag left open', async () => {
    await expect(
      rowsOf('<!DOCTYPE x [<!ENTITY a "b">]>' + sheet('<row r="1"></row>')),
    ).rejects.toThrow(NotAWorkbook);
    await expect(rowsOf(sheet('<row r="1"><c r="A1"'))).rejects.toThrow(NotAWorkbook);
  });
});
