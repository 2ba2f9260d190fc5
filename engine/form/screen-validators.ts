/**
 * The precompiled validators of one form screen (virtual:validators/<screenId>), loaded with the screen instead of
 * every form's validators in the form chunk. `screenValidators` starts the load once per screen and hands back the
 * same promise each time; the form reads it with React's `use` (inside the screen host's Suspense), and the form
 * kind of the registry starts it before the form chunk arrives, so the two download side by side.
 */
import { loaders } from 'virtual:validators';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

type Tracked = Promise<ValidatorFunctions> & { status?: 'fulfilled'; value?: ValidatorFunctions };

const loads = new Map<string, Tracked>();

export function screenValidators(screenId: string): Promise<ValidatorFunctions> {
  let load = loads.get(screenId);
  if (!load) {
    const loader = loaders[screenId];
    const started: Tracked = loader ? loader().then((module) => module.default) : Promise.resolve({});
    // React's `use` reads these fields: a screen shown again renders at once instead of suspending for a tick.
    void started.then((value) => Object.assign(started, { status: 'fulfilled', value }), () => loads.delete(screenId));
    loads.set(screenId, started);
    load = started;
  }
  return load;
}
