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
    forgotPassword: 'Forgot your password?',
    newHere: 'New here?',
    createAccount: 'Create an account',
    registerTitle: 'Create your account',
    registerLead:
      'Put your outlet online with QR menus for dining, pickup and delivery: the first 30 days are free.',
    name: 'Your name',
    passwordHint: 'At least {min} characters.',
    registerSubmit: 'Create account',
    haveAccount: 'Already have an account?',
    nameInvalid: 'Enter your name (at most 100 characters).',
    emailInvalid: 'Enter a valid email address.',
    passwordInvalid: 'The password needs {min} to {max} characters.',
    emailTaken: 'An account with this email already exists. Sign in instead.',
    tooManyRegistrations: 'Too many accounts were created from here. Please try again later.',
    resetTitle: 'Reset your password',
    resetLead:
      'Enter the email you sign in with: we will send you a link to choose a new password.',
    resetSubmit: 'Send me the link',
    resetSentTitle: 'Check your email',
    resetSent:
      'If an account exists for {email}, a link to choose a new password is on its way. It works once, for {minutes} minutes.',
    newPasswordTitle: 'Choose a new password',
    newPasswordLead: 'For {email}. Every device signed in to this account will be signed out.',
    newPassword: 'New password',
    confirmPassword: 'Repeat the new password',
    newPasswordSubmit: 'Save the new password',
    passwordsDiffer: 'The two passwords are not the same.',
    resetDoneTitle: 'Password changed',
    resetDone:
      'Your password has been changed and every session of this account has ended. Sign in with the new password.',
    signInNow: 'Sign in',
    linkInvalidTitle: 'This link no longer works',
    linkInvalid: 'This link has expired or was already used. Ask for a new one.',
    requestNewLink: 'Ask for a new link',
    verifyTitle: 'Verify your email address',
    verifyLead: 'Confirm that {email} is your address for the restaurant back office.',
    verifySubmit: 'Verify my email',
    verifiedTitle: 'Email verified',
    verified: 'Thank you: {email} is verified.',
    verifyTakenTitle: 'This address is already in use',
    verifyTaken:
      'Another account verified this address first, so it cannot become yours. Sign in as before and choose another address.',
    resetMailSubject: 'Reset your password',
    resetMailBody:
      'Someone, hopefully you, asked to reset the password of {email} for the restaurant back office.\n\nChoose a new password here (the link works once, for {minutes} minutes):\n{link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.',
    verifyMailSubject: 'Verify your email address',
    verifyMailBody:
      'Please confirm that {email} is your address for the restaurant back office:\n{link}\n\nThe link works for {days} days.',
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
    forgotPassword: 'هل نسيت كلمة المرور؟',
    newHere: 'جديد هنا؟',
    createAccount: 'أنشئ حسابًا',
    registerTitle: 'أنشئ حسابك',
    registerLead:
      'ضع فرعك على الإنترنت مع قوائم QR للطلبات داخل المطعم والاستلام والتوصيل: أول 30 يومًا مجانًا.',
    name: 'اسمك',
    passwordHint: '{min} أحرف على الأقل.',
    registerSubmit: 'إنشاء الحساب',
    haveAccount: 'لديك حساب بالفعل؟',
    nameInvalid: 'أدخل اسمك (100 حرف على الأكثر).',
    emailInvalid: 'أدخل بريدًا إلكترونيًا صالحًا.',
    passwordInvalid: 'يجب أن تتكون كلمة المرور من {min} إلى {max} حرفًا.',
    emailTaken: 'يوجد حساب بهذا البريد الإلكتروني بالفعل. سجّل الدخول بدلاً من ذلك.',
    tooManyRegistrations: 'تم إنشاء حسابات كثيرة من هنا. يرجى المحاولة لاحقًا.',
    resetTitle: 'إعادة تعيين كلمة المرور',
    resetLead:
      'أدخل البريد الإلكتروني الذي تسجّل الدخول به: سنرسل إليك رابطًا لاختيار كلمة مرور جديدة.',
    resetSubmit: 'أرسل لي الرابط',
    resetSentTitle: 'تحقق من بريدك الإلكتروني',
    resetSent:
      'إذا كان هناك حساب للبريد {email}، فإن رابطًا لاختيار كلمة مرور جديدة في الطريق إليه. يعمل الرابط مرة واحدة، لمدة {minutes} دقيقة.',
    newPasswordTitle: 'اختر كلمة مرور جديدة',
    newPasswordLead: 'للحساب {email}. سيتم تسجيل خروج كل جهاز مسجّل الدخول إلى هذا الحساب.',
    newPassword: 'كلمة المرور الجديدة',
    confirmPassword: 'أعد كتابة كلمة المرور الجديدة',
    newPasswordSubmit: 'حفظ كلمة المرور الجديدة',
    passwordsDiffer: 'كلمتا المرور غير متطابقتين.',
    resetDoneTitle: 'تم تغيير كلمة المرور',
    resetDone: 'تم تغيير كلمة المرور وانتهت كل جلسات هذا الحساب. سجّل الدخول بكلمة المرور الجديدة.',
    signInNow: 'تسجيل الدخول',
    linkInvalidTitle: 'هذا الرابط لم يعد يعمل',
    linkInvalid: 'انتهت صلاحية هذا الرابط أو تم استخدامه. اطلب رابطًا جديدًا.',
    requestNewLink: 'اطلب رابطًا جديدًا',
    verifyTitle: 'تأكيد بريدك الإلكتروني',
    verifyLead: 'أكّد أن {email} هو بريدك الإلكتروني للوحة إدارة المطعم.',
    verifySubmit: 'تأكيد بريدي الإلكتروني',
    verifiedTitle: 'تم تأكيد البريد الإلكتروني',
    verified: 'شكرًا لك: تم تأكيد {email}.',
    verifyTakenTitle: 'هذا العنوان مستخدم بالفعل',
    verifyTaken:
      'أكّد حساب آخر هذا العنوان أولًا، لذا لا يمكن أن يصبح لك. سجّل الدخول كما من قبل واختر عنوانًا آخر.',
    resetMailSubject: 'إعادة تعيين كلمة المرور',
    resetMailBody:
      'طلب أحدهم، ونأمل أن تكون أنت، إعادة تعيين كلمة المرور للحساب {email} في لوحة إدارة المطعم.\n\nاختر كلمة مرور جديدة من هنا (يعمل الرابط مرة واحدة، لمدة {minutes} دقيقة):\n{link}\n\nإذا لم تكن أنت، فتجاهل هذه الرسالة: تبقى كلمة المرور كما هي.',
    verifyMailSubject: 'تأكيد بريدك الإلكتروني',
    verifyMailBody:
      'يرجى تأكيد أن {email} هو بريدك الإلكتروني للوحة إدارة المطعم:\n{link}\n\nيعمل الرابط لمدة {days} أيام.',
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
    forgotPassword: '¿Ha olvidado su contraseña?',
    newHere: '¿Es nuevo aquí?',
    createAccount: 'Cree una cuenta',
    registerTitle: 'Cree su cuenta',
    registerLead:
      'Ponga su local en línea con menús QR para comer en el local, recoger y entregar: los primeros 30 días son gratis.',
    name: 'Su nombre',
    passwordHint: 'Al menos {min} caracteres.',
    registerSubmit: 'Crear cuenta',
    haveAccount: '¿Ya tiene una cuenta?',
    nameInvalid: 'Escriba su nombre (100 caracteres como máximo).',
    emailInvalid: 'Escriba un correo electrónico válido.',
    passwordInvalid: 'La contraseña necesita de {min} a {max} caracteres.',
    emailTaken: 'Ya existe una cuenta con este correo electrónico. Inicie sesión.',
    tooManyRegistrations: 'Se crearon demasiadas cuentas desde aquí. Inténtelo más tarde.',
    resetTitle: 'Restablecer la contraseña',
    resetLead:
      'Escriba el correo con el que inicia sesión: le enviaremos un enlace para elegir una contraseña nueva.',
    resetSubmit: 'Enviarme el enlace',
    resetSentTitle: 'Revise su correo',
    resetSent:
      'Si existe una cuenta para {email}, le hemos enviado un enlace para elegir una contraseña nueva. Funciona una vez, durante {minutes} minutos.',
    newPasswordTitle: 'Elija una contraseña nueva',
    newPasswordLead:
      'Para {email}. Se cerrará la sesión en todos los dispositivos conectados a esta cuenta.',
    newPassword: 'Contraseña nueva',
    confirmPassword: 'Repita la contraseña nueva',
    newPasswordSubmit: 'Guardar la contraseña nueva',
    passwordsDiffer: 'Las dos contraseñas no coinciden.',
    resetDoneTitle: 'Contraseña cambiada',
    resetDone:
      'Su contraseña ha cambiado y todas las sesiones de esta cuenta han terminado. Inicie sesión con la contraseña nueva.',
    signInNow: 'Iniciar sesión',
    linkInvalidTitle: 'Este enlace ya no funciona',
    linkInvalid: 'Este enlace ha caducado o ya se utilizó. Pida uno nuevo.',
    requestNewLink: 'Pedir un enlace nuevo',
    verifyTitle: 'Verifique su correo electrónico',
    verifyLead: 'Confirme que {email} es su dirección para el back office del restaurante.',
    verifySubmit: 'Verificar mi correo',
    verifiedTitle: 'Correo verificado',
    verified: 'Gracias: {email} está verificado.',
    verifyTakenTitle: 'Esta dirección ya está en uso',
    verifyTaken:
      'Otra cuenta verificó esta dirección antes, así que no puede ser la suya. Inicie sesión como antes y elija otra dirección.',
    resetMailSubject: 'Restablecer la contraseña',
    resetMailBody:
      'Alguien, esperamos que usted, pidió restablecer la contraseña de {email} en el back office del restaurante.\n\nElija una contraseña nueva aquí (el enlace funciona una vez, durante {minutes} minutos):\n{link}\n\nSi no fue usted, ignore este correo: su contraseña sigue igual.',
    verifyMailSubject: 'Verifique su correo electrónico',
    verifyMailBody:
      'Confirme que {email} es su dirección para el back office del restaurante:\n{link}\n\nEl enlace funciona durante {days} días.',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type PageText = keyof (typeof TEXTS)['en'];
