import { RTL_LANGUAGES, type Language } from '@app/contracts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an HTML page the server writes: every text from a user, a customer or the menu. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The start of every page the server writes, up to its title (the caller closes the head). */
export const documentStart = (lang: Language) => `<!doctype html>
<html lang="${lang}" dir="${RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">`;
