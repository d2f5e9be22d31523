import { describe, expect, it } from 'vitest';
import { buildZip, deflated, zipBomb } from '../../../../../tools/testing/zip-build.ts';
import { ArchiveRefused, checkedArchive } from './zip-guard.ts';

const LIMITS = { maxEntries: 200, maxInflatedBytes: 32 * 1024 * 1024 };

const refusal = async (zip: Buffer, limits = LIMITS) => {
  const error = await checkedArchive(zip, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ArchiveRefused);
  return (error as ArchiveRefused).reason;
};

describe('the checked archive', () => {
  it("holds every entry by name, in the directory's order, with its bytes", async () => {
    const names = [
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
      'xl/styles.xml',
      'xl/sharedStrings.xml',
      'xl/workbook.xml',
    ];
    const zip = buildZip(names.map((name) => deflated(name, `<x name="${name}"/>`)));
    const archive = await checkedArchive(zip, LIMITS);
    expect([...archive.keys()]).toEqual(names);
    expect(Buffer.from(archive.get('xl/styles.xml')!).toString()).toBe('<x name="xl/styles.xml"/>');
  });

  it('leaves out bytes its directory does not name (a hidden entry before the first)', async () => {
    const named = buildZip([deflated('xl/workbook.xml', '<workbook/>')]);
    const hidden = buildZip([deflated('xl/worksheets/hidden.xml', '<worksheet/>')]);
    // The hidden entry's local header and data, then the named archive with its offsets moved.
    const localPart = hidden.subarray(0, hidden.indexOf(Buffer.from([0x50, 0x4b, 1, 2])));
    const directoryAt = named.indexOf(Buffer.from([0x50, 0x4b, 1, 2]));
    const moved = Buffer.from(named);
    moved.writeUInt32LE(moved.readUInt32LE(directoryAt + 42) + localPart.length, directoryAt + 42);
    const end = moved.length - 22;
    moved.writeUInt32LE(moved.readUInt32LE(end + 16) + localPart.length, end + 16);
    const zip = Buffer.concat([localPart, moved]);
    const archive = await checkedArchive(zip, LIMITS);
    expect([...archive.keys()]).toEqual(['xl/workbook.xml']);
  });

  it('refuses more entries than the limit, a name twice, and a size not as declared', async () => {
    const one = deflated('xl/workbook.xml', '<workbook/>');
    expect(await refusal(buildZip([one, one]))).toBe('refused');
    const many = Array.from({ length: 3 }, (_, i) => deflated(`f${i}.txt`, 'x'));
    expect(await refusal(buildZip(many), { maxEntries: 2, maxInflatedBytes: 1024 })).toBe(
      'refused',
    );
    const longer = { ...deflated('a.xml', 'x'.repeat(10_000)), uncompressedSize: 10 };
    expect(await refusal(buildZip([longer]))).toBe('refused');
    const shorter = { ...deflated('a.xml', 'x'.repeat(10)), uncompressedSize: 10_000 };
    expect(await refusal(buildZip([shorter]))).toBe('refused');
  });

  it('refuses a zip bomb by its declared size, and a lying one at its first bytes past it', async () => {
    expect(await refusal(zipBomb(1_048_576, 'truth').zip)).toBe('refused');
    expect(await refusal(zipBomb(1_048_576, 'lie').zip)).toBe('refused');
  });

  it('calls what is no zip, or a cut one, not a zip', async () => {
    expect(await refusal(Buffer.from('Section,Item\nDrinks,Tea\n'))).toBe('not_zip');
    const zip = buildZip([deflated('xl/workbook.xml', '<workbook/>')]);
    expect(await refusal(zip.subarray(0, zip.length - 30))).toBe('not_zip');
    const corrupt = { ...deflated('a.xml', 'x'.repeat(100)), data: Buffer.from([0xff, 0xff]) };
    expect(await refusal(buildZip([corrupt]))).toBe('not_zip');
  });
});
