import type { Page } from '@playwright/test';
import { expect, hasHorizontalScroll, test, waitForApp } from './fixtures';
import { expectAxeClean, postApplication, readyStaff, signIn, tabTo } from './staff-helpers';

// The hiring pipeline, with the keyboard once signed in: a recruiter sees the applications
// under their role, moves one to Interview and sees the counts per role and stage follow,
// then moves two to Rejected at once and takes it back with Undo; at a phone's width and a
// desktop's, axe clean.

test.describe.configure({ mode: 'serial' });
// A published role shows on /join_us: a server of its own, so the other specs' page stays as it was.
test.use({ ownServer: true });

/** A published role, made with the page's own session; answers its id and slug. */
async function publishedRole(page: Page, base: string, title: string): Promise<{ id: number; slug: string }> {
  const csrf = (await (await page.request.get('/api/staff/session')).json()).csrf_token;
  const headers = { Origin: base, 'X-CSRF-Token': csrf };
  const made = await page.request.post('/api/staff/jobs', {
    headers,
    data: {
      title,
      department: 'Facility management',
      location: 'Whitefield',
      employment_type: 'full_time',
      workplace: 'on_site',
      salary_min: null,
      salary_max: null,
      description: '<p>Runs the site team.</p>',
      openings: 2,
      closes_at: null,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id, revision } = (await made.json()).data;
  const published = await page.request.post(`/api/staff/jobs/${id}/publish`, { headers, data: { revision } });
  expect(published.status(), await published.text()).toBe(200);
  return { id, slug: (await (await page.request.get(`/api/staff/jobs/${id}`)).json()).data.slug };
}

test('a recruiter moves an application to Interview, the counts per role and stage follow, and a bulk Rejected is undone', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  test.setTimeout(90_000);
  guard.allowConsoleError(/401|Failed to load resource/);
  const base = baseURL ?? '';
  const email = await readyStaff(request, base, 'pipeline', ['recruiter']);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login?next=%2Fstaff%3Flist%3Dapplicants');
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();

  const stamp = Date.now();
  const title = `Site engineer ${stamp}`;
  const { id, slug } = await publishedRole(page, base, title);
  const [first, second] = [`Ravi Kumar ${stamp}`, `Meera Nair ${stamp}`];
  await postApplication(request, first, slug);
  await postApplication(request, second, slug);

  // The role's applications, with their counts per stage above the list.
  await page.goto(`/staff?list=applicants&job=${slug}`);
  await waitForApp(page);
  const leads = page.getByRole('table', { name: 'Applicants, newest first' });
  await expect(leads.getByRole('button', { name: first })).toBeVisible();
  await expect(leads.getByRole('button', { name: second })).toBeVisible();
  const counts = page.getByRole('table', { name: 'Applications by role and stage' });
  const role = counts.getByRole('row', { name: new RegExp(title) });
  await expect(role.getByRole('link', { name: `2 ${title}: New` })).toBeVisible();
  await expect(role.getByRole('link', { name: `1 ${title}: Interview` })).toHaveCount(0);

  // Opened with the keys, moved to Interview with the keys.
  await tabTo(page, leads.getByRole('button', { name: first }));
  await page.keyboard.press('Enter');
  const detail = page.getByRole('region', { name: first });
  const stage = detail.getByRole('combobox', { name: 'Stage' });
  await expect(stage).toHaveValue('new');
  // The detail offers the pipeline's stages, not the enquiries' statuses.
  await expect(stage.locator('option')).toHaveText([
    'New',
    'Shortlisted',
    'Interview',
    'Offer',
    'Hired',
    'Rejected',
    'Spam',
  ]);
  await tabTo(page, stage);
  await page.keyboard.type('Interview');
  await expect(stage).toHaveValue('interview');
  await tabTo(page, detail.getByRole('button', { name: 'Save stage' }));
  await page.keyboard.press('Enter');
  await expect(detail.getByText(/^Set by Front Office, /)).toBeVisible();
  // Its stage history, opened with the keys, names the move and who made it.
  const history = detail.getByText('Stage history (1)');
  await tabTo(page, history);
  await page.keyboard.press('Enter');
  await expect(detail.getByRole('listitem').filter({ hasText: /^Interview · Front Office, / })).toBeVisible();
  await expect(leads.getByRole('row', { name: new RegExp(first) })).toContainText('Interview');
  await expect(role.getByRole('link', { name: `1 ${title}: Interview` })).toBeVisible();
  await expect(role.getByRole('link', { name: `1 ${title}: New` })).toBeVisible();
  await expectAxeClean(page, 'the applicants list with a detail open');
  await page.screenshot({ path: test.info().outputPath('pipeline-detail-1440.png'), fullPage: true });

  // The filter by stage offers the stages too, and a count opens its role at its stage.
  await tabTo(page, role.getByRole('link', { name: `1 ${title}: Interview` }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`job=${slug}&status=interview$`));
  await expect(page.getByRole('combobox', { name: 'Stage' }).first()).toHaveValue('interview');
  await expect(leads.getByRole('button', { name: first })).toBeVisible();
  await expect(leads.getByRole('button', { name: second })).toHaveCount(0);

  // Both, to Rejected at once, then Undo: each back where it was.
  await page.goto(`/staff?list=applicants&job=${slug}`);
  await waitForApp(page);
  for (const name of [first, second]) {
    await tabTo(page, page.getByRole('checkbox', { name: `Select ${name}` }));
    await page.keyboard.press('Space');
  }
  const bar = page.getByRole('region', { name: 'Selected items' });
  const bulkStage = bar.getByRole('combobox', { name: 'Stage' });
  await tabTo(page, bulkStage);
  await page.keyboard.type('Rejected');
  await expect(bulkStage).toHaveValue('rejected');
  await tabTo(page, bar.getByRole('button', { name: 'Set stage' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('2 applicants set to Rejected.')).toBeVisible();
  await expect(role.getByRole('link', { name: `2 ${title}: Rejected` })).toBeVisible();
  await expect(leads.getByRole('row', { name: new RegExp(second) })).toContainText('Rejected');
  await page.screenshot({ path: test.info().outputPath('pipeline-bulk-1440.png'), fullPage: true });
  await tabTo(page, page.getByRole('button', { name: 'Undo', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('2 applicants put back as they were.')).toBeVisible();
  await expect(role.getByRole('link', { name: `1 ${title}: Interview` })).toBeVisible();
  await expect(role.getByRole('link', { name: `1 ${title}: New` })).toBeVisible();
  await expect(role.getByRole('link', { name: new RegExp(`${title}: Rejected`) })).toHaveCount(0);
  await expect(leads.getByRole('row', { name: new RegExp(first) })).toContainText('Interview');
  await expect(leads.getByRole('row', { name: new RegExp(second) })).toContainText('New');
  await expectAxeClean(page, 'the applicants list after an undo');

  // At a phone's width: the counts are cards of labelled lines, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 900 });
  await expect(role.getByRole('link', { name: `1 ${title}: Interview` })).toBeVisible();
  expect(await hasHorizontalScroll(page), 'the applicants list at 390 px').toBe(false);
  await expectAxeClean(page, 'the applicants list at 390 px');
  await page.screenshot({ path: test.info().outputPath('pipeline-390.png'), fullPage: true });

  // The role's recruiter, chosen in its editor with the keys: its applications' mail goes to them too.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/staff/jobs/${id}`);
  await waitForApp(page);
  const recruiter = page.getByLabel('Recruiter', { exact: true });
  await expect(recruiter).toHaveValue('');
  await tabTo(page, recruiter);
  await page.keyboard.type('Front Office');
  await expect(recruiter).not.toHaveValue('');
  const chosen = Number(await recruiter.inputValue());
  await tabTo(page, page.getByRole('button', { name: 'Save changes' }));
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await (await page.request.get(`/api/staff/jobs/${id}`)).json()).data.recruiter)
    .toBe(chosen);
  await expectAxeClean(page, 'the opening editor with its recruiter');
  await page.screenshot({ path: test.info().outputPath('pipeline-recruiter-1440.png'), fullPage: true });
});
