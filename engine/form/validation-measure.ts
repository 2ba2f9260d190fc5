/**
 * The User Timing measure a form records around each submit's validation (engine/form/error-summary.tsx), shown in a
 * browser's performance panel. `npm run bench` reads it, and its two reference forms record the same one.
 */
export const validationMeasure = 'onboarding:validation';
