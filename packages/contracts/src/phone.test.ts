import { describe, expect, it } from 'vitest';
import { customerPhone, phoneCountryOf } from './phone.ts';

describe("a customer's phone", () => {
  it('reads local numbers in the branch’s country and international ones anywhere', () => {
    for (const typed of ['0791234567', '079 123 4567', '+962 79 123 4567', '+962791234567'])
      expect(customerPhone(typed, 'JO'), typed).toBe('+962791234567');
    expect(customerPhone('612 34 56 78', 'ES')).toBe('+34612345678');
    // An international number is read as such whatever the branch's country.
    expect(customerPhone('+34612345678', 'JO')).toBe('+34612345678');
  });

  it('refuses what is no number there, and local numbers with no country to read them in', () => {
    expect(customerPhone('0791234567', null)).toBeNull();
    expect(customerPhone('12', 'JO')).toBeNull();
    expect(customerPhone('not a phone', 'JO')).toBeNull();
    expect(customerPhone('   ', 'JO')).toBeNull();
  });

  it("takes the branch's country from its own phone, else the outlet's", () => {
    expect(phoneCountryOf('+962 6 555 1234', 'ES')).toBe('JO');
    expect(phoneCountryOf(null, 'ES')).toBe('ES');
    expect(phoneCountryOf(null, null)).toBeNull();
  });
});
