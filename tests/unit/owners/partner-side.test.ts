/**
 * The partner side of the owners flow as content (flows/owners; doc1 §2.7, §4.2, §6; doc2 §7 Redirects), with plain
 * objects: where the emailed link leads by the owner's step-ups, the addresses of the sign-in and account-creation
 * redirects (realm, app and the path back), and that exactly one skip-partners confirmation exists (the owners list's,
 * with its variant that deletes the partners entered).
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { nextScreen, queryFor } from '../../../engine/flow/transitions.ts';
import { resolveScreen } from '../../../engine/content/resolve.ts';
import { redirectTarget, type RedirectOptions } from '../../../engine/screens/redirect-target.ts';
import type { Screen, TransitionRow } from '../../../engine/content/types.ts';
import { readJson, repoRoot } from '../content/load.ts';
import { expandConditions, type NamedConditions } from '../../../engine/conditions/named.ts';

// Screens as the engine gets them: named conditions (rules/conditions.json) replaced by their definitions.
const named = readJson<{ conditions: NamedConditions }>('rules/conditions.json').conditions;
const screen = (id: string) => expandConditions(readJson<Screen>(`flows/owners/screens/${id}.json`), named) as Screen;
const applicationId = 'urn:app:1a2b3c4d-aaaa-bbbb-cccc-1234567890ab';
const ownerId = 'urn:owner:1a2b3c4d-aaaa-bbbb-cccc-1234567890ab';
const origin = 'https://onboarding.example';

describe('the emailed link routes by the owner-side step-up', () => {
  const next = screen('owner-invitation').next as TransitionRow[];
  const to = (response: unknown) => nextScreen(next, { response }, {});
  it.each([
    [
      { status: 'REQUEST_SENT', stepUpDetails: [{ type: 'FULL_ONBOARDING' }, { type: 'GOV_ID_SELFIE' }] },
      'owner-complete',
    ],
    [{ status: 'REQUEST_SENT', stepUpDetails: [{ type: 'GOV_ID_SELFIE' }] }, 'owner-identification'],
    [{ status: 'COMPLETED', stepUpDetails: [] }, 'owner-success'],
    [{ status: 'REQUEST_SENT' }, 'owner-success'],
  ])('%j goes to %s', (response, expected) => expect(to(response)).toBe(expected));

  it('the complete-owner form goes on to the photo ID, and to it too when the step-up was already answered (409)', () => {
    const complete = screen('owner-complete');
    expect(nextScreen(complete.next as TransitionRow[], {}, {})).toBe('owner-identification');
    expect(nextScreen(complete.onError as TransitionRow[], { error: { status: 409 } }, {})).toBe(
      'owner-identification',
    );
    expect(nextScreen(complete.onError as TransitionRow[], { error: { status: 403 } }, {})).toBe(
      'owner-applicant-error',
    );
  });
});

describe('applicant-error redirects (doc2 §7: sign-on with the path; account creation with realm, app and path)', () => {
  const context = { route: { applicationId, ownerId } };
  const back = encodeURIComponent(`/${applicationId}/owners/${ownerId}`);
  it('sign in again, after signing out, comes back to the partner page', () => {
    const s = screen('owner-sign-in');
    expect((s.options as { call: string }).call).toBe('signOut');
    expect(redirectTarget(s.options as unknown as RedirectOptions, context, origin)).toBe(
      `${origin}/sso/login?path=${back}`,
    );
  });
  it('account creation carries realm and app and comes back to the partner page', () => {
    const s = screen('owner-create-account');
    expect((s.options as { call: string }).call).toBe('signOut');
    const target = new URL(redirectTarget(s.options as unknown as RedirectOptions, context, origin)!);
    expect(target.pathname).toBe('/sso/register');
    expect(target.searchParams.get('realm')).toBe('idp');
    expect(target.searchParams.get('app')).toBe('payments-onboarding');
    expect(target.searchParams.get('path')).toBe(`/${applicationId}/owners/${ownerId}`);
  });
  it('both carry the invitation token on, so the partner’s own sign-in claims the link without the email again', () => {
    const withToken = { ...context, query: { invitation: 'tok-123' } };
    for (const id of ['owner-sign-in', 'owner-create-account']) {
      const target = new URL(redirectTarget(screen(id).options as unknown as RedirectOptions, withToken, origin)!);
      expect(target.searchParams.get('path')).toBe(`/${applicationId}/owners/${ownerId}?invitation=tok-123`);
    }
    // The 403 on the invitation, and each choice on applicant-error, pass the token to the next address.
    const forbidden = (screen('owner-invitation').onError as TransitionRow[]).find(
      (row) => row.to === 'owner-applicant-error',
    );
    expect(queryFor(forbidden, withToken)).toBe('?invitation=tok-123');
    expect(queryFor(forbidden, context)).toBe('');
    for (const action of screen('owner-applicant-error').secondary as Array<{ next: TransitionRow[] }>) {
      expect(queryFor(action.next[0], withToken)).toBe('?invitation=tok-123');
    }
  });
});

describe('final screens of the partner on the reseller portal', () => {
  it('owner-success and owner-email-sent name the reseller only on the reseller portal', () => {
    for (const id of ['owner-success', 'owner-email-sent']) {
      const keys = (portal: string) =>
        (resolveScreen(screen(id), { environment: { portal } }).options as { paragraphKeys: string[] }).paragraphKeys;
      expect(keys('reseller')).toContain('owners.reseller.contact');
      expect(keys('domain')).not.toContain('owners.reseller.contact');
    }
  });
});

describe('one skip-partners confirmation', () => {
  it('no screen of any flow has its own /owners/skip address', () => {
    const flows = readdirSync(resolve(repoRoot, 'flows'), { withFileTypes: true }).filter((d) => d.isDirectory());
    const paths = flows.flatMap((flow) =>
      readdirSync(resolve(repoRoot, 'flows', flow.name, 'screens')).map(
        (file) => readJson<Screen>(`flows/${flow.name}/screens/${file}`).path,
      ),
    );
    expect(paths.filter((p) => /\/owners\/skip$/.test(p))).toEqual([]);
  });

  it("the owners list's skip asks to delete the partners entered when there are some, else to confirm being the sole owner", () => {
    const list = screen('owners') as Screen & {
      options: { actions: Array<{ id: string; confirm?: Array<{ when?: unknown; titleKey: string }> }> };
    };
    const skip = list.options.actions.find((a) => a.id === 'skip')!;
    const pick = (owners: unknown[]) =>
      skip.confirm!.find(
        (c) =>
          c.when === undefined || nextScreen([{ when: c.when, to: 'x' }] as TransitionRow[], { owners }, {}) === 'x',
      )!.titleKey;
    expect(pick([{ type: 'OWNER' }])).toBe('owners.list.skipDelete.title');
    expect(pick([])).toBe('owners.list.skip.title');
    expect(list.actions?.some((a) => a.call === 'confirmSoleOwner')).toBe(true);
  });
});
