import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { askToConfirmWith, confirmed } from './confirm-it';

/** A 403 from the server: the change needs the person to confirm it is them. */
const refusal = () => new ApiError('Please confirm it is you.', 403, {}, true);

describe('a change that asks to confirm it is you', () => {
  afterEach(() => {
    askToConfirmWith(null);
    document.body.innerHTML = '';
  });

  for (const given of [true, false]) {
    it(`gives the focus back to the busy button once it is enabled (${given ? 'confirmed' : 'dismissed'})`, async () => {
      const button = document.createElement('button');
      button.textContent = 'Make new recovery codes';
      document.body.append(button);
      button.focus();
      // The screen disables its button while the change runs; the dialog takes the focus.
      askToConfirmWith(async () => {
        button.blur();
        button.disabled = true;
        return given;
      });
      const change = vi.fn().mockRejectedValueOnce(refusal()).mockResolvedValueOnce('made');
      const outcome = confirmed(change);
      if (given) await expect(outcome).resolves.toBe('made');
      else await expect(outcome).rejects.toBeInstanceOf(ApiError);
      expect(change).toHaveBeenCalledTimes(given ? 2 : 1);
      expect(document.activeElement).not.toBe(button);
      button.disabled = false;
      await vi.waitFor(() => expect(document.activeElement).toBe(button));
    });
  }

  it('leaves the focus where the page put it meanwhile', async () => {
    const button = document.createElement('button');
    const status = document.createElement('p');
    status.tabIndex = -1;
    document.body.append(button, status);
    button.focus();
    askToConfirmWith(async () => {
      button.disabled = true;
      return false;
    });
    await expect(confirmed(() => Promise.reject(refusal()))).rejects.toBeInstanceOf(ApiError);
    status.focus();
    button.disabled = false;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(status);
  });
});
