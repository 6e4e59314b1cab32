import { describe, expect, it } from 'vitest';
import { defaultRouting, kindLabel, recipientOf, ruleFieldId, splitAddresses } from './mail-text';

describe('the mail screen texts', () => {
  it('splits the addresses typed in one box', () => {
    expect(splitAddresses(' hr@example.com, boss@example.com;\nceo@example.com  ')).toEqual([
      'hr@example.com',
      'boss@example.com',
      'ceo@example.com',
    ]);
    // A mistyped address stays whole, so the message can name it.
    expect(splitAddresses('not an address, a@example.com')).toEqual(['not an address', 'a@example.com']);
    expect(splitAddresses(' , ')).toEqual([]);
  });

  it('says what decides while no rule is set', () => {
    expect(
      defaultRouting(
        [
          { department: null, to: 'office@example.com', no_account: false },
          { department: 'Corp Careers', to: 'hr@example.com', no_account: false },
        ],
        'site@example.com',
      ),
    ).toBe(
      'While no rule is set here, the server’s --notify-to decides: office@example.com for any department; hr@example.com for Corp Careers.',
    );
    expect(defaultRouting([], 'site@example.com')).toContain('From address, site@example.com');
    expect(defaultRouting([], null)).toContain('no lead mail can go out');
  });

  it('names kinds and fields', () => {
    expect(kindLabel('test')).toBe('Test mail');
    expect(kindLabel('other')).toBe('other');
    expect(ruleFieldId('rules[2].recipients')).toBe('mail-rules-2-recipients');
    expect(recipientOf({ kind: 'lead', to: 'Asha Rao' })).toBe('Asha Rao');
    expect(recipientOf({ kind: 'confirm', to: '' })).toBe('a subscriber (no name given)');
  });
});
