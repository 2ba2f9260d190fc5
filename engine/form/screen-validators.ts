/**
 * The precompiled validators of one form screen (virtual:validators/<screenId>) with the rules of the formats they
 * name, loaded with the screen instead of every form's validators and every format in the form chunk. `screenValidators` starts the load once per screen and hands back the
 * same promise each time; the form kind of the registry (engine/screens/registry.ts) waits for it and the form chunk
 * together, so the two download side by side.
 */
import { loaders } from 'virtual:validators';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { FormatRule } from '../validation/compile.ts';
import { keepFailure } from '../state/load-once.ts';

/** A screen's validators and the rules of the formats they name (for the error messages: engine/form/validator.ts). */
export interface ScreenValidators {
  functions: ValidatorFunctions;
  formatRules: Record<string, FormatRule>;
}

const loads = new Map<string, Promise<ScreenValidators>>();

export function screenValidators(screenId: string): Promise<ScreenValidators> {
  let load = loads.get(screenId);
  if (!load) {
    const loader = loaders[screenId];
    const started = loader
      ? loader().then((module) => ({ functions: module.default, formatRules: module.formatRules }))
      : Promise.resolve({ functions: {}, formatRules: {} });
    // A failed download (a network blip) is tried again the next time the screen is shown.
    started.catch(() => keepFailure(() => loads.delete(screenId)));
    loads.set(screenId, started);
    load = started;
  }
  return load;
}
