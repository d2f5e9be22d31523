import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRINTER_APP_TEMPLATE,
  isPrinterAppTemplate,
  printerAppUrl,
  printResultOf,
} from './printer-app.ts';

describe('the thermal printer app', () => {
  it('is launched with the receipt, PassPRNT’s size code and the results page, each encoded', () => {
    const url = printerAppUrl(DEFAULT_PRINTER_APP_TEMPLATE, {
      html: '<p dir="rtl">حمص & خبز</p>',
      size: '58',
      back: 'https://admin.example/admin/tickets/print-result?ticket=7',
    });
    const parsed = new URL(url);
    expect(parsed.protocol).toBe('starpassprnt:');
    expect(parsed.searchParams.get('size')).toBe('2');
    expect(parsed.searchParams.get('html')).toBe('<p dir="rtl">حمص & خبز</p>');
    expect(parsed.searchParams.get('back')).toBe(
      'https://admin.example/admin/tickets/print-result?ticket=7',
    );
    const other = printerAppUrl('rawbt:printhtml?w={mm}&data={html}', {
      html: 'x',
      size: '80',
      back: 'b',
    });
    expect(other).toBe('rawbt:printhtml?w=80&data=x');
  });

  it('takes only an app or web address that carries the receipt, never script', () => {
    expect(isPrinterAppTemplate(DEFAULT_PRINTER_APP_TEMPLATE)).toBe(true);
    expect(isPrinterAppTemplate('javascript:alert(1)//{html}')).toBe(false);
    expect(isPrinterAppTemplate('starpassprnt://v1/print?size={size}')).toBe(false);
    expect(isPrinterAppTemplate('no scheme {html}')).toBe(false);
  });

  it('reads what the app said when it came back', () => {
    expect(printResultOf(new URLSearchParams('ticket=7&passprnt_code=0'))).toEqual({
      printed: true,
      code: '0',
    });
    expect(printResultOf(new URLSearchParams('ticket=7&passprnt_code=-10'))).toEqual({
      printed: false,
      code: '-10',
    });
    expect(printResultOf(new URLSearchParams('ticket=7'))).toBeNull();
  });
});
