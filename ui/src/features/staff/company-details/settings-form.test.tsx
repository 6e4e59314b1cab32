import { render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import demo from '@/content/company-details.json';
import type { CompanyDetailsForm } from '@/lib/api-types';
import { settingsApi } from './settings-api';
import { SettingsForm } from './settings-form';

afterEach(() => vi.restoreAllMocks());

describe('the company details screen', () => {
  it('says when the details were last saved and by whom, by name', async () => {
    vi.spyOn(settingsApi, 'read').mockResolvedValue({
      data: demo as CompanyDetailsForm,
      demo: false,
      saved_at: '2026-11-28T04:06:00Z',
      saved_by: 'Asha Rao',
    });
    render(<SettingsForm />);
    const saved = await screen.findByText(/^Last saved /);
    expect(saved.textContent).toMatch(/ by Asha Rao\.$/);
    expect(saved.textContent).not.toContain('@');
  });
});
