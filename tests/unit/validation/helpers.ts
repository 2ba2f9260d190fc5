/** Shared test helpers: the examples fixture and a clock fixed at the fixture's `now`. */
import examples from '../../fixtures/validation-examples.json';
import { createFormatRules } from '../../../engine/validation/index.ts';

export interface FormatExamples {
  valid: string[];
  invalid: Array<{ value: string; key: string }>;
}
export const fixture = examples as { description: string; now: string; formats: Record<string, FormatExamples> };

/** The fixture's "now". */
export const fixedNow = (): Date => new Date(fixture.now);

/** Format rules judged at the fixture's "now". */
export const rulesAtFixtureNow = createFormatRules({ now: fixedNow });
