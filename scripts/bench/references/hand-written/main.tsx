/**
 * Benchmark reference: the same screen as a hand-written React form (controlled inputs, the project's own
 * format checks, an error summary that takes focus). No rjsf, no ajv. `?screen=applicant|largest`.
 */
import { StrictMode, useRef, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { formats } from '../../../../engine/validation/formats.ts';
import { validationMeasure } from '../../../../engine/form/validation-measure.ts';
import type { BenchScreen } from '../../screens.ts';

function HandWrittenForm({ screen }: { screen: BenchScreen }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Array<{ name: string; message: string }>>([]);
  const summary = useRef<HTMLDivElement>(null);

  const validate = () => {
    const found: Array<{ name: string; message: string }> = [];
    for (const field of screen.fields) {
      const value = values[field.name] ?? '';
      if (!value) {
        if (field.required) found.push({ name: field.name, message: `${field.label}: required` });
        continue;
      }
      if (field.maxLength !== undefined && value.length > field.maxLength)
        found.push({ name: field.name, message: `${field.label}: too long` });
      else if (field.format && formats[field.format] && !formats[field.format].validate(value))
        found.push({ name: field.name, message: `${field.label}: invalid` });
    }
    return found;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const started = performance.now();
    const found = validate();
    performance.measure(validationMeasure, { start: started }); // the same measure as the app's
    setErrors(found);
    if (found.length) requestAnimationFrame(() => summary.current?.focus());
  };

  return (
    <main>
      <h1>{screen.title}</h1>
      <form noValidate onSubmit={onSubmit}>
        {errors.length > 0 && (
          <div role="alert" tabIndex={-1} ref={summary}>
            <ul>
              {errors.map((e) => (
                <li key={e.name}>
                  <a href={`#${e.name}`}>{e.message}</a>
                </li>
              ))}
            </ul>
          </div>
        )}
        {screen.fields.map((field) => (
          <div key={field.name}>
            <label htmlFor={field.name}>{field.label}</label>
            {field.options ? (
              <select
                id={field.name}
                value={values[field.name] ?? ''}
                onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
              >
                <option value="" />
                {field.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={field.name}
                type="text"
                autoComplete={field.autocomplete}
                aria-invalid={errors.some((e) => e.name === field.name) || undefined}
                value={values[field.name] ?? ''}
                onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
              />
            )}
          </div>
        ))}
        <button type="submit">{screen.submit}</button>
      </form>
    </main>
  );
}

async function main() {
  const which = new URLSearchParams(location.search).get('screen') === 'largest' ? 'largest' : 'applicant';
  const screen = (
    which === 'largest' ? await import('virtual:bench-screen/largest') : await import('virtual:bench-screen/applicant')
  ).default as BenchScreen;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <HandWrittenForm screen={screen} />
    </StrictMode>,
  );
}
void main();
