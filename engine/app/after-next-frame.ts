/**
 * Work that must happen but need not delay what the applicant sees: run it in a task after the next frame is
 * painted (requestAnimationFrame, then a timeout), or after a second when the page paints no frames (a hidden tab).
 * Returns a function that cancels the work if it has not run yet.
 */
export function afterNextFrame(work: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    work();
  };
  const fallback = setTimeout(once, 1000);
  requestAnimationFrame(() => setTimeout(once, 0));
  return () => {
    done = true;
    clearTimeout(fallback);
  };
}