export const pageText = (lang: Language, key: PageText): string => TEXTS[lang][key];

/** A text with its `{name}` placeholders filled (plain text: escape it for HTML). */
export const pageTextWith = (
  lang: Language,
  key: PageText,
  values: Record<string, string | number>,
): string =>
  pageText(lang, key).replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );

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

export function layout(lang: Language, title: string, body: string, extraHead = ''): string {
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

export function languageLinks(lang: Language, baseUrl: string): string {
  // The page's own language is a link too: following it picks it, so the admin keeps it after
  // the sign-in rather than the tenant's default (a page merely shown in it picks nothing).
  const links = LANGUAGES.map(
    (l) =>
      `<a href="${escapeHtml(`${baseUrl}?lang=${l}`)}" lang="${l}" hreflang="${l}"${l === lang ? ' aria-current="true"' : ''}>${LANGUAGE_NAMES[l]}</a>`,
  ).join('');
  return `<nav class="langs" aria-label="${escapeHtml(pageText(lang, 'language'))}">${links}</nav>`;
}

export function signInPage(opts: {
  lang: Language;
  /** The interaction page itself, for the language links. */
  pageUrl: string;
  action: string;
  email?: string;
  error?: 'invalid' | 'tooMany';
  /** The user picked the page's language with its links: the admin takes it over. */
  chosen?: boolean;
  /** "Forgot your password?" (ends the sign-in with AADB2C90118), when e-mail can be sent. */
  forgotUrl?: string;
  /** "Create an account": self-registration. */
  registerUrl?: string;
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
${opts.chosen ? '<input type="hidden" name="chosen" value="1">\n' : ''}<label for="email">${t('email')}</label>
<input id="email" name="email" type="email" inputmode="email" autocomplete="username" dir="ltr" required autofocus value="${escapeHtml(opts.email ?? '')}"${described}>
<label for="password">${t('password')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" dir="ltr" required${described}>
${opts.forgotUrl ? `<p class="aside"><a href="${escapeHtml(opts.forgotUrl)}">${t('forgotPassword')}</a></p>\n` : ''}<button type="submit">${t('submit')}</button>
</form>
${opts.registerUrl ? `<p class="switch">${t('newHere')} <a href="${escapeHtml(opts.registerUrl)}">${t('createAccount')}</a></p>\n` : ''}${languageLinks(lang, opts.pageUrl)}`,
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
input[type=email],input[type=password],input[type=text]{inline-size:100%;font:inherit;padding:11px 12px;border:1px solid #cbd2d9;border-radius:8px;background:#fff}
input:focus{outline:2px solid #1d5b94;outline-offset:1px;border-color:#1d5b94}
button,.button{display:inline-block;inline-size:100%;margin-block-start:22px;padding:12px 16px;font:inherit;font-weight:500;text-align:center;text-decoration:none;color:#fff;background:#1d5b94;border:0;border-radius:8px;cursor:pointer}
button:hover,.button:hover{background:#174a78}
button.secondary{background:transparent;color:#1d5b94;border:1px solid #cbd2d9;margin-block-start:10px}
.alert{margin:0 0 8px;padding:10px 12px;border-radius:8px;background:#fdecea;color:#8a1c1c;border-inline-start:4px solid #d32f2f}
.aside{margin:10px 0 0;font-size:.875rem}
.aside a,.switch a{color:#1d5b94}
.hint{margin:6px 0 0;font-size:.8rem;color:#7b8794}
.field-error{margin:6px 0 0;font-size:.85rem;color:#b42318}
input[aria-invalid=true]{border-color:#d32f2f}
.switch{margin:20px 0 0;text-align:center;font-size:.9rem;color:#52606d}
.langs{display:flex;gap:16px;justify-content:center;margin-block-start:24px;font-size:.875rem}
.langs a{color:#52606d}
.langs a[aria-current]{color:#1f2933;font-weight:600;text-decoration:none}
`;
