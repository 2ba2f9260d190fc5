/**
 * The precompiled validators of one form screen (virtual:validators/<screenId>), loaded with the screen instead of
 * every form's validators in the form chunk. `screenValidators` starts the load once per screen and hands back the
 * same promise each time; the form kind of the registry (engine/screens/registry.ts) waits for it and the form chunk
 * together, so the two download side by side.
 */
import { loaders } from 'virtual:validators';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

const loads = new Map<string, Promise<ValidatorFunctions>>();

export function screenValidators(screenId: string): Promise<ValidatorFunctions> {
  let load = loads.get(screenId);
  if (!load) {
    const loader = loaders[screenId];
    const started = loader ? loader().then((module) => module.default) : Promise.resolve({});
    // A failed download (a network blip) is tried again the next time the screen is shown.
    started.catch(() => loads.delete(screenId));
    loads.set(screenId, started);
    load = started;
  }
  return load;
}
