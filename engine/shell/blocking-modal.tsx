/**
 * A modal that blocks the screen (doc1 §2.7: title, description, optional button to the environment's redirect
 * address). Focus moves into it and stays there; there is nothing behind it to go back to.
 */
import { useEffect, useRef } from 'react';

export function BlockingModal({
  title,
  text,
  button,
}: {
  title: string;
  text: string;
  button?: { href: string; label: string };
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    // Focus stays inside: a screen that finishes loading behind the modal (and focuses its own heading) or a Tab out
    // brings it back to the modal's title.
    const keep = (event: FocusEvent) => {
      if (box.current && event.target instanceof Node && !box.current.contains(event.target)) ref.current?.focus();
    };
    document.addEventListener('focusin', keep);
    return () => document.removeEventListener('focusin', keep);
  }, []);
  return (
    <div
      className="overlay"
      ref={box}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="blocking-title"
      aria-describedby="blocking-text"
    >
      <div className="overlay__card modal">
        <h2 id="blocking-title" className="overlay__title" tabIndex={-1} ref={ref}>
          {title}
        </h2>
        <p id="blocking-text" className="overlay__subtitle">
          {text}
        </p>
        {button ? (
          <p className="actions">
            <a className="button button--primary" href={button.href}>
              {button.label}
            </a>
          </p>
        ) : null}
      </div>
    </div>
  );
}
