const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f8;color:#1c2430}
  main{max-width:400px;margin:8vh auto;padding:32px;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
  h1{font-size:1.5rem;margin:0 0 8px} p{margin:0 0 20px;color:#4a5565}
  label{display:block;font-weight:600;margin:16px 0 6px}
  input{width:100%;padding:10px 12px;font-size:1rem;border:1px solid #9aa5b1;border-radius:4px}
  input:focus{outline:3px solid #7fb2ff;outline-offset:1px;border-color:#1a5fb4}
  button{margin-top:24px;width:100%;padding:12px;font-size:1rem;font-weight:600;color:#fff;background:#1a5fb4;border:0;border-radius:4px;cursor:pointer}
  button:hover{background:#154c91} button:focus-visible{outline:3px solid #7fb2ff;outline-offset:2px}
  button.secondary{margin-top:12px;color:#1a5fb4;background:#fff;border:1px solid #1a5fb4}
  button.secondary:hover{background:#eef4fb}
  .error{padding:10px 12px;border-radius:4px;background:#fdecea;color:#8a1c12;margin-bottom:8px}
  .field-error{color:#8a1c12;margin-top:4px;font-size:.9rem}
  .qr svg{width:200px;height:200px;display:block;margin:0 auto 12px} code{word-break:break-all}
  .links{margin-top:20px;text-align:center} a{color:#1a5fb4}`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Developer Portal</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export function loginPage(options: {
  action: string;
  email?: string;
  error?: string;
  abortUrl: string;
}): string {
  const error = options.error
    ? `<div class="error" role="alert" id="login-error">${escapeHtml(options.error)}</div>`
    : '';
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p>Sign in to the Developer Portal.</p>
${error}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required autofocus
    value="${escapeHtml(options.email ?? '')}"${options.error ? ' aria-describedby="login-error" aria-invalid="true"' : ''}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">Sign in</button>
</form>
<div class="links"><a href="${escapeHtml(options.abortUrl)}">Cancel and go back</a></div>`,
  );
}

interface FieldOptions {
  name: string;
  label: string;
  type?: string;
  value?: string;
  autocomplete: string;
  error?: string;
  autofocus?: boolean;
  extra?: string;
}

function field(f: FieldOptions): string {
  const errorId = `${f.name}-error`;
  const error = f.error ? `<div class="field-error" id="${errorId}">${escapeHtml(f.error)}</div>` : '';
  return `<label for="${f.name}">${escapeHtml(f.label)}</label>
  <input id="${f.name}" name="${f.name}" type="${f.type ?? 'text'}" autocomplete="${f.autocomplete}" required${f.autofocus ? ' autofocus' : ''}${
    f.value !== undefined ? ` value="${escapeHtml(f.value)}"` : ''
  }${f.error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''}${f.extra ?? ''}>${error}`;
}

export interface RegistrationValues {
  email?: string;
  givenName?: string;
  familyName?: string;
  company?: string;
  country?: string;
}

export function registrationPage(options: {
  action: string;
  abortUrl: string;
  values?: RegistrationValues;
  errors?: Partial<Record<keyof RegistrationValues | 'password' | 'form', string>>;
}): string {
  const v = options.values ?? {};
  const e = options.errors ?? {};
  const formError = e.form ? `<div class="error" role="alert">${escapeHtml(e.form)}</div>` : '';
  const summary =
    !e.form && Object.keys(e).length
      ? '<div class="error" role="alert">Check the highlighted fields.</div>'
      : '';
  return page(
    'Create account',
    `<h1>Create account</h1>
<p>Register for the Developer Portal. We send you an email to confirm your address.</p>
${formError}${summary}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
  ${field({ name: 'email', label: 'Email', type: 'email', value: v.email, autocomplete: 'email', error: e.email, autofocus: true })}
  ${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', error: e.password, extra: ' minlength="10"' })}
  ${field({ name: 'givenName', label: 'Given name', value: v.givenName, autocomplete: 'given-name', error: e.givenName })}
  ${field({ name: 'familyName', label: 'Family name', value: v.familyName, autocomplete: 'family-name', error: e.familyName })}
  ${field({ name: 'company', label: 'Company', value: v.company, autocomplete: 'organization', error: e.company })}
  ${field({ name: 'country', label: 'Country', value: v.country, autocomplete: 'country-name', error: e.country })}
  <button type="submit">Create account</button>
</form>
<div class="links"><a href="${escapeHtml(options.abortUrl)}">Cancel and go back</a></div>`,
  );
}

export function totpPage(options: {
  action: string;
  abortUrl: string;
  enrolment?: { secret: string; qrSvg: string };
  error?: string;
}): string {
  const error = options.error
    ? `<div class="error" role="alert" id="code-error">${escapeHtml(options.error)}</div>`
    : '';
  const enrol = options.enrolment
    ? `<p>This area needs a second factor. Scan the code with an authenticator app, or enter the key by hand, then type the 6-digit code it shows.</p>
<div class="qr" role="img" aria-label="QR code for your authenticator app">${options.enrolment.qrSvg}</div>
<p>Key: <code id="totp-secret">${escapeHtml(options.enrolment.secret)}</code></p>`
    : '<p>Enter the 6-digit code from your authenticator app.</p>';
  return page(
    'Second factor',
    `<h1>Second factor</h1>
${enrol}
${error}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
  <label for="code">Authentication code</label>
  <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" required autofocus${
    options.error ? ' aria-invalid="true" aria-describedby="code-error"' : ''
  }>
  <button type="submit">Verify</button>
</form>
<div class="links"><a href="${escapeHtml(options.abortUrl)}">Cancel and go back</a></div>`,
  );
}

export function messagePage(
  title: string,
  message: string,
  link = { href: '/', text: 'Back to the portal' },
): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><div class="links"><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></div>`,
  );
}

export const LOGOUT_SCRIPT_PATH = '/oidc/assets/confirm-logout.js';

/** Submitted at once by a same-origin script (no inline script, so a strict CSP holds); the button is the fallback. */
export const LOGOUT_SCRIPT = `(function(){var f=document.getElementById('op.logoutForm');if(!f)return;
var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();})();`;

export function logoutPage(form: string): string {
  return page(
    'Sign out',
    `<h1>Signing out…</h1><p>Signing you out of the Developer Portal.</p>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<script src="${LOGOUT_SCRIPT_PATH}"></script>`,
  );
}
