/** The shape of one benchmark run's results (written as JSON next to the Markdown report). */
import type { ApiFigure, GetRound, JourneyFigure } from './api.ts';
import type { GrowthResults } from './growth.ts';
import type { Timing } from './interaction.ts';
import type { ShippedJs } from './js-size.ts';
import type { LighthouseResult } from './lighthouse.ts';

export type Target = 'app' | 'hand-written' | 'rjsf-runtime';

export interface BenchResults {
  startedAt: string;
  machine: Record<string, string>;
  screens: { applicant: string; largest: string; landing: string; category: string };
  js?: {
    app: { landing: ShippedJs; applicant: ShippedJs };
    'hand-written': { applicant: ShippedJs };
    'rjsf-runtime': { applicant: ShippedJs };
    /** The chosen libraries alone (scripts/bench/references/libraries): the least such a page can ship. */
    libraries: { landing: ShippedJs; applicant: ShippedJs };
  };
  buildCheck?: { ok: boolean; message: string };
  interaction?: Record<Target, { keystroke: Timing; validation: Timing }>;
  lighthouse?: Record<string, LighthouseResult>;
  /** The hand-written reference's applicant page under the same audit: what this machine scores for a minimal page. */
  lighthouseReference?: LighthouseResult;
  api?: {
    connections: number;
    duration: number;
    bare: ApiFigure;
    storages: Record<string, Record<string, ApiFigure>>;
    /** Per storage: the GET and the bare route measured in turns (api.ts benchGetAgainstBare). */
    getRounds: Record<string, GetRound[]>;
    roundSeconds: number;
  };
  /** Whole applicant journeys by concurrent applicants, per storage (api.ts benchJourneys), and the bare route's req/s. */
  journeys?: { storages: Record<string, JourneyFigure>; bareRequestsPerSecond: number };
  /** How content check, build and precompiled validators grow with content five times larger (growth.ts). */
  growth?: GrowthResults;
  errors: string[];
}
