/**
 * Benchmark reference: the same screen as a plain rjsf form with the runtime ajv validator (which compiles with
 * `Function`, so it cannot run under the app's CSP) and rjsf's default theme. `?screen=applicant|largest`.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import Form from '@rjsf/core';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { formats } from '../../../../engine/validation/formats.ts';
import { validationMeasure } from '../../../../engine/form/validation-measure.ts';
import type { BenchScreen } from '../../screens.ts';

/** rjsf's Form with its validation timed by the same User Timing measure as the app's (its submit calls `validate`). */
class TimedForm extends Form {
  override validate(...args: Parameters<Form['validate']>): ReturnType<Form['validate']> {
    const started = performance.now();
    const result = super.validate(...args);
    performance.measure(validationMeasure, { start: started });
    return result;
  }
}

const validator = customizeValidator({
  customFormats: Object.fromEntries(Object.entries(formats).map(([name, f]) => [name, f.validate])),
});

async function main() {
  const which = new URLSearchParams(location.search).get('screen') === 'largest' ? 'largest' : 'applicant';
  const screen = (
    which === 'largest' ? await import('virtual:bench-screen/largest') : await import('virtual:bench-screen/applicant')
  ).default as BenchScreen;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <main>
        <h1>{screen.title}</h1>
        <TimedForm
          schema={screen.schema}
          uiSchema={screen.uiSchema}
          validator={validator}
          noHtml5Validate
          showErrorList="top"
          focusOnFirstError
        />
      </main>
    </StrictMode>,
  );
}
void main();
