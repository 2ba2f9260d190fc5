/**
 * The paragraphs and points of a screen (`options.paragraphKeys`, `options.pointKeys`: message keys), as the message,
 * facts and waiting kinds show them.
 */
import { useI18n } from '../i18n/context.tsx';

export function MessageText({ paragraphKeys = [], pointKeys = [] }: { paragraphKeys?: readonly string[]; pointKeys?: readonly string[] }) {
  const { t } = useI18n();
  return (
    <>
      {paragraphKeys.map((key) => (
        <p className="screen__text" key={key}>
          {t(key)}
        </p>
      ))}
      {pointKeys.length ? (
        <ul className="points">
          {pointKeys.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
