/**
 * The 'gopay.' service lookup (doc2 §7 Other; rules/services.json gopayLookup, flows/calls.json getService) through
 * the real app: a launch or application service whose id or type starts with 'gopay.' is looked up once, and the
 * answer decides the blocking modal of doc1 §2.7 (rules/shell.json: a 'gopay.' type on V2 without a website id);
 * any other service is not looked up, and an unknown one (404) blocks nothing.
 */
import { screen, waitFor } from '@testing-library/react';
import { applicationId, fakeApi, renderScreen } from './render-screen.tsx';

const doc = {
  application: { id: applicationId, intent: 'CREATE_BUSINESS' },
  applicant: { name: { firstName: 'Ann', lastName: 'Lee' } },
  company: {},
  owners: [],
};
const catalogue: Record<string, object> = {
  'gopay.site-nowebsite': { serviceId: 'gopay.site-nowebsite', serviceType: 'gopay.website', apiVersion: 'V2' },
  'gopay.site-1001': {
    serviceId: 'gopay.site-1001',
    serviceType: 'gopay.website',
    apiVersion: 'V2',
    websiteId: 'my-shop',
  },
  'svc-9': { serviceId: 'svc-9', serviceType: 'gopay.pos', apiVersion: 'V2' },
};

function api(document: Record<string, unknown> = doc) {
  return fakeApi(document, (method, url) => {
    const match = /^\/api\/v2\/services\/([^/?]+)$/.exec(url);
    if (!match) return undefined;
    const found = catalogue[decodeURIComponent(match[1])];
    return found
      ? { status: 200, body: found }
      : {
          status: 404,
          body: {
            error: 'NOT_FOUND',
            details: [
              {
                field: '/params/serviceId',
                key: 'accounts.errors.serviceUnknown',
                description: 'We could not find this service.',
              },
            ],
          },
        };
  });
}
const lookups = (calls: ReturnType<typeof api>) =>
  calls.calls.filter((call) => call.url.startsWith('/api/v2/services/'));

describe("the 'gopay.' service lookup", () => {
  it('a launch service on V2 without a website id: looked up, and the blocking modal shows', async () => {
    const calls = api();
    await renderScreen(`/${applicationId}/update?serviceId=gopay.site-nowebsite`);
    const modal = await screen.findByRole('alertdialog', { name: 'This business can’t continue here' });
    expect(lookups(calls).map((call) => call.url)).toEqual(['/api/v2/services/gopay.site-nowebsite']);
    // Focus stays in the modal, also when the screen behind it focuses its own heading.
    await waitFor(() => expect(document.querySelector('h1')).not.toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'This business can’t continue here' })).toHaveFocus(),
    );
    (document.querySelector('h1') as HTMLElement).focus();
    expect(modal).toContainElement(document.activeElement as HTMLElement);
  });

  it('a service with a website id: looked up, no modal', async () => {
    const calls = api();
    await renderScreen(`/${applicationId}/update?serviceId=gopay.site-1001`);
    await waitFor(() => expect(lookups(calls)).toHaveLength(1));
    await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("the application's service of a 'gopay.' type is looked up by its id, and its answer wins over the application's fields", async () => {
    // The application says nothing about a website; the lookup says V2 without one: the modal.
    const calls = api({ ...doc, application: { ...doc.application, serviceId: 'svc-9', serviceType: 'gopay.pos' } });
    await renderScreen(`/${applicationId}/update`);
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    expect(lookups(calls).map((call) => call.url)).toEqual(['/api/v2/services/svc-9']);
  });

  it('another service is not looked up', async () => {
    const other = api();
    await renderScreen(`/${applicationId}/update?serviceId=svc-plain&serviceType=gd.studio`);
    await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' });
    expect(lookups(other)).toHaveLength(0);
  });

  it('an unknown gopay service (404) blocks nothing and shows no error', async () => {
    const unknown = api();
    await renderScreen(`/${applicationId}/update?serviceId=gopay.unknown`);
    await waitFor(() => expect(lookups(unknown)).toHaveLength(1));
    await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText('We could not find this service.')).toBeNull();
  });
});
