import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { checkFieldsMessage, visibleLabel, withoutErrorOf } from './field-names';

function Form() {
  return (
    <form>
      <label for="story-publish-at">Go public at (office time, IST)</label>
      <input id="story-publish-at" />
      <label for="set-social-facebook">Facebook *</label>
      <input id="set-social-facebook" />
      <label>
        Phone
        <input id="set-phone" />
      </label>
      <fieldset id="set-branches">
        <legend>Branches</legend>
      </fieldset>
    </form>
  );
}

describe('naming refused fields as people read them', () => {
  it('finds the label by its for, around the control, or the legend of a fieldset', () => {
    render(<Form />);
    expect(visibleLabel('story-publish-at')).toBe('Go public at (office time, IST)');
    expect(visibleLabel('set-social-facebook')).toBe('Facebook');
    expect(visibleLabel('set-phone')).toBe('Phone');
    expect(visibleLabel('set-branches')).toBe('Branches');
    expect(visibleLabel('nothing-here')).toBeNull();
  });

  it('names the labels, never the API keys, and a part by its whole', () => {
    render(<Form />);
    const idOf = (name: string) =>
      name.startsWith('publish')
        ? `story-${name.replace(/_/g, '-')}`
        : `set-${name.replace(/[^a-z0-9]+/gi, '-')}`;
    const message = checkFieldsMessage(
      {
        publish_at: 'Pick a time in the future.',
        'social.facebook': 'Not a link.',
        'branches[2].city': 'Required.',
      },
      idOf,
    );
    expect(message).toBe('Please check Go public at (office time, IST), Facebook and Branches.');
    expect(message).not.toContain('publish_at');
  });

  it('asks to check the form when no refused field is on the screen', () => {
    render(<Form />);
    expect(checkFieldsMessage({ secret_key: 'No.' }, (name) => name)).toBe(
      'Please check what you typed and try again.',
    );
  });

  it("drops a changed field's message and its parts', keeping the others", () => {
    const errors = { title: 'Required.', 'branches[1].city': 'Required.', branches_note: 'x' };
    expect(withoutErrorOf(errors, 'branches')).toEqual({ title: 'Required.', branches_note: 'x' });
    expect(withoutErrorOf(errors, 'author')).toBe(errors);
  });
});
