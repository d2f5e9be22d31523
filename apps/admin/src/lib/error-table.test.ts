import { describe, expect, it } from 'vitest';
import { errorKey, ownKeys, type ErrorTable } from './error-table.ts';

const table: ErrorTable<'name' | 'code'> = {
  any: { ...ownKeys('code_unique'), taken: 'alreadyTaken' },
  fields: {
    name: { max: 'nameMax', '*': 'nameRequired' },
    code: { blank: 'codeRequired', pattern: 'codePattern', '*': 'codeLength' },
  },
};

describe('a form’s error table', () => {
  it('words a code the same on every control, before the control’s own words', () => {
    expect(errorKey(table, 'name', 'code_unique')).toBe('code_unique');
    expect(errorKey(table, 'code', 'taken')).toBe('alreadyTaken');
  });

  it('says "required" for an empty control whatever its code, then the code, then any other', () => {
    expect(errorKey(table, 'code', 'pattern', true)).toBe('codeRequired');
    expect(errorKey(table, 'code', 'pattern')).toBe('codePattern');
    expect(errorKey(table, 'code', 'min')).toBe('codeLength');
    expect(errorKey(table, 'name', 'max', true)).toBe('nameMax');
  });

  it('reads an unknown code, or one named like an object property, as invalid', () => {
    expect(errorKey(table, undefined, 'nope')).toBe('invalid');
    expect(errorKey(table, undefined, 'constructor')).toBe('invalid');
    expect(errorKey({ any: ownKeys('x') }, undefined, '__proto__')).toBe('invalid');
  });
});
