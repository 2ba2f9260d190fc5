/**
 * Server-rendered sign-on pages. Accessible by construction: every input has a label and an autocomplete
 * token, errors are listed in a focusable summary that links to each field and are tied to their field by
 * aria-describedby. No inline script or style, so the strict CSP holds; the stylesheet is /sso/assets/sso.css.
 */
import type { Translator } from '../../i18n/index.ts';
import { html, type Html } from './html.ts';
import { pageShell } from '../page.ts';

/** A problem with one form field. */
export interface FieldError {
  field: 'email' | 'password' | 'confirmPassword' | 'csrf';
  key: string;
  args?: Record<string, string | number>;
}

/** The smallest password the sandbox accepts. */
export const minPasswordLength = 10;

interface FieldSpec {
  name: FieldError['field'];
  type: 'email' | 'password';
  autocomplete: string;
  value?: string;
  helpKey?: string;
}

function field(t: Translator, spec: FieldSpec, errors: FieldError[]): Html {
  const error = errors.find((e) => e.field === spec.name);
  const described = [spec.helpKey ? `${spec.name}-help` : '', error ? `${spec.name}-error` : '']
    .filter(Boolean)
    .join(' ');
  return html`<div class="field${error ? ' field--error' : ''}">
  <label for="${spec.name}">${t.t(`sso.field.${spec.name}.label`)}</label>
  ${spec.helpKey ? html`<p class="help" id="${spec.name}-help">${t.t(spec.helpKey, { minLength: minPasswordLength })}</p>` : ''}
  ${error ? html`<p class="field-error" id="${spec.name}-error">${t.t(error.key, error.args)}</p>` : ''}
  <input id="${spec.name}" name="${spec.name}" type="${spec.type}" autocomplete="${spec.autocomplete}" required${
    spec.value !== undefined ? html` value="${spec.value}"` : ''
  }${described ? html` aria-describedby="${described}"` : ''}${error ? html` aria-invalid="true"` : ''}>
</div>`;
}

function summary(t: Translator, errors: FieldError[]): Html | '' {
  if (errors.length === 0) return '';
  return html`<div class="error-summary" role="alert" tabindex="-1" aria-labelledby="error-summary-title">
  <h2 id="error-summary-title">${t.t('sso.errors.summaryTitle')}</h2>
  <ul>${errors.map((e) => html`<li><a href="#${e.field === 'csrf' ? 'email' : e.field}">${t.t(e.key, e.args)}</a></li>`)}</ul>
</div>`;
}

/** Why the person is asked to sign in (issue 27.3: a partner's invitation names the business). */
function reasonOf(reason: string | undefined): Html | '' {
  return reason
    ? html`
<p class="sso-reason">${reason}</p>`
    : '';
}

function page(t: Translator, titleKey: string, hasErrors: boolean, body: Html): string {
  const title = t.t(titleKey);
  const documentTitle = hasErrors ? `${t.t('sso.errors.titlePrefix')} ${title}` : title;
  return pageShell(
    t,
    { title, documentTitle, stylesheet: '/sso/assets/sso.css', mainClass: 'sso', notice: t.t('sso.sandboxNotice') },
    body,
  );
}

/** The sign-in page. */
export function loginPage(
  t: Translator,
  input: { path: string; csrf: string; email?: string; errors?: FieldError[]; reason?: string },
): string {
  const errors = input.errors ?? [];
  const registerHref = `/sso/register?path=${encodeURIComponent(input.path)}`;
  return page(
    t,
    'sso.login.title',
    errors.length > 0,
    html`${summary(t, errors)}${reasonOf(input.reason)}
<form method="post" action="/sso/login" novalidate>
<input type="hidden" name="csrf" value="${input.csrf}">
<input type="hidden" name="path" value="${input.path}">
${field(t, { name: 'email', type: 'email', autocomplete: 'username', value: input.email ?? '' }, errors)}
${field(t, { name: 'password', type: 'password', autocomplete: 'current-password' }, errors)}
<button type="submit">${t.t('sso.login.submit')}</button>
</form>
<p><a href="${registerHref}">${t.t('sso.login.noAccount')}</a></p>`,
  );
}

/** The account creation page (doc1 §6: reached with realm and app parameters and an optional path). */
export function registerPage(
  t: Translator,
  input: {
    path: string;
    csrf: string;
    realm: string;
    app: string;
    email?: string;
    errors?: FieldError[];
    reason?: string;
  },
): string {
  const errors = input.errors ?? [];
  const loginHref = `/sso/login?path=${encodeURIComponent(input.path)}`;
  return page(
    t,
    'sso.register.title',
    errors.length > 0,
    html`${summary(t, errors)}${reasonOf(input.reason)}
<form method="post" action="/sso/register" novalidate>
<input type="hidden" name="csrf" value="${input.csrf}">
<input type="hidden" name="path" value="${input.path}">
<input type="hidden" name="realm" value="${input.realm}">
<input type="hidden" name="app" value="${input.app}">
${field(t, { name: 'email', type: 'email', autocomplete: 'email', value: input.email ?? '' }, errors)}
${field(t, { name: 'password', type: 'password', autocomplete: 'new-password', helpKey: 'sso.field.password.help' }, errors)}
${field(t, { name: 'confirmPassword', type: 'password', autocomplete: 'new-password' }, errors)}
<button type="submit">${t.t('sso.register.submit')}</button>
</form>
<p><a href="${loginHref}">${t.t('sso.register.haveAccount')}</a></p>`,
  );
}

/**
 * What every registration that passed the form's checks answers (issue 23), new address or taken: check your email.
 * With the sandbox on, a link to its outbox, where this browser reads what its registration sent.
 */
export function checkEmailPage(t: Translator, input: { path: string; outbox: boolean }): string {
  const loginHref = `/sso/login?path=${encodeURIComponent(input.path)}`;
  return page(
    t,
    'sso.checkEmail.title',
    false,
    html`<p>${t.t('sso.checkEmail.lead')}</p>
<p>${t.t('sso.checkEmail.expiry')}</p>
${input.outbox ? html`<p><a href="/sandbox/outbox">${t.t('sso.checkEmail.outbox')}</a></p>` : ''}
<p><a href="${loginHref}">${t.t('sso.checkEmail.signIn')}</a></p>`,
  );
}

/** A confirmation link that is unknown, used, expired, or for an address that got an account since. */
export function confirmFailedPage(t: Translator, input: { path: string }): string {
  const loginHref = `/sso/login?path=${encodeURIComponent(input.path)}`;
  const registerHref = `/sso/register?path=${encodeURIComponent(input.path)}`;
  return page(
    t,
    'sso.confirmFailed.title',
    false,
    html`<p>${t.t('sso.confirmFailed.lead')}</p>
<p><a href="${loginHref}">${t.t('sso.confirmFailed.signIn')}</a></p>
<p><a href="${registerHref}">${t.t('sso.confirmFailed.register')}</a></p>`,
  );
}
