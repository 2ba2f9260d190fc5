/**
 * Entry of preview.html (served by `npm run dev` only; the production build has index.html alone): the controls,
 * or, inside their frame (`?frame=1`), one screen in the chosen state.
 */
import { createRoot } from 'react-dom/client';
import bundle from 'virtual:content-full';
import config from '../../rules/config.json';
import { Controls } from './controls.tsx';
import { renderFrame } from './frame.tsx';
import { readSelection, type Selection } from './selection.ts';
import '../styles/tokens.css';
import '../styles/app.css';
import './preview.css';

const defaultMarket = config.defaultMarket as keyof typeof config.markets;
const defaults: Selection = {
  screen: bundle.flows[Object.keys(bundle.flows).sort()[0]]?.entry ?? Object.keys(bundle.screens)[0],
  market: defaultMarket,
  portal: config.defaultPortal,
  cobrand: '',
  locale: config.markets[defaultMarket].locales[0],
  state: 'new',
  width: 390,
};

const root = createRoot(document.getElementById('root')!);
const selection = readSelection(window.location.search, defaults);
if (new URLSearchParams(window.location.search).get('frame') === '1') {
  document.body.classList.add('preview-frame');
  void renderFrame(root, selection);
} else {
  root.render(<Controls initial={selection} />);
}
