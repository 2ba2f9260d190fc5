/**
 * A screen's kind starts loading as soon as the screen is known, beside its reads (engine/screens/registry.ts
 * prepareKind, called by ScreenHost): for a form, the screen's validators are asked for before the form renders, so a
 * slow read no longer delays the download of the code that draws its answer.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenValidators } from '../../engine/form/screen-validators.ts';
import { applicationId, fakeApi, holdRequest, renderScreen } from './render-screen.tsx';

vi.mock('../../engine/form/screen-validators.ts', { spy: true });

afterEach(() => vi.mocked(screenValidators).mockClear());

describe('a form screen whose read is slow', () => {
  it('asks for its validators while the read is still on its way', async () => {
    fakeApi({ application: { id: applicationId } });
    const release = holdRequest('GET', `/api/v2/applications/${applicationId}`);
    await renderScreen(`/${applicationId}/applicant`);
    await waitFor(() => expect(screenValidators).toHaveBeenCalledWith('applicant-info'));
    // The form has not rendered: its read has not answered.
    expect(screen.queryByRole('textbox')).toBeNull();
    release();
    expect(await screen.findByRole('textbox', { name: /first name/i })).toBeInTheDocument();
  });
});
