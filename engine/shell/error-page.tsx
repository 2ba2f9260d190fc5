import { useLayoutEffect } from 'react';
import { endPrerender } from '../app/prerender.ts';

/** A whole-page error with an optional link (generic error, config failure, incorrect URL, unsupported market). */
export function ErrorPage({
  title,
  text,
  link,
}: {
  title: string;
  text: string;
  link?: { href: string; label: string };
}) {
  // The page shows this instead of the screen the server drew first (app/prerender.ts).
  useLayoutEffect(endPrerender, []);
  return (
    <section className="screen screen--error" aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen__title" tabIndex={-1}>
        {title}
      </h1>
      <p className="screen__text">{text}</p>
      {link ? (
        <p>
          <a className="button button--secondary" href={link.href}>
            {link.label}
          </a>
        </p>
      ) : null}
    </section>
  );
}
