import type { Locator, Page } from '@playwright/test';
import { expect, hasHorizontalScroll, test } from './fixtures';
import { expectAxeClean, postEnquiry, readyStaff, signIn, tabTo } from './staff-helpers';

/** Every failed call is logged; these tests provoke none, but sign-in starts without a session. */
const SIGNED_OUT = /401|Failed to load resource/;

/** `count` enquiries named `{prefix}{i} {tag}`, posted as the site's form posts them. */
async function enquiries(
  request: Parameters<typeof postEnquiry>[0],
  prefix: string,
  tag: string,
  count: number,
) {
  for (let i = 1; i <= count; i++) await postEnquiry(request, `${prefix}${i} ${tag}`, `Cheap offer ${tag}`);
}

/**
 * A staff member of its own (`who`) signed in and searching for `count` fresh enquiries named
 * `{prefix}{i} {tag}`: the tag and the list's rows.
 */
async function searchingFresh(
  { page, request, baseURL }: { page: Page; request: Parameters<typeof postEnquiry>[0]; baseURL?: string },
  who: string,
  prefix: string,
  count: number,
) {
  const email = await readyStaff(request, baseURL ?? '', who);
  const tag = `${prefix}${Date.now()}`;
  await enquiries(request, prefix, tag, count);
  await searchFor(page, email, tag);
  return { tag, rows: page.locator('tbody tr') };
}

/** Signed in and searching the enquiries for `tag`. */
async function searchFor(page: Page, email: string, tag: string) {
  await page.goto('/login?next=%2Fstaff');
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  await page.getByLabel('Search names, emails, mobiles, messages').fill(tag);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  // The URL moves before the answer comes: the rows shown are the search's once none is another's.
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toContainText(tag);
  await expect(rows.filter({ hasNotText: tag })).toHaveCount(0);
}

/** Shift+Tab until `target` has the focus. */
async function shiftTabTo(page: Page, target: Locator, most = 100) {
  for (let n = 0; n < most; n++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Shift+Tab');
  }
  await expect(target).toBeFocused();
}

test('every enquiry matching a search is marked as spam at once, and the line says how many', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(SIGNED_OUT);
  const { tag, rows } = await searchingFresh({ page, request, baseURL }, 'bulk', 'Spammer', 53);
  await expect(rows).toHaveCount(50);

  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  const bar = page.getByRole('region', { name: 'Selected items' });
  await expect(bar.getByText('All 50 on this page are selected.')).toBeVisible();
  await bar.getByRole('button', { name: 'Select all 53 matching this filter' }).click();
  await expect(bar.getByText('All 53 enquiries matching this filter are selected.')).toBeVisible();

  // Meanwhile two of them are erased (as another member of the office would).
  const session = await (await page.request.get('/api/staff/session')).json();
  const headers = { Origin: baseURL ?? '', 'X-CSRF-Token': session.csrf_token };
  const listed = await (await page.request.get(`/api/staff/inbox/enquiries?q=${tag}&page=2`)).json();
  for (const lead of listed.data.slice(0, 2)) {
    const erased = await page.request.delete(`/api/staff/inbox/enquiries/${lead._id}`, { headers });
    expect(erased.status()).toBe(204);
  }

  await bar.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'marked as spam' })).toHaveText(
    '51 enquiries marked as spam (2 were no longer in the list).',
  );
  await expect(bar).toHaveCount(0);
  // Spam is out of the way: the search shows none of it, the spam filter all of it.
  await expect(page.getByText('Nothing here matches.')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('spam');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Enquiries: 51 · page 1 of 2`)).toBeVisible();
  await expect(rows.filter({ hasText: 'Spam' })).toHaveCount(50);
  await expect(rows.filter({ hasText: 'New' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Spam');
});

test('a spam mark of many and a status of one are undone within ten seconds, from the keyboard', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(SIGNED_OUT);
  const { tag, rows } = await searchingFresh({ page, request, baseURL }, 'undo', 'Mistaken', 3);
  await expect(rows).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await page
    .getByRole('region', { name: 'Selected items' })
    .getByRole('button', { name: 'Mark as spam' })
    .click();
  await expect(page.getByText('3 enquiries marked as spam.')).toBeVisible();
  await expect(rows).toHaveCount(0);
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  await undo.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('3 enquiries put back as they were.')).toBeVisible();
  await expect(rows.filter({ hasText: 'New' })).toHaveCount(3);
  await expect(undo).toHaveCount(0);

  // One lead's status, and its Undo: as it was, never handled.
  await rows
    .first()
    .getByRole('button', { name: `Mistaken3 ${tag}` })
    .click();
  const detail = page.getByRole('region', { name: `Mistaken3 ${tag}` });
  await detail.getByRole('combobox', { name: 'Status' }).selectOption('done');
  await detail.getByRole('button', { name: 'Save status' }).click();
  await expect(detail.getByText(/^Set by /)).toBeVisible();
  await detail.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(detail.getByRole('combobox', { name: 'Status' })).toHaveValue('new');
  await expect(detail.getByText('Not handled yet')).toBeVisible();
  await expect(rows.first()).toContainText('New');
  // The offer goes after ten seconds.
  await detail.getByRole('combobox', { name: 'Status' }).selectOption('in_progress');
  await detail.getByRole('button', { name: 'Save status' }).click();
  await expect(detail.getByRole('button', { name: 'Undo', exact: true })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Undo', exact: true })).toHaveCount(0, { timeout: 12_000 });
});

test('shift-click ticks a range; erasing it asks once, naming the count, and Undo brings it back', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(SIGNED_OUT);
  const email = await readyStaff(request, baseURL ?? '', 'range');
  const tag = `Range${Date.now()}`;
  await enquiries(request, 'Caller', tag, 6);
  await searchFor(page, email, tag);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(6);
  // Newest first: Caller6 is the first row.
  await page.getByRole('checkbox', { name: `Select Caller5 ${tag}` }).click();
  await page.getByRole('checkbox', { name: `Select Caller2 ${tag}` }).click({ modifiers: ['Shift'] });
  for (const i of [5, 4, 3, 2])
    await expect(page.getByRole('checkbox', { name: `Select Caller${i} ${tag}` })).toBeChecked();
  for (const i of [6, 1])
    await expect(page.getByRole('checkbox', { name: `Select Caller${i} ${tag}` })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).toHaveJSProperty(
    'indeterminate',
    true,
  );
  const bar = page.getByRole('region', { name: 'Selected items' });
  await expect(bar.getByText('4 selected')).toBeVisible();

  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    dialog.dismiss();
  });
  await bar.getByRole('button', { name: 'Erase…' }).click();
  expect(asked).toEqual([
    'Erase 4 enquiries? They go to the trash, whence they can be restored until erased for good.',
  ]);
  await expect(rows).toHaveCount(6);

  page.once('dialog', (dialog) => dialog.accept());
  await bar.getByRole('button', { name: 'Erase…' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'trash' })).toHaveText(
    '4 enquiries moved to the trash.',
  );
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Caller6 ${tag}`);
  await expect(rows.nth(1)).toContainText(`Caller1 ${tag}`);
  // Undo brings the four back from the trash, each in its place.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'put back' })).toHaveText(
    '4 enquiries put back as they were.',
  );
  await expect(rows).toHaveCount(6);
  for (const [row, caller] of [6, 5, 4, 3, 2, 1].entries())
    await expect(rows.nth(row)).toContainText(`Caller${caller} ${tag}`);
});

