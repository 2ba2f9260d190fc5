/**
 * Benchmark reference: the chosen libraries the app's first screens load, and nothing of the app. The landing page
 * (`?screen=landing`) is React and react-dom, react-router-dom, swr, messageformat and json-logic-js, each used the
 * way the engine uses it so the bundler keeps what the app keeps; the applicant page (`?screen=applicant`) adds
 * rjsf's Form with the precompiled validator (no ajv compiler), loaded as the app loads its form. No content, no
 * messages, no theme, no engine: the least a page built on these libraries can ship, which the size targets are read
 * against (scripts/bench/targets.ts).
 */
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import {
  BrowserRouter,
  Link,
  matchRoutes,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
import useSWR, { SWRConfig } from 'swr';
import { MessageFormat } from 'messageformat';
import jsonLogic from 'json-logic-js';
import type { BenchScreen } from '../../screens.ts';

const Form = lazy(() => import('./form.tsx'));

function Screen({ screen, withForm }: { screen: BenchScreen; withForm: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useParams();
  const [query] = useSearchParams();
  const { data } = useSWR(['reference', location.pathname], async () => ({ steps: 3 }));
  const shown = jsonLogic.apply({ '==': [{ var: 'screen' }, query.get('screen')] }, { screen: query.get('screen') });
  const progress = new MessageFormat('en-US', 'Step {$step} of {$steps}').format({ step: 1, steps: data?.steps ?? 3 });
  const matched = matchRoutes([{ path: '/' }], location)?.length ?? 0;
  return (
    <main>
      <h1>{screen.title}</h1>
      <p>{shown && matched ? progress : ''}</p>
      {withForm ? (
        <Suspense fallback={null}>
          <Form screen={screen} />
        </Suspense>
      ) : (
        <Link to={`/?screen=applicant&from=${params['*'] ?? ''}`} onClick={() => navigate(0)}>
          {screen.submit}
        </Link>
      )}
    </main>
  );
}

async function main() {
  const withForm = new URLSearchParams(location.search).get('screen') === 'applicant';
  const screen = (await import('virtual:bench-screen/applicant')).default as BenchScreen;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <SWRConfig value={{ provider: () => new Map() }}>
        <BrowserRouter>
          <Routes>
            <Route path="*" element={<Screen screen={screen} withForm={withForm} />} />
          </Routes>
        </BrowserRouter>
      </SWRConfig>
    </StrictMode>,
  );
}
void main();
