import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { ApiError } from './api-client.ts';
import { serverErrorText } from './server-error-text.ts';

describe('serverErrorText', () => {
  it("says a known code in the UI language, never the server's English", async () => {
    const error = new ApiError(409, 'The ticket is already at that branch', 'same_branch');
    await i18n.changeLanguage('es');
    expect(serverErrorText(error)).toBe('El pedido ya está en esa sucursal.');
    await i18n.changeLanguage('ar');
    expect(serverErrorText(error)).toBe('الطلب موجود في ذلك الفرع بالفعل.');
    await i18n.changeLanguage('en');
    expect(serverErrorText(error)).toBe('The order is already at that branch.');
  });

  it('gives nothing for an unknown code or a failure that is not a call', () => {
    expect(serverErrorText(new ApiError(400, 'Strange', 'strange_code'))).toBeNull();
    expect(serverErrorText(new Error('boom'))).toBeNull();
  });
});
