/**
 * Launch parameters resumeEmail and reminderEmail (doc1 §3, doc2 §7 Other; rules/services.json launchTracking): an
 * app opened from a resume or a reminder email sends its open event through the real app's analytics, once per
 * session, and nothing when the parameter is absent. The hook reads the address the page was opened with.
 */
import { screen } from '@testing-library/react';
import { applicationId, fakeApi, renderScreen } from './render-screen.tsx';

vi.setConfig({ testTimeout: 20_000 });

const document = {
  application: { id: applicationId, intent: 'CREATE_BUSINESS' },
  applicant: {},
  company: {},
  owners: [],
};

/** Sinks that record what is posted, sharing one session's `sent` set. */
function sinks(sent = new Set<string>()) {
  const posted: Array<{ type: string; params: Record<string, unknown> }> = [];
  return {
    posted,
    sinks: {
      push: () => {},
      post: (body: { type: string; params: Record<string, unknown> }) => posted.push(body),
      sent,
    },
  };
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('launch tracking', () => {
  it('sends resume_email_opened and reminder_email_opened when the app is opened with those parameters', async () => {
    fakeApi(document);
    window.history.replaceState(null, '', '/?resumeEmail=r-1&reminderEmail=m-2');
    const { posted, sinks: s } = sinks();
    await renderScreen(`/${applicationId}/breather`, { sinks: s });
    await screen.findByRole('heading', { level: 1 });
    const types = posted.map((event) => event.type);
    expect(types.filter((type) => type === 'resume_email_opened')).toHaveLength(1);
    expect(types.filter((type) => type === 'reminder_email_opened')).toHaveLength(1);
  });

  it('sends only the event of the parameter present, and each once per session', async () => {
    fakeApi(document);
    window.history.replaceState(null, '', '/?reminderEmail=m-2');
    const session = new Set<string>();
    const first = sinks(session);
    const view = await renderScreen(`/${applicationId}/breather`, { sinks: first.sinks });
    await screen.findByRole('heading', { level: 1 });
    expect(first.posted.map((event) => event.type)).toContain('reminder_email_opened');
    expect(first.posted.map((event) => event.type)).not.toContain('resume_email_opened');
    view.unmount();
    const second = sinks(session);
    await renderScreen(`/${applicationId}/breather`, { sinks: second.sinks });
    await screen.findByRole('heading', { level: 1 });
    expect(second.posted.map((event) => event.type)).not.toContain('reminder_email_opened');
  });

  it('sends no open event without the parameters (an empty value counts as absent)', async () => {
    fakeApi(document);
    window.history.replaceState(null, '', '/?resumeEmail=');
    const { posted, sinks: s } = sinks();
    await renderScreen(`/${applicationId}/breather`, { sinks: s });
    await screen.findByRole('heading', { level: 1 });
    expect(posted.map((event) => event.type).filter((type) => type.endsWith('_email_opened'))).toEqual([]);
  });
});
