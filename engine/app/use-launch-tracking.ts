/**
 * Tracks what the launch parameters say (rules/services.json launchTracking): opening the app from a resume or
 * a reminder email sends its event once per session, through the engine's analytics (tracking context included).
 */
import { useEffect, useEffectEvent } from 'react';
import type { Engine } from './engine-context.tsx';
import services from '../../rules/services.json' with { type: 'json' };
import { launchEvents } from '../../domain/services/launch.ts';
import type { ServiceRules } from '../../domain/services/types.ts';

const serviceRules: ServiceRules = services;

/** Sends the launch events of the page's query, once. */
export function useLaunchTracking(engine: Engine): void {
  // Once per page load (the launch query is the address the app was opened with): a later engine (a sign-in) does
  // not send the events again.
  const trackLaunch = useEffectEvent(() => {
    const query = Object.fromEntries(new URLSearchParams(window.location.search).entries());
    const { config, ...facts } = engine.environment;
    const context = { environment: { ...facts, ...config }, flags: config.flags ?? {}, query };
    for (const event of launchEvents(query, serviceRules)) engine.track(event, context);
  });
  useEffect(() => trackLaunch(), []);
}
