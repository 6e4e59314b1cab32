import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import demo from '@/content/company-details.json';
import type { CompanyDetailsForm } from '@/lib/api-types';
import { CompanySection } from './contact-sections';

describe("the company section's time zone", () => {
  it("shows the office zone, sends a change and shows the server's message beside it", () => {
    const set = vi.fn();
    const form = demo as CompanyDetailsForm;
    render(
      <CompanySection
        form={form}
        errors={{ time_zone: 'This is not a time zone the site knows.' }}
        set={set}
      />,
    );
    const input = screen.getByLabelText('Office time zone') as HTMLInputElement;
    expect(input.value).toBe('Asia/Kolkata');
    expect(input.required).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain('This is not a time zone the site knows.');
    expect(texts.some((text) => text?.includes('Asia/Kolkata'))).toBe(true);
    fireEvent.input(input, { target: { value: 'Europe/London' } });
    expect(set).toHaveBeenCalledWith('time_zone', 'Europe/London');
  });
});
