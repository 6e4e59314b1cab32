import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { failureMessage } from './failure-message';

const fields = [
  { name: 'name', label: 'Name' },
  { name: 'mobile', label: 'Mobile' },
  { name: 'email', label: 'Email' },
];
const refused = (errors: Record<string, string>) =>
  new ApiError('Please correct the fields listed in errors.', 422, errors, true);

describe('the failure message a visitor reads', () => {
  it.each([
    [{ email: 'Enter a valid email address.' }, 'Please check Email.'],
    [{ email: 'Bad', mobile: 'Bad' }, 'Please check Mobile and Email.'],
    [{ email: 'Bad', name: 'Bad', mobile: 'Bad' }, 'Please check Name, Mobile and Email.'],
  ])('a 422 names the refused fields by their labels, in form order: %j', (errors, message) => {
    expect(failureMessage(refused(errors), fields)).toBe(message);
  });

  it("a 422 never repeats the server's words about a list the visitor cannot see", () => {
    expect(failureMessage(refused({ department_website: 'Bad' }), fields)).toBe(
      'Please check what you typed and try again.',
    );
  });

  it.each([
    new ApiError('Something went wrong on our side. Please try again later.', 500, {}, true),
    new ApiError('The server answered 500 Internal Server Error', 500),
    new ApiError('The server answered 502 Bad Gateway', 502),
  ])('any 5xx says it is our fault and what to do: %s', (error) => {
    expect(failureMessage(error, fields)).toBe(
      'Something went wrong on our side. Please try again in a few minutes; what you typed is still here.',
    );
  });

  it('no answer at all keeps the network message', () => {
    expect(failureMessage(new ApiError('offline', 0), fields)).toBe(
      'We could not reach the server. Please check your connection and try again.',
    );
  });

  it("other refusals show the server's own words, or a plain sentence when it sent none", () => {
    const tooMany = new ApiError('Too many requests. Please wait a moment and try again.', 429, {}, true);
    expect(failureMessage(tooMany, fields)).toBe('Too many requests. Please wait a moment and try again.');
    expect(failureMessage(new ApiError('The server answered 404 Not Found', 404), fields)).toBe(
      'Something went wrong while sending. Please try again.',
    );
    expect(failureMessage(new TypeError('bug'), fields)).toBe(
      'Something went wrong while sending. Please try again.',
    );
  });
});
