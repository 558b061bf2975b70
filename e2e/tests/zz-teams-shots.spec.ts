import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, seedFile, seedFolder, signUp, uniqueEmail } from '../support/helpers.js';

const SHOTS = path.join(import.meta.dirname, '..', 'test-results', 'teams-shots');
mkdirSync(SHOTS, { recursive: true });

const stamps = { created_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z', deleted_at: null };
const person = (id: string, name: string, permission: string, color: string) => ({
  data: { id, type: 'member', attributes: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, avatar: null, color, permission } },
});
const members = [
  person('u1', 'Olga Owner', 'owner', '#6366F1'),
  person('u2', 'Mark Member', 'can_edit', '#F97316'),
  person('u3', 'Pia Viewer', 'can_view', '#14B8A6'),
  person('u4', 'Raj Patel', 'can_edit', '#EC4899'),
  person('u5', 'Sue Lee', 'can_view', '#0EA5E9'),
];
const summary = members.map((m) => ({ id: m.data.id, ...m.data.attributes }));
const teamFolder = (id: string, role: string) => ({
  data: {
    id,
    type: 'folder',
    attributes: { name: 'Launch plan', color: '#F97316', emoji: '🚀', items: 2, parent_id: null, is_favourite: false, is_team_folder: true, ...stamps },
    relationships: {
      parent: null,
      shared: null,
      members: { data: members },
      invitations: {
        data: [
          {
            data: {
              id: 'inv-9',
              type: 'invitation',
              attributes: { parent_id: id, email: 'newbie@example.com', color: '#84CC16', status: 'pending', permission: 'can_view', isExistedUser: false, created_at: stamps.created_at },
              relationships: {
                inviter: { data: { id: 'u1', type: 'user', attributes: summary[0]! } },
                folder: { data: { id, type: 'folder', attributes: { name: 'Launch plan', color: null, emoji: null } } },
              },
            },
          },
        ],
      },
    },
  },
  meta: { role },
});
const paginate = { currentPage: 1, perPage: 100, total: 2, lastPage: 1, nextCursor: null };
const file = (id: string, name: string, parent: string) => ({
  data: {
    id,
    type: 'file',
    attributes: { name, color: null, emoji: null, extension: 'pdf', mimetype: 'application/pdf', category: 'document', size: 482133, file_url: '/x', thumbnail: null, width: null, height: null, parent_id: parent, ...stamps },
    relationships: { parent: null, shared: null, creator: { data: summary[1] } },
  },
});

const variants = [
  { name: 'light', viewport: { width: 1440, height: 900 }, scheme: 'light' as const },
  { name: 'dark', viewport: { width: 1440, height: 900 }, scheme: 'dark' as const },
  { name: 'phone', viewport: { width: 390, height: 844 }, scheme: 'light' as const },
];

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(700);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

