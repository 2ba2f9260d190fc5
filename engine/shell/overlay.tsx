/** The overlay loader (doc1 §2.7): a title and a subtitle over the page while a long action runs. */
export function Overlay({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="overlay-title" aria-busy="true">
      <div className="overlay__card">
        <span className="spinner spinner--large" aria-hidden="true" />
        <h2 id="overlay-title" className="overlay__title">
          {title}
        </h2>
        {subtitle ? <p className="overlay__subtitle">{subtitle}</p> : null}
      </div>
    </div>
  );
}
