/**
 * The entry starts the engine once a drawn page is on screen (engine/app/after-first-paint.ts): at the first
 * contentful paint the browser reports, after the next frame where there is no paint timing, at once on a hidden
 * page, after three seconds at most.
 */
import { afterFirstPaint } from '../../../engine/app/after-first-paint.ts';

/** A PerformanceObserver stand-in that supports `paint` and lets the test report entries. */
function paintTiming() {
  const observers: Array<{
    callback: (list: { getEntries(): Array<{ name: string }> }) => void;
    disconnected: boolean;
    observed?: unknown;
  }> = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'resource'];
    private readonly entry: (typeof observers)[number];
    constructor(callback: (typeof observers)[number]['callback']) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe(options: unknown) {
      this.entry.observed = options;
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    observers,
    report: (...names: string[]) => {
      for (const observer of observers)
        if (!observer.disconnected) observer.callback({ getEntries: () => names.map((name) => ({ name })) });
    },
  };
}

/** A page that is visible (or hidden), as `document.visibilityState` says. */
function visibility(state: 'visible' | 'hidden') {
  vi.stubGlobal('document', { visibilityState: state });
}

beforeEach(() => {
  vi.useFakeTimers();
  visibility('visible');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterFirstPaint', () => {
  it('runs the work once, at the first contentful paint, and not at a first paint without content', () => {
    const timing = paintTiming();
    const work = vi.fn();
    afterFirstPaint(work);
    expect(timing.observers[0].observed).toEqual({ type: 'paint', buffered: true });
    timing.report('first-paint');
    expect(work).not.toHaveBeenCalled();
    timing.report('first-contentful-paint');
    expect(work).toHaveBeenCalledTimes(1);
    expect(timing.observers[0].disconnected).toBe(true);
    vi.advanceTimersByTime(5000);
    timing.report('first-contentful-paint');
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs it at once on a hidden page, which paints nothing', () => {
    const timing = paintTiming();
    visibility('hidden');
    const work = vi.fn();
    afterFirstPaint(work);
    expect(work).toHaveBeenCalledTimes(1);
    expect(timing.observers).toHaveLength(0);
  });

  it('runs it after three seconds on a visible page that reports no paint, and only once', () => {
    const timing = paintTiming();
    const work = vi.fn();
    afterFirstPaint(work);
    vi.advanceTimersByTime(2999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    timing.report('first-contentful-paint');
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs it after the next frame in a browser without paint timing', () => {
    let frame: (() => void) | undefined;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['resource'];
      },
    );
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
      frame = callback;
      return 1;
    });
    const work = vi.fn();
    afterFirstPaint(work);
    vi.advanceTimersByTime(10);
    expect(work).not.toHaveBeenCalled();
    frame?.();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
