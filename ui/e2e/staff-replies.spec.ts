import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mailsTo } from './mail-helpers';
import { expectAxeClean, postEnquiry, readyStaff, signIn, tabTo } from './staff-helpers';

/** Where the screenshots go, to be looked at: e2e/screenshots/ (gitignored), or SHOTS_DIR. */
const SHOTS = process.env.SHOTS_DIR ?? fileURLToPath(new URL('./screenshots/', import.meta.url));
const SIGNED_OUT = /401|Failed to load resource/;

test.describe.configure({ mode: 'serial' });

/** Opens the lead named `lead` from the inbox with the keyboard; answers its detail. */
async function openLead(page: Page, lead: string) {
  await page.goto(`/staff?list=enquiries&q=${encodeURIComponent(lead)}`);
  const open = page.locator('tbody tr').getByRole('button', { name: lead });
  await expect(open).toHaveCount(1);
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const detail = page.getByRole('region', { name: lead });
  await expect(detail.getByRole('heading', { name: 'Reply' })).toBeVisible();
  return detail;
}

test('a reply starts from a template and goes by mail, keyboard only, at 390 and 1440 px', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(SIGNED_OUT);
  const owner = await readyStaff(request, baseURL ?? '', 'replies-owner', [], 'Front Office');
  await page.goto('/login?next=%2Fstaff%2Ftemplates');
  await signIn(page, owner);

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const tag = `${width}-${Date.now()}`;
    const lead = `Asha ${tag}`;
    await postEnquiry(request, lead, 'Office space in Whitefield.');

    // The template, kept on /staff/templates: an unknown placeholder is refused, named.
    await page.goto('/staff/templates');
    const enquiries = page.getByRole('form', { name: 'Enquiries' });
    await tabTo(page, enquiries.getByRole('button', { name: 'Add a template' }));
    await page.keyboard.press('Enter');
    const fresh = enquiries.getByRole('group').last();
    await tabTo(page, fresh.getByLabel('Name'));
    await page.keyboard.type(`Thanks ${tag}`);
    await tabTo(page, fresh.getByLabel('Text'));
    await page.keyboard.type('Dear {name}, thank you for writing to {departmnt}. {staff}');
    await tabTo(page, enquiries.getByRole('button', { name: 'Save enquiries templates' }));
    await page.keyboard.press('Enter');
    await expect(fresh.getByText('{departmnt} is not a placeholder')).toBeVisible();
    await tabTo(page, fresh.getByLabel('Text'));
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Dear {name}, thank you for writing to {department}. {staff}');
    await tabTo(page, enquiries.getByRole('button', { name: 'Save enquiries templates' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Enquiries templates saved.' })).toBeVisible();
    await expectAxeClean(page, `templates at ${width}`);
    await page.screenshot({ path: join(SHOTS, `staff-templates-${width}.png`), fullPage: true });

    // The composer: the template chosen with the keys fills the words from the lead.
    const detail = await openLead(page, lead);
    await expect(detail.getByText('Not answered yet.')).toBeVisible();
    await expect(detail.getByLabel('Subject')).toHaveValue('Re: Your enquiry to Fidelitus Corp (Corp Team)');
    const template = detail.getByLabel('Start from a template');
    await tabTo(page, template);
    await page.keyboard.type(`Thanks ${tag}`);
    const words = `Dear ${lead}, thank you for writing to Corp Team. Front Office`;
    await expect(detail.getByLabel('Your reply')).toHaveValue(words);
    await tabTo(page, detail.getByRole('button', { name: 'Send reply' }));
    await page.keyboard.press('Enter');
    await expect(detail.getByRole('status').filter({ hasText: 'Reply queued' })).toBeVisible();
    await expect(detail.getByTestId('first-reply')).toContainText('First answered');
    await expect(detail.locator('.lead-replies li')).toHaveCount(1);
    await expect(detail.locator('.lead-replies li').first()).toContainText(`Thanks ${tag}`);
    await expect(detail.getByLabel('Your reply')).toHaveValue('');

    // The mail reaches the visitor from the site, answered to the one who wrote it.
    await expect
      .poll(() => mailsTo('visitor@example.com').filter((m) => m.includes(lead)).length, { timeout: 10_000 })
      .toBe(1);
    const [mail = ''] = mailsTo('visitor@example.com').filter((m) => m.includes(lead));
    expect(mail).toMatch(/^Subject: Re: Your enquiry to Fidelitus Corp \(Corp Team\)/m);
    expect(mail).toMatch(new RegExp(`^Reply-To: ${owner}`, 'm'));
    await expect(detail.locator('.reply-delivery--sent')).toBeVisible({ timeout: 10_000 });
    await expectAxeClean(page, `lead with a reply at ${width}`);
    await detail.getByRole('heading', { name: 'Reply' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `staff-reply-${width}.png`), fullPage: true });
  }
});

test('two colleagues on one lead: the second to send is stopped, naming the first, and keeps its text', async ({
  browser,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(SIGNED_OUT);
  guard.allowConsoleError(/409/);
  const first = await readyStaff(request, baseURL ?? '', 'replies-first', ['sales'], 'Priya Sales');
  const second = await readyStaff(request, baseURL ?? '', 'replies-second', ['sales'], 'Ravi Sales');
  const lead = `Meera ${Date.now()}`;
  await postEnquiry(request, lead, 'Two floors in Hebbal.');

  const open = async (email: string) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/login?next=%2Fstaff');
    await signIn(page, email);
    await expect(page.getByRole('button', { name: 'Mine' })).toBeVisible();
    return { context, page, detail: await openLead(page, lead) };
  };
  const priya = await open(first);
  const ravi = await open(second);

  await priya.detail.getByLabel('Your reply').fill('Priya here: the floors are free from January.');
  await ravi.detail.getByLabel('Your reply').fill('Ravi here: shall we visit on Monday?');
  await priya.detail.getByRole('button', { name: 'Send reply' }).click();
  await expect(priya.detail.getByRole('status').filter({ hasText: 'Reply queued' })).toBeVisible();

  await ravi.detail.getByRole('button', { name: 'Send reply' }).click();
  const alert = ravi.detail.getByRole('alert');
  await expect(alert).toContainText('Priya Sales replied at');
  await expect(ravi.detail.getByLabel('Your reply')).toHaveValue('Ravi here: shall we visit on Monday?');
  // The lead read again shows Priya's reply; sent again, Ravi's goes too.
  await expect(ravi.detail.locator('.lead-replies li')).toHaveCount(1);
  await ravi.detail.getByRole('button', { name: 'Send reply' }).click();
  await expect(ravi.detail.getByRole('status').filter({ hasText: 'Reply queued' })).toBeVisible();
  await expect(ravi.detail.locator('.lead-replies li')).toHaveCount(2);
  await expectAxeClean(ravi.page, 'a lead after a stopped reply');
  await priya.context.close();
  await ravi.context.close();
});
