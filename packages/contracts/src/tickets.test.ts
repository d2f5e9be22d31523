import { describe, expect, it } from 'vitest';
import { decodeChangesCursor, encodeChangesCursor } from './tickets.ts';

describe('changes cursor', () => {
  it('gives back the snapshot it was made from, with its xmin', () => {
    for (const snapshot of ['740:740:', '740:745:741,743', '1:2:1']) {
      const xmin = snapshot.split(':')[0];
      expect(decodeChangesCursor(encodeChangesCursor(snapshot))).toEqual({ xmin, snapshot });
    }
  });

  it('keeps only xmin when too many transactions were running', () => {
    const running = Array.from({ length: 60 }, (_, i) => 1_000_000 + i).join(',');
    const cursor = encodeChangesCursor(`1000000:1000100:${running}`);
    expect(decodeChangesCursor(cursor)).toEqual({ xmin: '1000000', snapshot: '1000000:1000000:' });
  });

  it('refuses a snapshot the server could not have taken', () => {
    const forged = (text: string) =>
      btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodeChangesCursor(forged('changes|9:5:'))).toBeNull(); // xmin after xmax
    expect(decodeChangesCursor(forged('changes|5:9:12'))).toBeNull(); // running past xmax
    expect(decodeChangesCursor(forged('changes|5:9:3'))).toBeNull(); // running before xmin
    expect(decodeChangesCursor(forged('changes|5:9:6,'))).toBeNull();
    expect(decodeChangesCursor(forged('changes|5'))).toBeNull(); // the first cursor's shape
    expect(decodeChangesCursor(forged('other|5:9:'))).toBeNull();
    expect(decodeChangesCursor('not a cursor')).toBeNull();
  });
});
