import { cleanup } from '@testing-library/preact';
import { afterEach, vi } from 'vitest';
import demo from '@/content/company-details.json';
import type { CompanyDetailsForm } from '@/lib/api-types';
import { provideCompanyDetails } from '@/lib/company-details';

// Components render the company's details as the server would give them: the demo ones.
provideCompanyDetails(demo as CompanyDetailsForm);

// Pages count their views with a beacon; in tests it goes nowhere (a test that checks it sets
// its own).
Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => true });

afterEach(() => {
  cleanup();
});

// A form's proof of work is solved in a Web Worker, which jsdom has not: the forms' tests send
// a stand-in answer (`form-proof-worker.test.ts` tests the solving, `use-form.test.ts` its use).
vi.mock('@/lib/form-proof', () => ({ prepare: () => {}, proofFor: async () => 'test-proof' }));
