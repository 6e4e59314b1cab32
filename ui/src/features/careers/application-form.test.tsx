import { fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '@/components/toast-host';
import { jsonResponse } from '@/lib/test-fetch';
import { ApplicationForm } from './application-form';
import { emptyApplication, validateApplication } from './application-rules';

const REQUIRED = 'This Field is required *';

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

function choose(file: File) {
  const input = screen.getByLabelText('Upload Resume') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'resume.png', { type: 'image/png' });

function setup() {
  render(
    <>
      <ApplicationForm />
      <ToastHost />
    </>,
  );
  return { submit: () => fireEvent.click(screen.getByRole('button', { name: 'SUBMIT' })) };
}

describe('application validation rules', () => {
  const full = { ...emptyApplication, name: 'A', mobile: '1', email: 'e', experience: '0', file: png() };

  it.each([
    [{ ...full, name: '', mobile: '' }, 'name'],
    [{ ...full, mobile: '' }, 'mobile'],
    [{ ...full, email: '', experience: '' }, 'email'],
    [{ ...full, experience: '' }, 'experience'],
    [{ ...full, file: null }, 'file'],
  ])('stops at the first failure in order: -> %s', (values, field) => {
    expect(validateApplication(values)).toEqual({ [field]: REQUIRED });
  });

  it('keeps the lenient mobile check: any non-empty value passes, however short', () => {
    expect(validateApplication({ ...full, mobile: '1' })).toEqual({});
    expect(validateApplication({ ...full, mobile: 'not a number' })).toEqual({});
  });

  it('leaves previous company and query optional', () => {
    expect(validateApplication({ ...full, previous_company: '', query: '' })).toEqual({});
  });

  it('checks no email format: any non-empty text passes', () => {
    expect(validateApplication({ ...full, email: 'asha at example dot com' })).toEqual({});
  });
});

describe('application form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes the email as plain text with the email keyboard (no format check)', () => {
    setup();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.type).toBe('text');
    expect(email.inputMode).toBe('email');
  });

  it('asks for the resume last, and choosing a file clears that error', () => {
    const { submit } = setup();
    type('Name', 'A');
    type('Mobile', '1');
    type('Email', 'e');
    type('Experience', '2');
    submit();
    expect(screen.getAllByText(REQUIRED)).toHaveLength(1);
    expect(screen.getByLabelText('Upload Resume').getAttribute('aria-invalid')).toBe('true');
    choose(png());
    expect(screen.queryByText(REQUIRED)).toBeNull();
    expect(screen.getByText('resume.png')).toBeTruthy();
  });

  it('shows the chosen file with a remove control that clears it', () => {
    setup();
    choose(png());
    fireEvent.click(screen.getByRole('button', { name: 'Remove file resume.png' }));
    expect(screen.queryByText('resume.png')).toBeNull();
  });

  it('offers PDFs beside images, and says so', () => {
    setup();
    const input = screen.getByLabelText('Upload Resume') as HTMLInputElement;
    expect(input.accept.split(',')).toContain('application/pdf');
    expect(screen.getByText('Click To Upload Photo or PDF')).toBeTruthy();
    expect(screen.getByText('Supported Type JPEG,PNG,SVG,WEBP and PDF')).toBeTruthy();
    choose(new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('cv.pdf')).toBeTruthy();
    expect(document.querySelector('.field__error')).toBeNull();
  });

  it('refuses a file that is neither a PDF nor one of the image types', () => {
    setup();
    choose(
      new File(['PK'], 'cv.docx', {
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
    );
    expect(screen.queryByText('cv.docx')).toBeNull();
    expect(
      screen.getByText(/Supported Type JPEG,PNG,SVG,WEBP and PDF/, { selector: '.field__error' }).textContent,
    ).toMatch(/^Please choose a PDF or an image/);
  });

  it('keeps a refused file its own message through submit, not the required one', () => {
    const { submit } = setup();
    type('Name', 'A');
    type('Mobile', '1');
    type('Email', 'e');
    type('Experience', '2');
    choose(new File(['PK'], 'cv.docx', { type: 'application/msword' }));
    submit();
    expect(screen.queryByText(REQUIRED)).toBeNull();
    expect(screen.getByText(/^Please choose a PDF or an image/, { selector: '.field__error' })).toBeTruthy();
    // A good file clears the refusal; removing that one asks for a file again.
    choose(png());
    fireEvent.click(screen.getByRole('button', { name: 'Remove file resume.png' }));
    submit();
    expect(screen.getByText(REQUIRED)).toBeTruthy();
  });

  it('sends the multipart payload plus the honeypot, then toasts and resets every field and the file', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(201, { message: 'ok', data: { _id: '1' } }));
    vi.stubGlobal('fetch', fetchMock);
    const { submit } = setup();
    type('Name', 'Ravi Kumar');
    type('Mobile', '9876543210');
    type('Email', 'ravi@example.com');
    type('Experience', '4');
    type('Previous Company', 'Acme');
    type('Query', 'FM roles');
    choose(png());
    submit();
    expect(await screen.findByText('Form Submitted Successfully')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/applicant/create');
    const body = init.body as FormData;
    expect([...body.keys()]).toEqual([
      'name',
      'mobile',
      'email',
      'experience',
      'previous_company',
      'query',
      'file',
      'department_website',
      'website',
      'source',
    ]);
    expect(body.get('department_website')).toBe('Corp Careers');
    expect(JSON.parse(String(body.get('source')))).toEqual({ page: '/' });
    expect(body.get('experience')).toBe('4');
    expect((body.get('file') as File).name).toBe('resume.png');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Experience') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('resume.png')).toBeNull();
  });

  it('a 422 names the refused fields with the form labels, puts each message by its field, keeps all', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        jsonResponse(422, {
          message: 'Please correct the fields listed in errors.',
          errors: { file: 'The resume must be an image.', mobile: 'Enter a phone number.' },
        }),
      ),
    );
    const { submit } = setup();
    type('Name', 'Ravi');
    type('Mobile', 'x');
    type('Email', 'ravi@example.com');
    type('Experience', '4');
    choose(png());
    submit();
    expect(await screen.findByText('Please check Mobile and Upload Resume.')).toBeTruthy();
    expect(screen.queryByText(/listed in errors/)).toBeNull();
    expect(screen.getByText('The resume must be an image.')).toBeTruthy();
    expect(screen.getByLabelText('Mobile').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ravi');
    expect(screen.getByText('resume.png')).toBeTruthy();
  });
});
