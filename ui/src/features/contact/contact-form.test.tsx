import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '@/components/toast-host';
import { contactContent } from '@/content/contact';
import { jsonResponse } from '@/lib/test-fetch';
import { ContactForm } from './contact-form';
import { validateContact } from './contact-rules';

const REQUIRED = 'This Field is required*';

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

/** Types each field of the form, in the form's order. */
function fill(name: string, mobile: string, email: string, query: string) {
  type('Name', name);
  type('Contact Number', mobile);
  type('Email', email);
  type('Query', query);
}

const submitButton = () => screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;

function setup() {
  render(
    <>
      <ContactForm form={contactContent.form} />
      <ToastHost />
    </>,
  );
  return { submit: () => fireEvent.click(submitButton()) };
}

describe('contact validation rules', () => {
  const full = { name: 'Asha', mobile: '98', email: 'a@b.c', requirment: 'Office space' };

  it.each([
    [{ ...full, name: '', mobile: '' }, 'name'],
    [{ ...full, mobile: '' }, 'mobile'],
    [{ ...full, mobile: ' ', email: '' }, 'mobile'],
    [{ ...full, email: '' }, 'email'],
    [{ ...full, requirment: '' }, 'requirment'],
  ])('stops at the first empty field in order: %j -> %s', (values, field) => {
    expect(validateContact(values)).toEqual({ [field]: REQUIRED });
  });

  it('passes any non-empty values: no format or length checks', () => {
    expect(validateContact({ name: 'x', mobile: 'abc', email: 'not-an-email', requirment: '?' })).toEqual({});
  });
});

describe('contact form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the message under the first empty field only, tied to it, and typing clears it', async () => {
    const { submit } = setup();
    type('Name', 'Asha');
    submit();
    const mobile = screen.getByLabelText('Contact Number');
    expect(screen.getAllByText(REQUIRED)).toHaveLength(1);
    expect(mobile.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(mobile.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      REQUIRED,
    );
    expect(document.activeElement).toBe(mobile);
    type('Contact Number', '9');
    expect(screen.queryByText(REQUIRED)).toBeNull();
    expect(mobile.getAttribute('aria-invalid')).toBeNull();
  });

  it('sends exactly the enquiry payload plus the empty honeypot, then toasts and resets', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(201, { message: 'ok', data: { _id: '1' } }));
    vi.stubGlobal('fetch', fetchMock);
    const { submit } = setup();
    fill('Asha Verma', '9876543210', 'asha@example.com', 'Need 20,000 sq ft');
    submit();
    expect(await screen.findByText('Your Query Submitted Successfully!')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/clients/create');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Asha Verma',
      email: 'asha@example.com',
      mobile: '9876543210',
      requirment: 'Need 20,000 sq ft',
      department_website: 'Corp Team',
      website: '',
      source: { page: '/' },
    });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Query') as HTMLTextAreaElement).value).toBe('');
  });

  it("a 422 names the refused fields by their labels (never the server's words) and keeps the values", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        jsonResponse(422, {
          message: 'Please correct the fields listed in errors.',
          errors: { email: 'Enter a valid email', mobile: 'Enter a phone number' },
        }),
      ),
    );
    const { submit } = setup();
    fill('Asha', '98', 'asha', 'Hello');
    submit();
    expect(await screen.findByText('Please check Contact Number and Email.')).toBeTruthy();
    expect(screen.queryByText(/listed in errors/)).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a valid email')).toBeTruthy();
    expect(screen.getByText('Enter a phone number')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('asha');
    expect((screen.getByLabelText('Query') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('a 5xx says the fault is ours and what to do, never the status line, and keeps the values', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response('<h1>oops</h1>', { status: 500, statusText: 'Internal Server Error' }),
        ),
    );
    const { submit } = setup();
    fill('Asha', '98', 'asha@example.com', 'Hello');
    submit();
    expect(
      await screen.findByText(
        'Something went wrong on our side. Please try again in a few minutes; what you typed is still here.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Internal Server Error|500/)).toBeNull();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Asha');
    expect((screen.getByLabelText('Query') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('sends once while a slow answer is on its way, with the button disabled', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = vi.fn().mockReturnValue(new Promise<Response>((done) => (answer = done)));
    vi.stubGlobal('fetch', fetchMock);
    const { submit } = setup();
    fill('A', '1', 'e', 'q');
    submit();
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    fireEvent.submit(submitButton().closest('form') as HTMLFormElement);
    // The post leaves once its proof of work is ready; the second submit added none.
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(jsonResponse(201, {}));
    await waitFor(() => expect(submitButton().disabled).toBe(false));
  });

  it('sends its proof of work, and solves a new one once when the server refuses the first', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(403, { message: 'Refused.', errors: { proof: 'expired' } }))
      .mockResolvedValueOnce(jsonResponse(201, {}));
    vi.stubGlobal('fetch', fetchMock);
    const { submit } = setup();
    fill('A', '1', 'e', 'q');
    submit();
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(''));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    for (const [, init] of fetchMock.mock.calls) {
      expect((init as RequestInit).headers).toMatchObject({ 'Form-Proof': 'test-proof' });
    }
  });
});
