/**
 * One card for every list of things to act on (engine/screens/card-list.tsx): the store switcher's stores and the
 * item list's cash-advance offers render as the same card, a list item labelled by its title or first line, with
 * its lines and its one action, described by that label. And what each kind puts on its cards, including the
 * service-type label of a store (rules/services.json serviceTypeLabels).
 */
import { screen, within } from '@testing-library/react';
import { fakeApi, renderScreen } from './render-screen.tsx';

vi.setConfig({ testTimeout: 20_000 });

const stores = [
  {
    id: 's1',
    applicationId: 'urn:app:0000aaaa-0000-0000-0000-000000000004',
    businessId: 'biz-1',
    name: 'Main Street',
    riskDecision: 'APPROVED',
    attachable: true,
  },
  {
    id: 's3',
    applicationId: 'urn:app:0000aaaa-0000-0000-0000-000000000001',
    businessId: 'biz-1',
    name: 'Airport',
    riskDecision: 'APPROVED',
    attachable: false,
    serviceType: 'gopay.woocommerce',
  },
];
const offers = {
  offers: [
    {
      offerId: 'off_1',
      amountCents: 1_500_000,
      currency: 'USD',
      dailySalesPercent: 10,
      lenderName: 'Northbeam Capital',
      businessName: 'Acme Bakery',
    },
    {
      offerId: 'off_2',
      amountCents: 525_050,
      currency: 'USD',
      dailySalesPercent: 8,
      lenderName: 'Northbeam Capital',
      businessName: 'Acme Bakery',
    },
  ],
};

/** Each card as a user meets it: its accessible name, its lines, and its action's name. */
function cards() {
  return screen.getAllByRole('listitem').filter((item) => item.classList.contains('card'));
}

describe('cards', () => {
  it('the store switcher shows each store as a card titled by its name, with its status and its one button', async () => {
    fakeApi({}, (method, url) =>
      url.startsWith('/api/v2/accounts/biz-1/stores') ? { status: 200, body: stores } : undefined,
    );
    await renderScreen('/accounts/biz-1/stores?serviceId=svc-9&serviceType=website');
    await screen.findByRole('heading', { level: 1, name: 'Choose a store' });
    const [main, airport] = cards();
    expect(main).toHaveAccessibleName('Main Street');
    expect(within(main!).getByRole('heading', { level: 2 })).toHaveTextContent('Main Street');
    expect(within(main!).getByText('Approved: accepts online and in-person payments')).toHaveClass(
      'card__line--status',
    );
    expect(within(main!).getByRole('button', { name: 'Connect profile' })).toHaveAccessibleDescription('Main Street');
    expect(airport).toHaveAccessibleName('Airport');
    expect(
      within(airport!).getByText('This store already has a service of this kind and can’t be connected.'),
    ).toHaveClass('card__line--note');
    expect(within(airport!).queryByRole('button')).toBeNull();
    // The service-type label of rules/services.json (doc2 §9: name patterns): only a store with a service shows one.
    expect(within(airport!).getByText('Connected service: Woo')).toHaveClass('card__line--status');
    expect(within(main!).queryByText(/Connected service/)).toBeNull();
  });

  it("labels a store's service type from the name patterns, in French for fr-CA", async () => {
    const labelled = [
      { ...stores[0]!, serviceType: 'gopay.mobile-payments' },
      { ...stores[1]!, serviceType: 'unknown.kind' },
    ];
    fakeApi({}, (method, url) =>
      url.startsWith('/api/v2/accounts/biz-1/stores') ? { status: 200, body: labelled } : undefined,
    );
    await renderScreen('/accounts/biz-1/stores', { locale: 'fr-CA' });
    await screen.findByRole('heading', { level: 1 });
    const [main, airport] = cards();
    expect(within(main!).getByText('Service connecté : Paiements mobiles')).toBeInTheDocument();
    expect(within(airport!).getByText('Service connecté : Autre')).toBeInTheDocument();
  });

  it('the item list shows each offer as the same card, labelled by its text, with its link', async () => {
    fakeApi({}, (method, url) =>
      url.startsWith('/api/v2/cash-advance-offers') ? { status: 200, body: offers } : undefined,
    );
    await renderScreen('/cashadvanceoffers?businessId=biz-1');
    await screen.findByRole('heading', { level: 1, name: 'Cash-advance offers' });
    const [first, second] = cards();
    expect(first).toHaveAccessibleName('Up to $15,000 for Acme Bakery, repaid as 10% of your daily sales');
    expect(second).toHaveAccessibleName('Up to $5,250.50 for Acme Bakery, repaid as 8% of your daily sales');
    const link = within(first!).getByRole('link', {
      name: 'Accept Northbeam Capital’s offer: Up to $15,000 for Acme Bakery, repaid as 10% of your daily sales',
    });
    expect(
      new URL(link.getAttribute('href')!, window.location.origin).pathname +
        new URL(link.getAttribute('href')!, window.location.origin).search,
    ).toBe('/cashadvanceoffers/redirect?offerId=off_1&businessId=biz-1');
    // The same card structure as a store: one list of cards, a text line, the action inside the card.
    expect(first!.parentElement).toHaveClass('cards');
    expect(within(first!).getByText(/Up to \$15,000/)).toHaveClass('card__line');
  });
});
