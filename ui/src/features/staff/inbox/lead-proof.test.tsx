import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { LeadFields } from './lead-fields';
import { testLead } from './test-lead';

/** The text beside "Proof of work" in the lead's fields, or null without that line. */
function proofLine(): string | null {
  const term = screen.queryByText('Proof of work', { selector: 'dt' });
  return term ? (term.nextElementSibling?.textContent ?? '') : null;
}

describe('a lead’s proof of work in its detail', () => {
  it('says the lead passed it and how long the solving took, in seconds', () => {
    render(<LeadFields lead={testLead({ proof: 'passed', proof_ms: 412 })} />);
    expect(proofLine()).toBe('passed, solved in 0.4 s');
  });

  it('shows a slow solving to the tenth of a second', () => {
    render(<LeadFields lead={testLead({ proof: 'passed', proof_ms: 2360 })} />);
    expect(proofLine()).toBe('passed, solved in 2.4 s');
  });

  it('says a test server did not ask for it', () => {
    render(<LeadFields lead={testLead({ proof: 'off', proof_ms: null })} />);
    expect(proofLine()).toMatch(/^not asked/);
  });

  it('shows no line for a lead from before the proof existed', () => {
    render(<LeadFields lead={testLead()} />);
    expect(proofLine()).toBeNull();
  });
});
