/**
 * The User Timing mark set when the engine starts (engine/app/start.tsx), shown in a browser's performance panel. The
 * e2e suite checks that on a page the server drew it comes after the first contentful paint (engine/main.tsx).
 */
export const engineStartMark = 'onboarding:engine-start';