test('team screens, light, dark and phone', async ({ browser }) => {
  test.setTimeout(300_000);
  const setup = await browser.newContext();
  const p0 = await setup.newPage();
  const email = uniqueEmail('olga');
  await signUp(p0, 'Olga Owner', email, 'team-owner-password-1');
  const state = await setup.storageState();
  const team = await apiCall<{ data: { id: string } }>(p0, 'POST', '/api/teams/folders', { name: 'Launch plan', emoji: '🚀', color: '#F97316', invitations: [] });
  const teamId = team.data.id;
  await seedFolder(p0, 'Designs', teamId);
  await seedFile(p0, 'brief.txt', 'hello', teamId);
  await seedFolder(p0, 'Holiday photos');
  await setup.close();

  for (const v of variants) {
    const context = await browser.newContext({ storageState: state, viewport: v.viewport, colorScheme: v.scheme });
    const page = await context.newPage();
    const shot = (n: string) => shoot(page, `${n}-${v.name}`);
    // Someone else's team shared with this user (mocked: inviting is another branch's work).
    await page.route('**/api/teams/shared-with-me/**', async (route) => {
      const url = new URL(route.request().url());
      if (url.pathname.endsWith('/all')) {
        const top = teamFolder('shared-1', 'can_view').data;
        return route.fulfill({ json: { data: [{ data: { ...top, relationships: { parent: null, shared: null, members: { data: summary } } } }], meta: { root: null, path: [], paginate, teamFolder: null } } });
      }
      return route.fulfill({
        json: {
          data: [file('f1', 'Quarterly plan.pdf', 'shared-1'), file('f2', 'Budget.pdf', 'shared-1')],
          meta: { root: teamFolder('shared-1', 'can_view'), path: [{ id: 'shared-1', name: 'Launch plan' }], paginate, teamFolder: teamFolder('shared-1', 'can_view') },
        },
      });
    });
    await page.route(`**/api/teams/folders/${teamId}?per_page=1`, (route) =>
      route.fulfill({ json: { data: [], meta: { root: null, path: [], paginate, teamFolder: teamFolder(teamId, 'owner') } } }),
    );

    await page.goto('/platform/team-folders');
    await expect(page.getByRole('option', { name: 'Launch plan', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Got it' }).click({ timeout: 1500 }).catch(() => undefined);
    await page.getByRole('option', { name: 'Launch plan', exact: true }).click();
    if (v.name !== 'phone') await page.getByRole('button', { name: 'Details' }).click();
    await shot('01-team-folders');
    await page.goto(`/platform/team-folders/${teamId}`);
    await expect(page.getByText('You own this team')).toBeVisible();
    await shot('02-team-inside-owner');
    await page.getByRole('button', { name: 'Manage team' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot('03-update-popup');
    await page.keyboard.press('Escape');

    await page.goto('/platform/team-folders');
    await page.getByRole('button', { name: 'New team folder' }).first().click({ force: true }).catch(async () => {
      await page.getByRole('button', { name: 'New team folder' }).last().click();
    });
    const dialog = page.getByRole('dialog', { name: 'New team folder' });
    await expect(dialog).toBeVisible();
    const emailField = dialog.getByRole('textbox', { name: 'Email of the person to invite' });
    await emailField.fill('mark@example.com');
    await emailField.press('Enter');
    await emailField.fill('pia@example.com');
    await emailField.press('Enter');
    await emailField.fill('not-an-email');
    await emailField.press('Enter');
    await shot('04-create-popup');
    await page.keyboard.press('Escape');

    await page.goto('/platform/files');
    await page.getByRole('option', { name: 'Holiday photos', exact: true }).click({ button: 'right' });
    await shot('05-files-menu-convert');
    await page.getByRole('menuitem', { name: /Convert to team folder/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot('06-convert-popup');
    await page.keyboard.press('Escape');

    await page.goto('/platform/shared-with-me');
    await expect(page.getByRole('option', { name: 'Launch plan', exact: true })).toBeVisible();
    await shot('07-shared-with-me');
    await page.goto('/platform/shared-with-me/shared-1');
    await expect(page.getByText('You can view only')).toBeVisible();
    await page.getByRole('option', { name: 'Quarterly plan.pdf', exact: true }).click();
    await shot('08-shared-inside-viewer');
    await page.getByRole('option', { name: 'Quarterly plan.pdf', exact: true }).click({ button: 'right' });
    await shot('09-viewer-menu');
    await page.keyboard.press('Escape');

    await page.goto(`/platform/team-folders/${teamId}`);
    await page.getByRole('button', { name: 'Manage team' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Dissolve team' }).click();
    await expect(page.getByRole('dialog', { name: /Really dissolve/ })).toBeVisible();
    await shot('10-dissolve');
    await page.keyboard.press('Escape');

    // The invitation page in its states (mocked answers).
    for (const viewer of ['invitee', 'other', 'guest-new', 'guest-existing', 'gone'] as const) {
      await page.route('**/api/teams/invitations/inv-9', (route) => {
        if (viewer === 'gone') return route.fulfill({ status: 410, json: { code: 'teams.invitation_gone', message: 'Invitation was already used.' } });
        const inv = teamFolder(teamId, 'owner').data.relationships.invitations.data[0]!;
        return route.fulfill({
          json: {
            data: { ...inv.data, attributes: { ...inv.data.attributes, permission: 'can_edit', isExistedUser: viewer === 'guest-existing' } },
            meta: { viewer: viewer.startsWith('guest') ? 'guest' : viewer },
          },
        });
      });
      const guest = viewer.startsWith('guest') || viewer === 'gone';
      const ctx = guest ? await browser.newContext({ viewport: v.viewport, colorScheme: v.scheme }) : context;
      const p = guest ? await ctx.newPage() : page;
      if (guest) await p.route('**/api/teams/invitations/inv-9', (route) =>
        viewer === 'gone'
          ? route.fulfill({ status: 410, json: { code: 'teams.invitation_gone', message: 'used' } })
          : route.fulfill({ json: { data: { ...teamFolder(teamId, 'owner').data.relationships.invitations.data[0]!.data, attributes: { ...teamFolder(teamId, 'owner').data.relationships.invitations.data[0]!.data.attributes, permission: 'can_edit', isExistedUser: viewer === 'guest-existing' } }, meta: { viewer: 'guest' } } }),
      );
      await p.goto('/team-folder-invitation/inv-9');
      await p.waitForLoadState('networkidle');
      await shoot(p, `11-invitation-${viewer}-${v.name}`);
      if (guest) await ctx.close();
      await page.unroute('**/api/teams/invitations/inv-9');
    }
    await context.close();
  }
});
