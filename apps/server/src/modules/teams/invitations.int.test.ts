import {
  notificationsResponse,
  teamInvitationResponse,
  userResource,
  type TeamInvitationInput,
} from '@filestore/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  decodedMail,
  installWithAdmin,
  linkIn,
  seedFolder,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { type ItemRow } from '../files/index.js';
import { teamFolders, teamMembers } from '../../../test/tables.js';
import { notifications } from '../notifications/index.js';
import { writeSettings } from '../settings/index.js';
import { findUserById, users } from '../users/index.js';
import { assertMayInvite, inviteMembers, withdrawInvitations } from './invitations.js';
import { teamEmailsOf } from './invitations.repository.js';
import { teamInvitations } from './team-invitations.table.js';

/** Team invitations (ADR 0029): sending them, the invitation page, accept and decline, and the member limit. */
describe('team invitations', () => {
  let server: TestServer;
  let owner: TestClient;
  let invitee: TestClient;
  let other: TestClient;
  let ownerId: string;
  let inviteeId: string;
  let folderCount = 0;

  let signUps = 0;
  /** Each from its own address: sign-ups are limited per address. */
  const signUp = async (name: string, email: string) => {
    const client = server.client(`10.0.0.${++signUps}`);
    const res = await client.post('/api/register', {
      name,
      email,
      password: 'user-password-1',
      password_confirmation: 'user-password-1',
    });
    expect(res.status, res.body).toBe(201);
    return client;
  };
  const put = (client: TestClient, id: string) => client.request('PUT', `/api/teams/invitations/${id}`);
  const del = (client: TestClient, id: string) => client.request('DELETE', `/api/teams/invitations/${id}`);

  /** A team folder of `ownerOf` made directly in the tables (the team-folder API is another module's). */
  const makeTeam = async (ownerOf = ownerId, name = `Team ${++folderCount}`): Promise<ItemRow> => {
    const folder = await seedFolder(server, ownerOf, { name });
    await server.ctx.db.insert(teamFolders).values({ folderId: folder.id, ownerId: ownerOf });
    return folder;
  };
  const invite = async (folder: ItemRow, invitations: TeamInvitationInput[]) => {
    const inviter = (await findUserById(server.ctx.db, folder.ownerId))!;
    const afterCommit = await server.ctx.db.transaction((tx) =>
      inviteMembers(tx, server.ctx, { folder, inviter, invitations }),
    );
    await afterCommit();
  };
  const inviteOne = async (folder: ItemRow, email: string, permission: 'can_edit' | 'can_view' = 'can_edit') => {
    await invite(folder, [{ email, permission }]);
    return (await invitationsOf(folder.id)).find((i) => i.email === email && i.status === 'pending')!;
  };
  const invitationsOf = (folderId: string) =>
    server.ctx.db.select().from(teamInvitations).where(eq(teamInvitations.folderId, folderId));
  const invitationById = async (id: string) =>
    (await server.ctx.db.select().from(teamInvitations).where(eq(teamInvitations.id, id)))[0]!;
  const membersOf = (folderId: string) =>
    server.ctx.db.select().from(teamMembers).where(eq(teamMembers.folderId, folderId));
  const notificationsOf = (userId: string) =>
    server.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));
  const errorCode = (res: { json(): unknown }) => (res.json() as { code?: string }).code;
  const setPlan = (values: Parameters<typeof writeSettings>[1]) => writeSettings(server.ctx.db, values);

  beforeAll(async () => {
    server = await startTestServer({ APP_URL: 'https://files.example.com' });
    await installWithAdmin(server);
    owner = await signUp('Olga Owner', 'owner@example.com');
    invitee = await signUp('Ivo Invitee', 'invitee@example.com');
    other = await signUp('Otto Other', 'other@example.com');
    ownerId = await userIdOf(server, 'owner@example.com');
    inviteeId = await userIdOf(server, 'invitee@example.com');
  });
  beforeEach(async () => {
    await setPlan({ subscription_type: 'none', default_max_team_member: 10 });
  });
  afterAll(() => server?.close());

  describe('sending', () => {
    it('notifies an existing user in the transaction and mails everyone invited after commit', async () => {
      const folder = await makeTeam(ownerId, 'Design');
      const mailsBefore = server.outbox().length;
      await invite(folder, [
        { email: 'invitee@example.com', permission: 'can_edit' },
        { email: 'Stranger@Example.com', permission: 'can_view' },
      ]);
      const rows = await invitationsOf(folder.id);
      expect(rows.map((r) => [r.email, r.permission, r.status, r.inviterId]).sort()).toEqual([
        ['invitee@example.com', 'can_edit', 'pending', ownerId],
        ['stranger@example.com', 'can_view', 'pending', ownerId],
      ]);
      for (const r of rows) expect(r.color).toMatch(/^#[0-9A-F]{6}$/);
      const forInvitee = rows.find((r) => r.email === 'invitee@example.com')!;
      const forStranger = rows.find((r) => r.email === 'stranger@example.com')!;

      const list = notificationsResponse.parse((await invitee.get('/api/notifications')).json()).data;
      const notice = list.find((n) => n.data.attributes.action?.type === 'invitation');
      expect(notice?.data.attributes).toMatchObject({
        category: 'team-invitation',
        title: 'New team invitation',
        description: 'Olga Owner invites you to join the team folder “Design”.',
        action: { type: 'invitation', params: { id: forInvitee.id } },
      });

      const mails = server.outbox().slice(mailsBefore).map(decodedMail);
      expect(mails).toHaveLength(2);
      const toInvitee = mails.find((m) => m.includes('To: invitee@example.com'))!;
      const toStranger = mails.find((m) => m.includes('To: stranger@example.com'))!;
      expect(toInvitee).toContain('Olga Owner (owner@example.com) invites you to join the team folder “Design”');
      expect(toInvitee).toContain('Join the team folder');
      expect(linkIn(toInvitee, 'team-folder-invitation')).toBe(
        `https://files.example.com/team-folder-invitation/${forInvitee.id}`,
      );
      expect(toStranger).toContain('Join & create account');
      expect(linkIn(toStranger, 'team-folder-invitation')).toBe(
        `https://files.example.com/team-folder-invitation/${forStranger.id}`,
      );
    });

    it('gives a pending email the new permission without a second mail or notification', async () => {
      const folder = await makeTeam();
      const first = await inviteOne(folder, 'invitee@example.com', 'can_view');
      const mails = server.outbox().length;
      const notices = (await notificationsOf(inviteeId)).length;
      await invite(folder, [{ email: 'INVITEE@example.com', permission: 'can_edit' }]);
      const rows = await invitationsOf(folder.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: first.id, permission: 'can_edit', status: 'pending' });
      expect(server.outbox().length).toBe(mails);
      expect((await notificationsOf(inviteeId)).length).toBe(notices);
    });

    it('skips a current member and refuses the owner’s own email, inviting nobody then', async () => {
      const folder = await makeTeam();
      await server.ctx.db
        .insert(teamMembers)
        .values({ folderId: folder.id, userId: inviteeId, permission: 'can_view' });
      const mails = server.outbox().length;
      await invite(folder, [{ email: 'invitee@example.com', permission: 'can_edit' }]);
      expect(await invitationsOf(folder.id)).toEqual([]);
      expect((await membersOf(folder.id))[0]?.permission).toBe('can_view');

      await expect(
        invite(folder, [
          { email: 'someone@example.com', permission: 'can_edit' },
          { email: 'owner@example.com', permission: 'can_edit' },
        ]),
      ).rejects.toMatchObject({ status: 422, code: 'teams.invite_self' });
      expect(await invitationsOf(folder.id)).toEqual([]);
      expect(server.outbox().length).toBe(mails);
    });

    it('does nothing for empty lists', async () => {
      const folder = await makeTeam();
      const inviter = (await findUserById(server.ctx.db, ownerId))!;
      await setPlan({ subscription_type: 'fixed', default_max_team_member: 0 });
      await server.ctx.db.transaction(async (tx) => {
        await assertMayInvite(tx, server.ctx, inviter, []);
        await (
          await inviteMembers(tx, server.ctx, { folder, inviter, invitations: [] })
        )();
      });
      expect(await invitationsOf(folder.id)).toEqual([]);
    });

    it('mails an account only when it takes notification mails, and notifies it anyway', async () => {
      const quiet = await signUp('Quinn Quiet', 'quiet@example.com');
      const quietId = await userIdOf(server, 'quiet@example.com');
      const off = await quiet.post('/api/user/settings', {
        name: 'mail_notifications',
        value: false,
        _method: 'patch',
      });
      expect(off.status).toBe(200);
      const folder = await makeTeam();
      const mails = server.outbox().length;
      await inviteOne(folder, 'quiet@example.com');
      expect(server.outbox().length).toBe(mails);
      expect((await notificationsOf(quietId)).map((n) => n.category)).toEqual(['team-invitation']);
    });
  });

  describe('the invitation page', () => {
    it('shows who invites to what, and how the viewer relates to it', async () => {
      const folder = await makeTeam(ownerId, 'Reports');
      const invitation = await inviteOne(folder, 'invitee@example.com', 'can_view');
      const guest = await server.client().get(`/api/teams/invitations/${invitation.id}`);
      expect(guest.status, guest.body).toBe(200);
      const body = teamInvitationResponse.parse(guest.json());
      expect(body.data.attributes).toMatchObject({
        email: 'invitee@example.com',
        status: 'pending',
        permission: 'can_view',
        isExistedUser: true,
        parent_id: folder.id,
      });
      expect(body.data.relationships.inviter.data).toMatchObject({ id: ownerId, attributes: { name: 'Olga Owner' } });
      expect(body.data.relationships.folder.data).toMatchObject({ id: folder.id, attributes: { name: 'Reports' } });
      expect(body.meta.viewer).toBe('guest');
      expect((await invitee.get(`/api/teams/invitations/${invitation.id}`)).json().meta.viewer).toBe('invitee');
      expect((await other.get(`/api/teams/invitations/${invitation.id}`)).json().meta.viewer).toBe('other');

      const unknown = await inviteOne(folder, 'nobody-yet@example.com');
      const page = teamInvitationResponse.parse(
        (await server.client().get(`/api/teams/invitations/${unknown.id}`)).json(),
      );
      expect(page.data.attributes.isExistedUser).toBe(false);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      const missing = await server.client().get('/api/teams/invitations/00000000-0000-4000-8000-000000000000');
      expect(missing.status).toBe(404);
      expect((await server.client().get('/api/teams/invitations/not-an-id')).status).toBe(404);
      expect((await put(invitee, 'not-an-id')).status).toBe(404);
    });
  });

  describe('answering', () => {
    it('lets the invitee accept: member with the invitation’s permission, buttons gone, the owner told', async () => {
      const folder = await makeTeam(ownerId, 'Budget');
      const invitation = await inviteOne(folder, 'invitee@example.com', 'can_view');
      const ownerNotices = (await notificationsOf(ownerId)).length;
      const res = await put(invitee, invitation.id);
      expect(res.status, res.body).toBe(200);
      expect(res.json()).toEqual({ type: 'success', message: 'You joined the team folder.' });

      expect((await membersOf(folder.id)).map((m) => [m.userId, m.permission])).toEqual([[inviteeId, 'can_view']]);
      expect(await invitationById(invitation.id)).toMatchObject({ status: 'accepted', respondedAt: expect.any(Date) });
      const notices = await notificationsOf(inviteeId);
      expect(notices.some((n) => n.action?.type === 'invitation' && n.action.params.id === invitation.id)).toBe(false);
      expect(notices.some((n) => n.description.includes('“Budget”') && n.action === null)).toBe(true);
      const told = (await notificationsOf(ownerId)).slice(ownerNotices);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        category: 'team-invitation',
        title: 'Ivo Invitee joined “Budget”',
        action: { type: 'route', params: { route: 'TeamFolders', id: folder.id } },
      });

      // Used: every later answer and the page say it is gone.
      for (const again of [put(invitee, invitation.id), del(invitee, invitation.id)]) {
        const r = await again;
        expect(r.status).toBe(410);
        expect(errorCode(r)).toBe('teams.invitation_gone');
      }
      const page = await server.client().get(`/api/teams/invitations/${invitation.id}`);
      expect(page.status).toBe(410);
      expect(page.json()).toMatchObject({
        code: 'teams.invitation_gone',
        message: 'This invitation was already used, declined or withdrawn.',
      });
    });

    it('lets the invitee decline: no member, buttons gone, later answers 410', async () => {
      const folder = await makeTeam();
      const invitation = await inviteOne(folder, 'invitee@example.com');
      const ownerNotices = (await notificationsOf(ownerId)).length;
      const res = await del(invitee, invitation.id);
      expect(res.status, res.body).toBe(200);
      expect((await invitationById(invitation.id)).status).toBe('declined');
      expect(await membersOf(folder.id)).toEqual([]);
      const notices = await notificationsOf(inviteeId);
      expect(notices.some((n) => n.action?.type === 'invitation' && n.action.params.id === invitation.id)).toBe(false);
      expect((await notificationsOf(ownerId)).length).toBe(ownerNotices);
      expect((await put(invitee, invitation.id)).status).toBe(410);
      expect((await del(invitee, invitation.id)).status).toBe(410);
    });

    it('answers 404 to another signed-in user and 401 without a session, changing nothing', async () => {
      const folder = await makeTeam();
      const invitation = await inviteOne(folder, 'invitee@example.com');
      const guest = server.client();
      for (const [client, status] of [
        [other, 404],
        [owner, 404],
        [guest, 401],
      ] as const) {
        expect((await put(client, invitation.id)).status).toBe(status);
        expect((await del(client, invitation.id)).status).toBe(status);
      }
      expect(await invitationById(invitation.id)).toMatchObject({ status: 'pending', respondedAt: null });
      expect(await membersOf(folder.id)).toEqual([]);
      const notices = await notificationsOf(inviteeId);
      expect(notices.some((n) => n.action?.type === 'invitation' && n.action.params.id === invitation.id)).toBe(true);

      // Once used, a stranger still learns nothing but 404.
      expect((await put(invitee, invitation.id)).status).toBe(200);
      expect((await put(other, invitation.id)).status).toBe(404);
      expect((await del(other, invitation.id)).status).toBe(404);
    });

    it('lets exactly one of two answers at once win; the other gets 410', async () => {
      const folder = await makeTeam();
      const invitation = await inviteOne(folder, 'invitee@example.com');
      const ownerNotices = (await notificationsOf(ownerId)).length;
      const second = server.client();
      const login = await second.post('/api/login', { email: 'invitee@example.com', password: 'user-password-1' });
      expect(login.status).toBe(200);
      const statuses = (await Promise.all([put(invitee, invitation.id), put(second, invitation.id)])).map(
        (r) => r.status,
      );
      expect(statuses.sort()).toEqual([200, 410]);
      expect(await membersOf(folder.id)).toHaveLength(1);
      expect((await notificationsOf(ownerId)).length).toBe(ownerNotices + 1);

      const next = await inviteOne(await makeTeam(), 'invitee@example.com');
      const mixed = await Promise.all([put(invitee, next.id), del(second, next.id)]);
      expect(mixed.map((r) => r.status).sort()).toEqual([200, 410]);
      const status = (await invitationById(next.id)).status;
      expect(['accepted', 'declined']).toContain(status);
      expect((await membersOf(next.folderId)).length).toBe(status === 'accepted' ? 1 : 0);
    });

    it('answers 410 once the invitation is withdrawn or the team is gone', async () => {
      const folder = await makeTeam();
      const withdrawn = await inviteOne(folder, 'invitee@example.com');
      const kept = await inviteOne(folder, 'kept@example.com');
      await server.ctx.db.transaction((tx) => withdrawInvitations(tx, folder.id, ['KEPT@example.com']));
      expect((await invitationById(withdrawn.id)).status).toBe('withdrawn');
      expect((await invitationById(kept.id)).status).toBe('pending');
      const notices = await notificationsOf(inviteeId);
      expect(notices.some((n) => n.action?.type === 'invitation' && n.action.params.id === withdrawn.id)).toBe(false);
      expect((await server.client().get(`/api/teams/invitations/${withdrawn.id}`)).status).toBe(410);
      expect((await put(invitee, withdrawn.id)).status).toBe(410);
      expect((await del(invitee, withdrawn.id)).status).toBe(410);
      expect(await membersOf(folder.id)).toEqual([]);

      await server.ctx.db.transaction((tx) => withdrawInvitations(tx, folder.id, null));
      expect((await invitationById(kept.id)).status).toBe('withdrawn');

      // A team dissolved without withdrawing (it should not happen) still refuses the invitation.
      const other = await makeTeam();
      const orphan = await inviteOne(other, 'invitee@example.com');
      await server.ctx.db.delete(teamFolders).where(eq(teamFolders.folderId, other.id));
      expect((await put(invitee, orphan.id)).status).toBe(410);
      expect((await invitationById(orphan.id)).status).toBe('pending');
    });

    it('gives someone who signs up with the invited email the notification, and lets them accept', async () => {
      const folder = await makeTeam(ownerId, 'Welcome');
      const invitation = await inviteOne(folder, 'newcomer@example.com', 'can_view');
      const page = teamInvitationResponse.parse(
        (await server.client().get(`/api/teams/invitations/${invitation.id}`)).json(),
      );
      expect(page.data.attributes.isExistedUser).toBe(false);

      const newcomer = await signUp('Nina Newcomer', 'Newcomer@Example.com');
      const newcomerId = await userIdOf(server, 'newcomer@example.com');
      const list = notificationsResponse.parse((await newcomer.get('/api/notifications')).json()).data;
      expect(list.map((n) => n.data.attributes)).toEqual([
        expect.objectContaining({
          category: 'team-invitation',
          description: 'Olga Owner invites you to join the team folder “Welcome”.',
          action: { type: 'invitation', params: { id: invitation.id } },
        }),
      ]);
      // Nothing is accepted for them.
      expect(await membersOf(folder.id)).toEqual([]);
      expect((await invitationById(invitation.id)).status).toBe('pending');
      expect((await newcomer.get(`/api/teams/invitations/${invitation.id}`)).json().meta.viewer).toBe('invitee');

      expect((await put(newcomer, invitation.id)).status).toBe(200);
      expect((await membersOf(folder.id)).map((m) => [m.userId, m.permission])).toEqual([[newcomerId, 'can_view']]);
      expect((await notificationsOf(newcomerId)).every((n) => n.action === null)).toBe(true);
    });
  });

  describe('the member limit (spec §5)', () => {
    let limited: TestClient;
    let limitedId: string;
    const limitedRow = async () => (await findUserById(server.ctx.db, limitedId))!;
    const limitations = async () => userResource.parse((await limited.get('/api/user')).json()).data.meta;

    beforeAll(async () => {
      limited = await signUp('Lea Limited', 'limited@example.com');
      limitedId = await userIdOf(server, 'limited@example.com');
    });
    beforeEach(async () => {
      await server.ctx.db.delete(teamFolders).where(eq(teamFolders.ownerId, limitedId));
      await server.ctx.db.delete(teamInvitations).where(eq(teamInvitations.inviterId, limitedId));
      await server.ctx.db.delete(teamMembers).where(eq(teamMembers.userId, limitedId));
      await server.ctx.db.update(users).set({ maxTeamMembers: null }).where(eq(users.id, limitedId));
    });

    it('blocks a fixed plan at its total, counting each email once, and changes nothing when it does', async () => {
      await setPlan({ subscription_type: 'fixed', default_max_team_member: 2 });
      const a = await makeTeam(limitedId);
      const b = await makeTeam(limitedId);
      await invite(a, [{ email: 'one@example.com', permission: 'can_edit' }]);
      // The same email into a second team and a member already counted never count twice.
      await server.ctx.db.insert(teamMembers).values({ folderId: a.id, userId: inviteeId, permission: 'can_view' });
      await invite(b, [
        { email: 'one@example.com', permission: 'can_view' },
        { email: 'invitee@example.com', permission: 'can_view' },
      ]);
      expect((await teamEmailsOf(server.ctx.db, limitedId)).sort()).toEqual(['invitee@example.com', 'one@example.com']);

      const mails = server.outbox().length;
      const notices = (await notificationsOf(await userIdOf(server, 'other@example.com'))).length;
      await expect(invite(b, [{ email: 'other@example.com', permission: 'can_edit' }])).rejects.toMatchObject({
        status: 403,
        code: 'teams.member_limit',
      });
      expect((await invitationsOf(b.id)).map((i) => i.email).sort()).toEqual([
        'invitee@example.com',
        'one@example.com',
      ]);
      expect(server.outbox().length).toBe(mails);
      expect((await notificationsOf(await userIdOf(server, 'other@example.com'))).length).toBe(notices);
      // Changing the permission of someone counted is still allowed at the limit.
      await invite(b, [{ email: 'one@example.com', permission: 'can_edit' }]);

      const meta = await limitations();
      expect(meta.limitations.max_team_members).toEqual({
        total: 2,
        meta: { allowed_emails: ['invitee@example.com', 'one@example.com'] },
      });
      expect(meta.restrictions.canInviteTeamMembers).toBe(false);
      expect(meta.restrictions.canCreateTeamFolder).toBe(true);

      // Withdrawing frees a place.
      await server.ctx.db.transaction((tx) => withdrawInvitations(tx, a.id, null));
      await server.ctx.db.transaction((tx) => withdrawInvitations(tx, b.id, ['invitee@example.com']));
      await invite(b, [{ email: 'other@example.com', permission: 'can_edit' }]);
    });

    it('counts the people of teams the user belongs to, the owner included', async () => {
      await setPlan({ subscription_type: 'fixed', default_max_team_member: 2 });
      const theirs = await makeTeam(ownerId);
      await server.ctx.db.insert(teamMembers).values([
        { folderId: theirs.id, userId: limitedId, permission: 'can_edit' },
        { folderId: theirs.id, userId: inviteeId, permission: 'can_view' },
      ]);
      expect((await teamEmailsOf(server.ctx.db, limitedId)).sort()).toEqual([
        'invitee@example.com',
        'owner@example.com',
      ]);
      const mine = await makeTeam(limitedId);
      await expect(invite(mine, [{ email: 'x@example.com', permission: 'can_edit' }])).rejects.toMatchObject({
        code: 'teams.member_limit',
      });
      await invite(mine, [{ email: 'invitee@example.com', permission: 'can_edit' }]);
      expect(await invitationsOf(mine.id)).toHaveLength(1);
    });

    it('never blocks with no plan, a metered plan or a total of -1, and reports -1 then', async () => {
      const user = await limitedRow();
      const many = Array.from({ length: 5 }, (_, i) => `many${i}@example.com`);
      for (const plan of [
        { subscription_type: 'none', default_max_team_member: 0 },
        { subscription_type: 'metered', default_max_team_member: 0 },
        { subscription_type: 'fixed', default_max_team_member: -1 },
      ] as const) {
        await setPlan(plan);
        await server.ctx.db.transaction((tx) => assertMayInvite(tx, server.ctx, user, many));
        const meta = await limitations();
        expect(meta.limitations.max_team_members.total).toBe(-1);
        expect(meta.restrictions.canInviteTeamMembers).toBe(true);
      }
      const folder = await makeTeam(limitedId);
      await invite(
        folder,
        many.map((email) => ({ email, permission: 'can_view' })),
      );
      expect(await invitationsOf(folder.id)).toHaveLength(5);
    });

    it('takes the user’s own limit before the default on a fixed plan', async () => {
      await setPlan({ subscription_type: 'fixed', default_max_team_member: 10 });
      await server.ctx.db.update(users).set({ maxTeamMembers: 1 }).where(eq(users.id, limitedId));
      const user = await limitedRow();
      await server.ctx.db.transaction((tx) => assertMayInvite(tx, server.ctx, user, ['a@example.com']));
      await expect(
        server.ctx.db.transaction((tx) => assertMayInvite(tx, server.ctx, user, ['a@example.com', 'b@example.com'])),
      ).rejects.toMatchObject({ status: 403, code: 'teams.member_limit' });
      // The user's own email is never a member.
      await server.ctx.db.transaction((tx) =>
        assertMayInvite(tx, server.ctx, user, ['limited@example.com', 'a@example.com']),
      );
      expect((await limitations()).limitations.max_team_members.total).toBe(1);
    });
  });

  it('keeps a pending invitation per email and folder even when two invite at once', async () => {
    const folder = await makeTeam();
    await Promise.all([inviteOne(folder, 'twice@example.com'), inviteOne(folder, 'twice@example.com')]);
    const rows = (await invitationsOf(folder.id)).filter((r) => r.status === 'pending');
    expect(rows).toHaveLength(1);
    expect(
      await server.ctx.db
        .select()
        .from(teamInvitations)
        .where(and(eq(teamInvitations.folderId, folder.id), eq(teamInvitations.email, 'twice@example.com'))),
    ).toHaveLength(1);
  });
});
