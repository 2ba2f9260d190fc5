/**
 * The precompiled validators of one form screen (virtual:validators/<screenId>) with the rules of the formats they
 * name, loaded with the screen instead of every form's validators and every format in the form chunk. `screenValidators` starts the load once per screen and hands back the
 * same promise each time; the form kind of the registry (engine/screens/registry.ts) waits for it and the form chunk
 * together, so the two download side by side.
 */
import { loaders } from 'virtual:validators';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { FormatRule } from '../validation/compile.ts';
import { loadOnce, type Tracked } from '../state/load-once.ts';

/** A screen's validators and the rules of the formats they name (for the error messages: engine/form/validator.ts). */
export interface ScreenValidators {
  functions: ValidatorFunctions;
  formatRules: Record<string, FormatRule>;
}

const loads = new Map<string, Tracked<ScreenValidators>>();

/** A form screen's validators, loaded once (a failed download is tried again once shown: state/load-once.ts). */
export function screenValidators(screenId: string): Promise<ScreenValidators> {
  const loader = loaders[screenId];
  return loadOnce(loads, screenId, () =>
    loader
      ? loader().then((module) => ({ functions: module.default, formatRules: module.formatRules }))
      : Promise.resolve({ functions: {}, formatRules: {} }),
  );
}
