/**
 * Browser entry: the page's styles, then the engine (engine/app/start.tsx: boot, then the shell). Where the server
 * drew the page (the screen's heading, server/http/page-preloads.ts pagePrerender), the engine starts once that
 * drawing is on screen: its scripts, preloaded by the page, are often in before the first frame is shown, and
 * evaluating them first would hold the drawn heading back by their whole run (on a slow phone, hundreds of
 * milliseconds). The page tells the browser as much: it holds its preloads until then (static-front-end.ts
 * deferPreloads) and asks for them at low priority (page-preloads.ts).
 */
import { afterFirstPaint } from './app/after-first-paint.ts';
import './styles/tokens.css';
import './styles/app.css';

const container = document.getElementById('root')!;
const start = () => void import('./app/start.tsx').then((engine) => engine.start(container));
if (container.querySelector(':scope > [data-prerender]'))
  afterFirstPaint(() => {
    // The page's preloads, held back until its first paint (server/static-front-end.ts deferPreloads), start now,
    // beside the engine's own import.
    const held = document.getElementById('page-preloads');
    if (held instanceof HTMLTemplateElement) document.head.append(held.content);
    start();
  });
else start();
