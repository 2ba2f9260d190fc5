/**
 * doc1 §4.1, doc2 §7: 'When on, a notification is sent on page unload' (POST /api/v2/applications/{id}/notification,
 * a beacon), and the flag is on only at FULL level with a PENDING decision, or APPROVED_PENDING / DECLINED_PENDING
 * with step-ups that are more than one or a single one other than BO_VERIFICATION (issue 28 item 11).
 */
import { screen } from '@testing-library/react';
import { applicationId, fakeApi, renderScreen } from './render-screen.tsx';

function opened(application: Record<string, unknown>) {
  fakeApi({ application: { id: applicationId, applicationLevel: 'FULL', ...application }, applicant: {}, company: {} });
  const sent: string[] = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string) => (sent.push(url), true),
  });
  return sent;
}

describe('the exit notification on page unload (doc1 §4.1)', () => {
  it('is sent when the page is hidden with a FULL, PENDING application', async () => {
    const sent = opened({ decision: 'PENDING', stepUpDetails: [] });
    await renderScreen(`/${applicationId}/success`);
    await screen.findByRole('heading', { level: 1 });
    expect(sent).toEqual([]);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([`/api/v2/applications/${applicationId}/notification`]);
  });

  it('is sent for APPROVED_PENDING with a step-up other than BO_VERIFICATION', async () => {
    const sent = opened({ decision: 'APPROVED_PENDING', stepUpDetails: [{ type: 'GOV_ID_SELFIE' }] });
    await renderScreen(`/${applicationId}/identification`);
    await screen.findByRole('heading', { level: 1 });
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([`/api/v2/applications/${applicationId}/notification`]);
  });

  it('is not sent when only BO_VERIFICATION is left, when approved, or at BASIC level', async () => {
    for (const application of [
      { decision: 'APPROVED_PENDING', stepUpDetails: [{ type: 'BO_VERIFICATION' }] },
      { decision: 'APPROVED', stepUpDetails: [] },
      { decision: 'PENDING', stepUpDetails: [{ type: 'OTP_SMS' }], applicationLevel: 'BASIC' },
    ]) {
      const sent = opened(application);
      const { unmount } = await renderScreen(`/${applicationId}/success`);
      await screen.findByRole('heading', { level: 1 });
      window.dispatchEvent(new Event('pagehide'));
      expect(sent, JSON.stringify(application)).toEqual([]);
      unmount();
    }
  });
});
