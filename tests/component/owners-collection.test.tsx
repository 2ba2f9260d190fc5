/**
 * The collection kind (engine/screens/collection-screen.tsx) through the real owners list content (flows/owners):
 * numbered cards with their labels, per-card actions, the incomplete-owner rule, delete with confirmation, and the
 * skip-partners confirmation with its variant that deletes the partners entered.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, fakeApi, renderScreen, usEnvironment } from './render-screen.tsx';
import { itemArguments, visibleItems } from '../../engine/screens/collection-screen.tsx';

const owner = (n: number, status: string, extra: Record<string, unknown> = {}) => ({
  id: `urn:owner:${n}`,
  type: 'OWNER',
  firstName: `Sam${'abcd'[n]}`,
  lastName: 'Lee',
  email: `p${n}@example.com`,
  status,
  ...extra,
});

function documentWith(
  owners: unknown[],
  stepUps = [{ type: 'BO_INFO', status: 'REQUIRED' }],
  boStatus = 'WAITING_FOR_INFO',
) {
  return {
    application: {
      id: applicationId,
      decision: 'APPROVED_PENDING',
      boStatus,
      stepUpDetails: stepUps,
      apiVersion: 'V2',
    },
    applicant: { email: { emailAddress: 'applicant@example.com' } },
    company: {},
    owners,
    bank: {},
    order: {},
  };
}

describe('the collection kind on the owners list', () => {
  it('numbers the partners (owners of type OWNER only) and labels each card by its status', async () => {
    fakeApi(
      documentWith([
        { id: 'urn:owner:me', type: 'APPLICANT_OWNER', firstName: 'Ann', lastName: 'Lee' },
        owner(1, 'REQUEST_TO_BE_SENT'),
        owner(2, 'COMPLETED'),
      ]),
    );
    await renderScreen(`/${applicationId}/owners`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your business partners' })).toBeInTheDocument();
    // The partners' cards in the main area (the footer has lists of its own).
    const cards = within(screen.getByRole('main')).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { level: 2, name: 'Partner 1' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Samb Lee')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Request to be sent')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Completed')).toBeInTheDocument();
    // A completed partner cannot be edited or deleted from the list.
    expect(within(cards[1]!).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add another partner' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Send invitations' })).toBeEnabled();
  });

  it('owners are added only where the flags allow (doc1 §6, rules/services.json ownersAllowed): not by an impersonating agent, unless for a partner', async () => {
    const withFlags = (flags: Record<string, boolean>) => {
      const environment = usEnvironment();
      return { ...environment, config: { ...environment.config, flags } };
    };
    fakeApi(documentWith([owner(1, 'REQUEST_TO_BE_SENT')]));
    const first = await renderScreen(`/${applicationId}/owners`, { environment: withFlags({ impersonation: true }) });
    await screen.findByRole('heading', { level: 1, name: 'Your business partners' });
    expect(screen.queryByRole('button', { name: /Add (a|another) partner/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send invitations' })).toBeEnabled();
    first.unmount();
    fakeApi(documentWith([owner(1, 'REQUEST_TO_BE_SENT')]));
    await renderScreen(`/${applicationId}/owners`, {
      environment: withFlags({ impersonation: true, isPartner: true }),
    });
    expect(await screen.findByRole('button', { name: 'Add another partner' })).toBeEnabled();
  });

  it('an incomplete partner blocks adding more and sending, and the notice says why', async () => {
    fakeApi(documentWith([owner(1, 'INCOMPLETE')]));
    await renderScreen(`/${applicationId}/owners`);
    expect(
      await screen.findByText(
        'A partner’s details are incomplete. Complete or delete that partner before you add another one.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Incomplete')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add (a|another) partner/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send invitations' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Complete details' })).toBeInTheDocument();
  });

  it('delete asks first; cancelling changes nothing, confirming deletes that partner', async () => {
    const user = userEvent.setup();
    const api = fakeApi(documentWith([owner(1, 'REQUEST_TO_BE_SENT'), owner(2, 'REQUEST_TO_BE_SENT')]), (method) =>
      method === 'DELETE' ? { status: 200, body: documentWith([owner(1, 'REQUEST_TO_BE_SENT')]) } : undefined,
    );
    await renderScreen(`/${applicationId}/owners`);
    const second = (await within(await screen.findByRole('main')).findAllByRole('listitem'))[1]!;
    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this partner?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep partner' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete partner' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
        `/api/v2/applications/${applicationId}/owners/urn:owner:2`,
      ]),
    );
    await waitFor(() => expect(within(screen.getByRole('main')).getAllByRole('listitem')).toHaveLength(1));
  });

  it('skipping asks to confirm being the sole owner; with partners entered the confirmation says they will be deleted', async () => {
    const user = userEvent.setup();
    fakeApi(documentWith([]));
    const first = await renderScreen(`/${applicationId}/owners`);
    await user.click(await screen.findByRole('button', { name: 'I’m the only owner' }));
    expect(await screen.findByRole('dialog', { name: 'No other partners?' })).toBeInTheDocument();
    first.unmount();

    const api = fakeApi(documentWith([owner(1, 'REQUEST_TO_BE_SENT')]), (method, url) =>
      url.endsWith('/step-ups/beneficial-owners') ? { status: 200, body: documentWith([], [], 'NONE') } : undefined,
    );
    await renderScreen(`/${applicationId}/owners`);
    await user.click(await screen.findByRole('button', { name: 'I’m the only owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the partners you entered?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete partners, I’m the sole owner' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.url.endsWith('/step-ups/beneficial-owners'))?.body).toEqual({ owners: [] }),
    );
  });

  it('item conditions see the item and its index; arguments carry the position from 1 and the text fields', () => {
    const options = { items: { var: 'list' }, itemWhen: { '!=': [{ var: 'item.hidden' }, true] }, itemTitleKey: 'x' };
    const shown = visibleItems(options, { list: [{ name: 'a' }, { name: 'b', hidden: true }, { name: 'c' }] });
    expect(shown.map((s) => [s.item.name, s.index])).toEqual([
      ['a', 0],
      ['c', 2],
    ]);
    expect(visibleItems(options, { list: 'not a list' })).toEqual([]);
    expect(itemArguments({ name: 'c', share: 30, nested: { x: 1 } }, 2)).toEqual({ number: 2, name: 'c', share: 30 });
  });
});
