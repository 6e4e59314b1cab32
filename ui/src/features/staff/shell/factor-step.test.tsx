import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffSession } from '@/lib/staff-types';
import { jsonResponse } from '@/lib/test-fetch';
import { FactorStep } from './factor-step';

const GIVE: StaffSession = {
  email: 'asha@corp.example',
  name: 'Asha',
  csrf_token: 't',
  must_change_password: false,
  roles: ['owner'],
  areas: ['team'],
  second_factor: 'give',
  second_factor_ways: ['code'],
};

function renderStep(session = GIVE) {
  const onSignedIn = vi.fn();
  const onGone = vi.fn();
  render(<FactorStep session={session} onSignedIn={onSignedIn} onGone={onGone} onSignOut={vi.fn()} />);
  return { onSignedIn, onGone };
}

describe('the second factor step of sign-in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts at its title, with a code field fit for app and recovery codes', () => {
    renderStep();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Second factor' }));
    const field = screen.getByLabelText('Code from your authenticator app or a recovery code');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('text');
    expect(field.getAttribute('type')).toBe('text');
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });

  it('sends the pasted code and goes on with the session', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, { ...GIVE, second_factor: 'done' }));
    vi.stubGlobal('fetch', fetchMock);
    const { onSignedIn } = renderStep();
    fireEvent.input(screen.getByLabelText(/^Code from/), { target: { value: ' 123 456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ second_factor: 'done' })),
    );
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ code: '123 456' });
  });

  it('shows a wrong code’s message under the field', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        jsonResponse(422, {
          message: 'Please check the code.',
          errors: { code: 'This code is not right, or it was already used.' },
        }),
      ),
    );
    renderStep();
    const field = screen.getByLabelText(/^Code from/);
    fireEvent.input(field, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('This code is not right, or it was already used.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe('factor-code-error');
  });

  it('shows the wait when throttled, and starts again when the sign-in expired', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const wait = 'Too many tries. Please wait 15 minutes and try again.';
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(jsonResponse(429, { message: wait }))
        .mockResolvedValueOnce(jsonResponse(401, { message: 'Please sign in to continue.' })),
    );
    const { onGone } = renderStep();
    fireEvent.input(screen.getByLabelText(/^Code from/), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(wait);
    fireEvent.input(screen.getByLabelText(/^Code from/), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(onGone).toHaveBeenCalledWith('Your sign-in has expired. Please sign in again.'),
    );
  });

  it('offers a passkey when the account has one and the browser can', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    renderStep({ ...GIVE, second_factor_ways: ['code', 'passkey'] });
    expect(await screen.findByRole('button', { name: 'Use a passkey' })).toBeTruthy();
  });

  it('asks for a recovery code when the account has passkeys but no app', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    renderStep({ ...GIVE, second_factor_ways: ['passkey'] });
    expect(screen.getByLabelText('Recovery code')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Use a passkey' })).toBeTruthy();
  });
});
