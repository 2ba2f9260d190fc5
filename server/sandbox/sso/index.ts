/** The sign-on sandbox: a local identity provider, its pages and routes. */
export { sandboxIdentityProvider } from './provider.ts';
export type { Identity, IdentityProvider } from './provider.ts';
export { ssoRoutes } from './routes.ts';
export type { SsoRouteOptions } from './routes.ts';
export { safeReturnPath } from './safe-path.ts';
