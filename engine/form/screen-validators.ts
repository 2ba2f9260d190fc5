/**
 * The precompiled validators of one form screen (virtual:validators/<screenId>) with the rules of the formats they
 * name, loaded with the screen instead of every form's validators and every format in the form chunk. Their loader
 * comes in the screen's chunk (engine/app/screen-definition.ts hands it here), which is in before the form shows (the
 * form kind is known from it), so the first page carries no second map of every form screen. Where the screens are
 * whole (the tests, the preview page) no chunk brings it, and the map of them all (virtual:validators, a chunk of its
 * own) is loaded instead. `screenValidators` starts the load once per screen and hands back the same promise each
 * time; the form kind of the registry (engine/screens/registry.ts) waits for it and the form chunk together, so the
 * two download side by side.
 */
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { ValidatorsModule } from 'virtual:validators';
import type { FormatRule } from '../validation/compile.ts';
import { loadOnce, type Tracked } from '../state/load-once.ts';

/** A screen's validators and the rules of the formats they name (for the error messages: engine/form/validator.ts). */
export interface ScreenValidators {
  functions: ValidatorFunctions;
  formatRules: Record<string, FormatRule>;
}

const loads = new Map<string, Tracked<ScreenValidators>>();
const cameWith = new Map<string, () => Promise<ValidatorsModule>>();

/** The loader of a form screen's validators, as its chunk brings it. */
export function validatorsCameWith(screenId: string, loader: () => Promise<ValidatorsModule>): void {
  cameWith.set(screenId, loader);
}

/** A form screen's validators, loaded once (a failed download is tried again once shown: state/load-once.ts). */
export function screenValidators(screenId: string): Promise<ScreenValidators> {
  const load = (): Promise<ValidatorsModule | undefined> =>
    cameWith.get(screenId)?.() ?? import('virtual:validators').then(({ loaders }) => loaders[screenId]?.());
  return loadOnce(loads, screenId, () =>
    load().then((module) =>
      module ? { functions: module.default, formatRules: module.formatRules } : { functions: {}, formatRules: {} },
    ),
  );
}
