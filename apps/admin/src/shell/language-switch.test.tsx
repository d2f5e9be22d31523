import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../test/app-render.tsx';
import { AppShell } from './app-shell.tsx';

async function chooseLanguage(buttonName: string, language: string) {
  await userEvent.click(screen.getByRole('button', { name: buttonName }));
  await userEvent.click(await screen.findByRole('menuitem', { name: language }));
}

describe('language switch', () => {
  it('switches to Arabic right-to-left and back to English left-to-right', async () => {
    renderWithApp(<AppShell />);
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');

    await chooseLanguage('Change language', 'العربية');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(window.localStorage.getItem('lang')).toBe('ar');
    expect(screen.getByRole('navigation', { name: 'التنقل الرئيسي' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الطلبات المباشرة' })).toBeInTheDocument();

    await chooseLanguage('تغيير اللغة', 'Español');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'es');
    expect(screen.getByRole('link', { name: 'Pedidos en vivo' })).toBeInTheDocument();

    await chooseLanguage('Cambiar idioma', 'English');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(window.localStorage.getItem('lang')).toBe('en');
  });
});
