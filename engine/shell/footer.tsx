/**
 * The footer every screen shows (issue 22 defect 9): how to reach support (a phone number and an email address), and
 * the help, privacy and terms links. The contact and the addresses are rules/shell.json `footer`, the words messages.
 * The server draws the same markup before any script runs (engine/screens/frame-markup.ts footerMarkup).
 * `SupportContact` is the same contact as a box an outcome page shows (message screens, `options.supportContact`).
 */
import { useMemo } from 'react';
import { useI18n } from '../i18n/context.tsx';
import { useEngine } from '../app/engine-context.tsx';
import { emailParts, footerTexts, type FooterTexts } from '../screens/frame-markup.ts';
import { Icon } from './icon.tsx';

function useFooterTexts(): FooterTexts | undefined {
  const { bundle } = useEngine();
  const { t } = useI18n();
  const footer = bundle.shell.footer;
  return useMemo(() => (footer ? footerTexts(footer, t) : undefined), [footer, t]);
}

/** The phone and email links of the support contact (the address may break before its `@`, never inside a word). */
function ContactLinks({ texts }: { texts: FooterTexts }) {
  const { local, domain } = emailParts(texts.email);
  return (
    <>
      <a className="footer__contact" href={`tel:${texts.phone}`}>
        <Icon name="phone" />
        {texts.phoneText}
      </a>
      <a className="footer__contact" href={`mailto:${texts.email}`}>
        <Icon name="mail" />
        {local}
        {domain ? (
          <>
            <wbr />
            {domain}
          </>
        ) : null}
      </a>
    </>
  );
}

export function Footer() {
  const texts = useFooterTexts();
  if (!texts) return null;
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__support">
          <p className="footer__lead">{texts.lead}</p>
          <ContactLinks texts={texts} />
        </div>
        <nav className="footer__nav" aria-label={texts.navLabel}>
          <ul className="footer__links">
            {texts.links.map((link) => (
              <li key={link.href}>
                <a className="footer__link" href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}

/** The support contact as an outcome page shows it: a heading, a line, and the phone and email links. */
export function SupportContact() {
  const texts = useFooterTexts();
  const { t } = useI18n();
  if (!texts) return null;
  return (
    <aside className="support-contact" aria-labelledby="support-contact-title">
      <h2 className="support-contact__title" id="support-contact-title">
        {t('shell.support.title')}
      </h2>
      <p className="support-contact__text">{t('shell.support.text')}</p>
      <div className="support-contact__links">
        <ContactLinks texts={texts} />
      </div>
    </aside>
  );
}
