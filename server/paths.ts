import { fileURLToPath } from 'node:url';

/** The repository root (content folders `rules/`, `locales/`, `schemas/` live here). */
export const repoRoot = fileURLToPath(new URL('../', import.meta.url));
