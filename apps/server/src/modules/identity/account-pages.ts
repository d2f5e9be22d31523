import type { Language } from '@app/contracts';
import { escapeHtml } from '../../html.ts';
import { languageLinks, layout, pageText, pageTextWith, type PageText } from './sign-in-pages.ts';

/** The password rule of self-registration and reset. */
export const PASSWORD_LIMITS = { min: 8, max: 128 } as const;

export type FieldErrors = Partial<Record<'name' | 'email' | 'password' | 'confirm', PageText>>;

const text = (lang: Language) => (k: PageText) => escapeHtml(pageText(lang, k));

/** One labelled input with its error tied to it (aria-describedby), as the sign-in page has. */
function field(opts: {
  lang: Language;
  name: 'name' | 'email' | 'password' | 'confirm';
  label: PageText;
  type: 'text' | 'email' | 'password';
  autocomplete: string;
  value?: string;
  error?: PageText;
  hint?: string;
  autofocus?: boolean;
}): string {
  const id = `field-${opts.name}`;
  const described = [opts.hint ? `${id}-hint` : '', opts.error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const attrs = [
    `id="${id}"`,
    `name="${opts.name}"`,
    `type="${opts.type}"`,
    `autocomplete="${opts.autocomplete}"`,
    opts.type === 'text' ? '' : 'dir="ltr"',
    opts.type === 'email' ? 'inputmode="email"' : '',
    'required',
    opts.autofocus ? 'autofocus' : '',
    opts.value !== undefined ? `value="${escapeHtml(opts.value)}"` : '',
    described ? `aria-describedby="${described}"` : '',
    opts.error ? 'aria-invalid="true"' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const hint = opts.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(opts.hint)}</p>` : '';
  const error = opts.error
    ? `<p class="field-error" id="${id}-error">${escapeHtml(
        pageTextWith(opts.lang, opts.error, PASSWORD_LIMITS),
      )}</p>`
    : '';
  return `<label for="${id}">${text(opts.lang)(opts.label)}</label>
<input ${attrs}>
${hint}${error}`;
}

const hiddenLang = (lang: Language, chosen: boolean) =>
  `<input type="hidden" name="lang" value="${lang}">${chosen ? '\n<input type="hidden" name="chosen" value="1">' : ''}`;

/** Self-registration, reached from the sign-in page; signs the new user in on success. */
export function registerPage(opts: {
  lang: Language;
  pageUrl: string;
  action: string;
  signInUrl: string;
  chosen: boolean;
  values?: { name?: string; email?: string };
  errors?: FieldErrors;
  alert?: PageText;
}): string {
  const { lang } = opts;
  const t = text(lang);
  const errors = opts.errors ?? {};
  const alert = opts.alert ? `<p class="alert" role="alert">${t(opts.alert)}</p>` : '';
  return layout(
    lang,
    pageText(lang, 'registerTitle'),
    `<h1>${t('registerTitle')}</h1>
<p class="lead">${t('registerLead')}</p>
${alert}
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
${hiddenLang(lang, opts.chosen)}
${field({ lang, name: 'name', label: 'name', type: 'text', autocomplete: 'name', value: opts.values?.name ?? '', error: errors.name, autofocus: true })}
${field({ lang, name: 'email', label: 'email', type: 'email', autocomplete: 'email', value: opts.values?.email ?? '', error: errors.email })}
${field({ lang, name: 'password', label: 'password', type: 'password', autocomplete: 'new-password', error: errors.password, hint: pageTextWith(lang, 'passwordHint', PASSWORD_LIMITS) })}
<button type="submit">${t('registerSubmit')}</button>
</form>
<p class="switch">${t('haveAccount')} <a href="${escapeHtml(opts.signInUrl)}">${t('signInNow')}</a></p>
${languageLinks(lang, opts.pageUrl)}`,
  );
}

/** Asks for the address to send a reset link to (the issuer's password reset, §7.6). */
export function resetRequestPage(opts: {
  lang: Language;
  pageUrl: string;
  action: string;
  appUrl: string;
  email?: string;
  error?: PageText;
}): string {
  const { lang } = opts;
  const t = text(lang);
  return layout(
    lang,
    pageText(lang, 'resetTitle'),
    `<h1>${t('resetTitle')}</h1>
<p class="lead">${t('resetLead')}</p>
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
${hiddenLang(lang, false)}
${field({ lang, name: 'email', label: 'email', type: 'email', autocomplete: 'username', value: opts.email ?? '', error: opts.error, autofocus: true })}
<button type="submit">${t('resetSubmit')}</button>
</form>
<p class="switch"><a href="${escapeHtml(opts.appUrl)}">${t('backToApp')}</a></p>
${languageLinks(lang, opts.pageUrl)}`,
  );
}

/** The form of a reset link: the new password, twice. */
export function newPasswordPage(opts: {
  lang: Language;
  action: string;
  /** The link's secret, posted back in the body (kept out of the form's URL and the logs). */
  token: string;
  email: string;
  errors?: FieldErrors;
}): string {
  const { lang } = opts;
  const t = text(lang);
  const errors = opts.errors ?? {};
  return layout(
    lang,
    pageText(lang, 'newPasswordTitle'),
    `<h1>${t('newPasswordTitle')}</h1>
<p class="lead">${escapeHtml(pageTextWith(lang, 'newPasswordLead', { email: opts.email }))}</p>
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
${hiddenLang(lang, false)}
<input type="hidden" name="token" value="${escapeHtml(opts.token)}">
${field({ lang, name: 'password', label: 'newPassword', type: 'password', autocomplete: 'new-password', error: errors.password, hint: pageTextWith(lang, 'passwordHint', PASSWORD_LIMITS), autofocus: true })}
${field({ lang, name: 'confirm', label: 'confirmPassword', type: 'password', autocomplete: 'new-password', error: errors.confirm })}
<button type="submit">${t('newPasswordSubmit')}</button>
</form>`,
  );
}

/** A page with a title, a message and one link onwards. */
export function noticePage(opts: {
  lang: Language;
  title: PageText;
  message: string;
  link: { href: string; label: PageText };
  status?: 'alert';
}): string {
  const { lang } = opts;
  const role = opts.status === 'alert' ? ' role="alert"' : '';
  return layout(
    lang,
    pageText(lang, opts.title),
    `<h1>${text(lang)(opts.title)}</h1>
<p class="lead"${role}>${escapeHtml(opts.message)}</p>
<a class="button" href="${escapeHtml(opts.link.href)}">${text(lang)(opts.link.label)}</a>`,
  );
}

/** The page of a verification link: a button, so a mail scanner's visit verifies nothing. */
export function verifyEmailPage(opts: {
  lang: Language;
  action: string;
  token: string;
  email: string;
}): string {
  const { lang } = opts;
  const t = text(lang);
  return layout(
    lang,
    pageText(lang, 'verifyTitle'),
    `<h1>${t('verifyTitle')}</h1>
<p class="lead">${escapeHtml(pageTextWith(lang, 'verifyLead', { email: opts.email }))}</p>
<form method="post" action="${escapeHtml(opts.action)}">
${hiddenLang(lang, false)}
<input type="hidden" name="token" value="${escapeHtml(opts.token)}">
<button type="submit">${t('verifySubmit')}</button>
</form>`,
  );
}