test('ticking, acting and clearing work with the keyboard alone and are axe clean', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(SIGNED_OUT);
  const email = await readyStaff(request, baseURL ?? '', 'bulkkeys');
  const tag = `Keys${Date.now()}`;
  await enquiries(request, 'Typist', tag, 4);
  await searchFor(page, email, tag);
  await expect(page.locator('tbody tr')).toHaveCount(4);

  const first = page.getByRole('checkbox', { name: `Select Typist4 ${tag}` });
  await page.getByLabel('Search names, emails, mobiles, messages').focus();
  await tabTo(page, first);
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('checkbox', { name: `Select Typist2 ${tag}` }));
  await page.keyboard.press('Shift+Space');
  const bar = page.getByRole('region', { name: 'Selected items' });
  await expect(bar.getByText('3 selected')).toBeVisible();
  await expectAxeClean(page, 'the inbox with rows ticked');

  // Back up to the bar: its controls are in the Tab order.
  const status = bar.getByLabel('Status');
  await shiftTabTo(page, status);
  await status.selectOption('done');
  await page.keyboard.press('Tab');
  await expect(bar.getByRole('button', { name: 'Set status' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'set to' })).toHaveText('3 enquiries set to Done.');
  await expect(page.locator('tbody tr').filter({ hasText: 'Done' })).toHaveCount(3);

  // Escape clears a selection.
  await page.getByRole('checkbox', { name: `Select Typist1 ${tag}` }).focus();
  await page.keyboard.press('Space');
  await expect(bar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(bar).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: `Select Typist1 ${tag}` })).not.toBeChecked();
  await expectAxeClean(page, 'the inbox after a bulk action');
});

for (const width of [390, 1440]) {
  test(`the bulk bar and the row checkboxes fit ${width} px`, async ({
    page,
    request,
    baseURL,
    guard,
  }, info) => {
    guard.allowConsoleError(SIGNED_OUT);
    await page.setViewportSize({ width, height: 900 });
    const email = await readyStaff(request, baseURL ?? '', `bulk${width}`);
    const tag = `Fit${width}x${Date.now()}`;
    await enquiries(request, 'Meera', tag, 3);
    await searchFor(page, email, tag);
    await expect(page.locator('tbody tr')).toHaveCount(3);
    await page.getByRole('checkbox', { name: `Select Meera3 ${tag}` }).check();
    await page.getByRole('checkbox', { name: `Select Meera2 ${tag}` }).check();
    await expect(page.getByRole('region', { name: 'Selected items' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    // The checkbox is a target a thumb can hit, inside its card.
    const box = await page.getByRole('checkbox', { name: `Select Meera3 ${tag}` }).boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(18);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: info.outputPath(`staff-bulk-${width}.png`), fullPage: true });
  });
}
