import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@app/contracts';
import { documentStart, escapeHtml } from '../../html.ts';

/** Where the pages' stylesheet and script are served (same origin, so the CSP allows them). */
export const UI_ASSETS = {
  stylesheet: '/oidc-ui/sign-in.css',
  signOutScript: '/oidc-ui/sign-out.js',
} as const;

const TEXTS = {
  en: {
    product: 'Restaurant back office',
    signInTitle: 'Sign in',
    signInLead: 'Sign in to manage your outlets, menu and live orders.',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    invalid: 'The email or password is incorrect.',
    tooMany: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
    expiredTitle: 'Sign-in expired',
    expired:
      'This sign-in request has expired or was already used. Go back to the app and sign in again.',
    backToApp: 'Back to the app',
    signOutTitle: 'Sign out',
    signOutQuestion: 'Do you want to sign out?',
    signOutYes: 'Yes, sign me out',
    signOutNo: 'Stay signed in',
    signingOut: 'Signing you out…',
    signedOut: 'You are signed out.',
    errorTitle: 'Something went wrong',
    error: 'The request could not be completed. Go back to the app and try again.',
    language: 'Language',
  },
  ar: {
    product: 'لوحة إدارة المطعم',
    signInTitle: 'تسجيل الدخول',
    signInLead: 'سجّل الدخول لإدارة فروعك وقائمة الطعام والطلبات المباشرة.',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    submit: 'تسجيل الدخول',
    invalid: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
    tooMany: 'محاولات تسجيل دخول كثيرة جدًا. يرجى الانتظار 15 دقيقة ثم المحاولة مرة أخرى.',
    expiredTitle: 'انتهت صلاحية تسجيل الدخول',
    expired:
      'انتهت صلاحية طلب تسجيل الدخول هذا أو تم استخدامه. عد إلى التطبيق وسجّل الدخول مرة أخرى.',
    backToApp: 'العودة إلى التطبيق',
    signOutTitle: 'تسجيل الخروج',
    signOutQuestion: 'هل تريد تسجيل الخروج؟',
    signOutYes: 'نعم، سجّل خروجي',
    signOutNo: 'البقاء مسجلاً',
    signingOut: 'جارٍ تسجيل الخروج…',
    signedOut: 'تم تسجيل خروجك.',
    errorTitle: 'حدث خطأ ما',
    error: 'تعذّر إكمال الطلب. عد إلى التطبيق وحاول مرة أخرى.',
    language: 'اللغة',
  },
  es: {
    product: 'Back office del restaurante',
    signInTitle: 'Iniciar sesión',
    signInLead: 'Inicie sesión para gestionar sus locales, su menú y los pedidos en vivo.',
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
    invalid: 'El correo electrónico o la contraseña no son correctos.',
    tooMany: 'Demasiados intentos de inicio de sesión. Espere 15 minutos e inténtelo de nuevo.',
    expiredTitle: 'El inicio de sesión ha caducado',
    expired:
      'Esta solicitud de inicio de sesión ha caducado o ya se utilizó. Vuelva a la aplicación e inicie sesión de nuevo.',
    backToApp: 'Volver a la aplicación',
    signOutTitle: 'Cerrar sesión',
    signOutQuestion: '¿Desea cerrar la sesión?',
    signOutYes: 'Sí, cerrar sesión',
    signOutNo: 'Seguir conectado',
    signingOut: 'Cerrando la sesión…',
    signedOut: 'Ha cerrado la sesión.',
    errorTitle: 'Algo salió mal',
    error: 'No se pudo completar la solicitud. Vuelva a la aplicación e inténtelo de nuevo.',
    language: 'Idioma',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type PageText = keyof (typeof TEXTS)['en'];
export const pageText = (lang: Language, key: PageText): string => TEXTS[lang][key];

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية', es: 'Español' };

const asLanguage = (value: string | undefined): Language | undefined => {
  const base = value?.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((l) => l === base);
};

/**
 * The page language: an explicit choice (the page's own switch, then the SPA's ui_locales or
 * lang), then the browser's Accept-Language, then English.
 */
export function pickLanguage(
  explicit: (string | undefined)[],
  acceptLanguage: string | undefined,
): Language {
  for (const value of explicit) {
    for (const tag of value?.split(/\s+/) ?? []) {
      const lang = asLanguage(tag);
      if (lang) return lang;
    }
  }
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    const lang = asLanguage(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}

function layout(lang: Language, title: string, body: string, extraHead = ''): string {
  return `${documentStart(lang)}
<meta name="theme-color" content="#1d5b94">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · ${escapeHtml(pageText(lang, 'product'))}</title>
<link rel="stylesheet" href="${UI_ASSETS.stylesheet}">
${extraHead}</head>
<body>
<main class="card">
<div class="brand"><span class="mark" aria-hidden="true"></span>${escapeHtml(pageText(lang, 'product'))}</div>
${body}
</main>
</body>
</html>`;
}

function languageLinks(lang: Language, baseUrl: string): string {
  const links = LANGUAGES.filter((l) => l !== lang)
    .map(
      (l) =>
        `<a href="${escapeHtml(`${baseUrl}?lang=${l}`)}" lang="${l}" hreflang="${l}">${LANGUAGE_NAMES[l]}</a>`,
    )
    .join('');
  return `<nav class="langs" aria-label="${escapeHtml(pageText(lang, 'language'))}">${links}</nav>`;
}

export function signInPage(opts: {
  lang: Language;
  /** The interaction page itself, for the language links. */
  pageUrl: string;
  action: string;
  email?: string;
  error?: 'invalid' | 'tooMany';
}): string {
  const { lang } = opts;
  const t = (k: PageText) => escapeHtml(pageText(lang, k));
  const alert = opts.error
    ? `<p class="alert" role="alert" id="sign-in-error">${t(opts.error)}</p>`
    : '';
  const described = opts.error ? ' aria-describedby="sign-in-error"' : '';
  return layout(
    lang,
    pageText(lang, 'signInTitle'),
    `<h1>${t('signInTitle')}</h1>
<p class="lead">${t('signInLead')}</p>
${alert}
<form method="post" action="${escapeHtml(opts.action)}" autocomplete="on" novalidate>
<input type="hidden" name="lang" value="${lang}">
<label for="email">${t('email')}</label>
<input id="email" name="email" type="email" inputmode="email" autocomplete="username" dir="ltr" required autofocus value="${escapeHtml(opts.email ?? '')}"${described}>
<label for="password">${t('password')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" dir="ltr" required${described}>
<button type="submit">${t('submit')}</button>
</form>
${languageLinks(lang, opts.pageUrl)}`,
  );
}

export function messagePage(opts: {
  lang: Language;
  title: PageText;
  message: PageText;
  /** Where "back to the app" goes. */
  appUrl: string;
  detail?: string;
}): string {
  const { lang } = opts;
  const t = (k: PageText) => escapeHtml(pageText(lang, k));
  const detail = opts.detail ? `<p class="detail">${escapeHtml(opts.detail)}</p>` : '';
  return layout(
    lang,
    pageText(lang, opts.title),
    `<h1>${t(opts.title)}</h1>
<p class="lead">${t(opts.message)}</p>
${detail}
<a class="button" href="${escapeHtml(opts.appUrl)}">${t('backToApp')}</a>`,
  );
}

/**
 * The provider's sign-out confirmation. With `auto`, a same-origin script submits the form at
 * once (the SPA proved who it is with id_token_hint); otherwise the user confirms.
 */
export function signOutPage(opts: { lang: Language; form: string; auto: boolean }): string {
  const { lang } = opts;
  const t = (k: PageText) => escapeHtml(pageText(lang, k));
  // The provider's form has id "op.logoutForm"; the buttons submit it.
  return layout(
    lang,
    pageText(lang, 'signOutTitle'),
    `<h1>${t(opts.auto ? 'signingOut' : 'signOutQuestion')}</h1>
${opts.form}
<div class="actions">
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="sign-out-yes">${t('signOutYes')}</button>
<button type="submit" form="op.logoutForm" class="secondary">${t('signOutNo')}</button>
</div>`,
    opts.auto ? `<script src="${UI_ASSETS.signOutScript}" defer></script>\n` : '',
  );
}

export const SIGN_OUT_SCRIPT = `document.getElementById('sign-out-yes')?.click();\n`;

export const STYLESHEET = `*,*::before,*::after{box-sizing:border-box}
html{font-family:Roboto,"Noto Sans Arabic","Helvetica Neue",Arial,sans-serif;color:#1f2933;background:#f4f6f8}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px}
html[dir=rtl]{font-family:"Noto Sans Arabic",Tahoma,Arial,sans-serif}
.card{width:100%;max-width:400px;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(16,24,40,.1),0 8px 24px rgba(16,24,40,.06);padding:32px 28px}
.brand{display:flex;align-items:center;gap:10px;font-weight:600;color:#1d5b94;margin-block-end:24px}
.mark{inline-size:28px;block-size:28px;border-radius:8px;background:linear-gradient(135deg,#1d5b94,#3b82c4)}
h1{font-size:1.5rem;font-weight:500;margin:0 0 8px}
.lead{margin:0 0 20px;color:#52606d;line-height:1.5}
.detail{color:#7b8794;font-size:.85rem}
label{display:block;font-size:.875rem;font-weight:500;margin-block:14px 6px}
input[type=email],input[type=password]{inline-size:100%;font:inherit;padding:11px 12px;border:1px solid #cbd2d9;border-radius:8px;background:#fff}
input:focus{outline:2px solid #1d5b94;outline-offset:1px;border-color:#1d5b94}
button,.button{display:inline-block;inline-size:100%;margin-block-start:22px;padding:12px 16px;font:inherit;font-weight:500;text-align:center;text-decoration:none;color:#fff;background:#1d5b94;border:0;border-radius:8px;cursor:pointer}
button:hover,.button:hover{background:#174a78}
button.secondary{background:transparent;color:#1d5b94;border:1px solid #cbd2d9;margin-block-start:10px}
.alert{margin:0 0 8px;padding:10px 12px;border-radius:8px;background:#fdecea;color:#8a1c1c;border-inline-start:4px solid #d32f2f}
.langs{display:flex;gap:16px;justify-content:center;margin-block-start:24px;font-size:.875rem}
.langs a{color:#52606d}
`;
