/**
 * The paragraphs and points of a screen (`options.paragraphKeys`, `options.pointKeys`: message keys), as the message,
 * facts and waiting kinds show them, with the paragraphs' variables.
 */
import { useI18n } from '../i18n/context.tsx';

export function MessageText({
  paragraphKeys = [],
  pointKeys = [],
  args,
}: {
  paragraphKeys?: readonly string[];
  pointKeys?: readonly string[];
  /** The paragraphs' variables (`options.messageArgs`, evaluated). */
  args?: Record<string, string | number>;
}) {
  const { t } = useI18n();
  return (
    <>
      {paragraphKeys.map((key) => (
        <p className="screen__text" key={key}>
          {t(key, args)}
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
