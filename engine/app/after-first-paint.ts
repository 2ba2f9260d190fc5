/**
 * Work to run once the page shows its first content: when the browser reports its first contentful paint (a `paint`
 * entry, which comes once the frame is on screen, not merely drawn), else after the next frame in a browser without
 * paint timing. A hidden page paints nothing, so there it runs at once; a visible page that reports no paint runs it
 * after three seconds at the latest.
 *
 * The entry (engine/main.tsx) uses it, and it imports nothing: a module the engine's chunks share with the entry
 * would make each of them list the entry's files as their own, and load its styles a second time.
 */
export function afterFirstPaint(work: () => void): void {
  if (document.visibilityState === 'hidden') {
    work();
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    observer?.disconnect();
    work();
  };
  const fallback = setTimeout(once, 3000);
  const paintTiming =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  const observer = paintTiming
    ? new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) once();
      })
    : undefined;
  if (observer) observer.observe({ type: 'paint', buffered: true });
  else requestAnimationFrame(() => setTimeout(once, 0));
}
