import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodedMail,
  installWithAdmin,
  registerUser,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';

describe('languages and the string editor', () => {
  let server: TestServer;
  let admin: TestClient;
  let user: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
    user = await registerUser(server, 'lena@example.com');
  });
  afterAll(() => server.close());

  const languages = async () => (await admin.get('/api/admin/languages')).json();
  const idOf = async (locale: string): Promise<string> =>
    (await languages()).data.find((l: { locale: string }) => l.locale === locale).id;
  const add = (locale: string, name?: string) => admin.post('/api/admin/languages', { locale, name });
  const edit = (id: string, name: string, value: string | null) =>
    admin.request('PATCH', `/api/admin/languages/${id}/strings`, { name, value });

  it('answers 401 to visitors and 403 to users on every call', async () => {
    const id = await idOf('en');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/languages'],
      ['POST', '/api/admin/languages', { locale: 'fr' }],
      ['GET', `/api/admin/languages/${id}`],
      ['PATCH', `/api/admin/languages/${id}`, { name: 'X' }],
      ['DELETE', `/api/admin/languages/${id}`],
      ['PATCH', `/api/admin/languages/${id}/strings`, { name: 'common.close', value: 'X' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await server.client().request(method, url, body)).status, `${method} ${url}`).toBe(401);
      expect((await user.request(method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    expect((await languages()).data).toHaveLength(1);
  });

  it('starts with English as the default, and offers the shipped catalogues', async () => {
    const answer = await languages();
    expect(answer.data).toEqual([
      expect.objectContaining({ locale: 'en', name: 'English', is_default: true, built_in: true, edited: 0 }),
    ]);
    expect(answer.meta.default).toBe('en');
    expect(answer.meta.built_in).toContainEqual({ locale: 'en', name: 'English' });
  });

  it('adds a language under its own name, once; a code that is no language is refused', async () => {
    const res = await add('de');
    expect(res.status).toBe(201);
    expect(res.json().data).toMatchObject({ locale: 'de', name: 'Deutsch', is_default: false, edited: 0 });
    expect((await add('DE')).status).toBe(409);
    expect((await add('de')).json().code).toBe('language.exists');
    const custom = await add('pt_br', 'Português do Brasil');
    expect(custom.status).toBe(201);
    expect(custom.json().data).toMatchObject({ locale: 'pt-BR', name: 'Português do Brasil', built_in: false });
    for (const locale of ['x', 'english!', '12']) expect((await add(locale)).status, locale).toBe(422);
    expect((await languages()).data.map((l: { locale: string }) => l.locale)).toEqual(['en', 'de', 'pt-BR']);
  });

  it('renames a language', async () => {
    const id = await idOf('pt-BR');
    const res = await admin.request('PATCH', `/api/admin/languages/${id}`, { name: 'Brasileiro' });
    expect(res.status).toBe(200);
    expect(res.json().data.name).toBe('Brasileiro');
    expect((await admin.request('PATCH', `/api/admin/languages/${id}`, { name: '' })).status).toBe(422);
    expect((await admin.request('PATCH', `/api/admin/languages/${id}`, {})).status).toBe(422);
  });

  it('never deletes English or the default language', async () => {
    const en = await idOf('en');
    const de = await idOf('de');
    const refused = await admin.request('DELETE', `/api/admin/languages/${en}`);
    expect(refused.status).toBe(422);
    expect(refused.json().code).toBe('language.english_protected');

    const made = await admin.request('PATCH', `/api/admin/languages/${de}`, { default: true });
    expect(made.json().data.is_default).toBe(true);
    expect((await server.client().get('/api/config')).json().locale).toBe('de');
    const isDefault = await admin.request('DELETE', `/api/admin/languages/${de}`);
    expect(isDefault.status).toBe(422);
    expect(isDefault.json().code).toBe('language.default_protected');

    await admin.request('PATCH', `/api/admin/languages/${en}`, { default: true });
    expect((await languages()).meta.default).toBe('en');
    // The settings call takes only an installed language for the default too.
    const notInstalled = await admin.request('PATCH', '/api/admin/settings', { name: 'language', value: 'fr' });
    expect(notInstalled.status).toBe(422);
    expect((await admin.request('PATCH', '/api/admin/settings', { name: 'language', value: 'de' })).status).toBe(200);
    expect((await admin.request('PATCH', '/api/admin/settings', { name: 'language', value: 'en' })).status).toBe(200);
  });

  it('serves an edited string at once, with a new ETag, and takes the edit back', async () => {
    const de = await idOf('de');
    const before = await server.client().get('/translations/de');
    expect(before.status).toBe(200);
    const etag = before.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(before.headers['cache-control']).toBe('no-cache');
    const cached = await server.client().request('GET', '/translations/de', undefined, { 'if-none-match': etag });
    expect(cached.status).toBe(304);

    const saved = await edit(de, 'common.close', 'Fenster schließen');
    expect(saved.status).toBe(200);
    expect(saved.json().data).toEqual({
      key: 'common.close',
      english: 'Close',
      value: 'Fenster schließen',
      source: 'edited',
    });

    const after = await server.client().request('GET', '/translations/de', undefined, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.json()['common.close']).toBe('Fenster schließen');
    expect(after.headers.etag).not.toBe(etag);
    // Every other key is still there (English where the locale has no text yet).
    expect(Object.keys(after.json()).length).toBeGreaterThan(500);
    expect((await server.client().get('/translations/en')).json()['common.close']).toBe('Close');

    const detail = (await admin.get(`/api/admin/languages/${de}`)).json();
    expect(detail.data.edited).toBe(1);
    expect(detail.strings).toContainEqual({
      key: 'common.close',
      english: 'Close',
      value: 'Fenster schließen',
      source: 'edited',
    });

    const reset = await edit(de, 'common.close', null);
    expect(reset.json().data.source).not.toBe('edited');
    // Back to the shipped German text.
    expect((await server.client().get('/translations/de')).json()['common.close']).toBe('Schließen');
    expect((await server.client().get('/translations/fr')).status).toBe(404);
  });

  it('refuses a text that drops or invents a placeholder or a tag, and an unknown key', async () => {
    const de = await idOf('de');
    const dropped = await edit(de, 'startup.failed_description', 'Die Seite lädt gleich neu.');
    expect(dropped.status).toBe(422);
    expect(dropped.json().code).toBe('language.placeholders');
    expect(dropped.json().details.missing).toEqual(['seconds']);
    expect(dropped.json().errors.value[0]).toContain('{{seconds}}');
    const invented = await edit(de, 'startup.failed_description', 'In {{seconds}} {{units}}.');
    expect(invented.json().details.unknown).toEqual(['units']);
    const tags = await edit(de, 'cookies.text', 'Wir nutzen Cookies. Lesen Sie unsere Richtlinie.');
    expect(tags.status).toBe(422);
    expect(tags.json().details.tags).toBe(true);
    const unknown = await edit(de, 'no.such.key', 'x');
    expect(unknown.status).toBe(404);
    expect(unknown.json().code).toBe('language.unknown_key');
    // A plural form the locale has and English lacks is a key of that language (Slovak's "few").
    expect((await add('sk')).status).toBe(201);
    const sk = await idOf('sk');
    const few = await edit(sk, 'mail.filled.line_few', 'Vaša žiadosť „{{folder}}“ je hotová: prišli {{count}} súbory.');
    expect(few.status).toBe(200);
    const one = await edit(sk, 'mail.filled.line_one', 'Vaša žiadosť „{{folder}}“ je hotová: prišiel jeden súbor.');
    expect(one.status).toBe(200);
    expect((await server.client().get('/translations/de')).json()['startup.failed_description']).toContain(
      '{{seconds}}',
    );
  });

  it('lets a user pick an installed language, for their screens and mails', async () => {
    const pick = (value: string) => user.request('PATCH', '/api/user/settings', { name: 'language', value });
    const refused = await pick('fr');
    expect(refused.status).toBe(422);
    expect(refused.json().errors.language).toBeDefined();
    expect((await pick('not a locale')).status).toBe(422);

    const chosen = await pick('de');
    expect(chosen.status).toBe(200);
    expect(chosen.json().data.relationships.settings.data.attributes.language).toBe('de');
    expect((await user.get('/api/config')).json().locale).toBe('de');
    expect((await server.client().get('/api/config')).json().locale).toBe('en');
    expect((await user.get('/api/languages')).json()).toEqual({
      data: expect.arrayContaining([{ locale: 'de', name: 'Deutsch' }]),
      meta: { default: 'en' },
    });

    // The page itself carries the user's catalogue, edits included.
    const de = await idOf('de');
    expect((await edit(de, 'common.loading', 'Wird geladen…')).status).toBe(200);
    const page = await user.request('GET', '/platform/files', undefined, { accept: 'text/html' });
    expect(page.body).toContain('Wird geladen…');

    // A mail in their language, with the string edited a moment ago.
    expect((await edit(de, 'mail.reset.line', 'Wir haben eine Anfrage zum Zuruecksetzen erhalten.')).status).toBe(200);
    expect((await edit(de, 'mail.reset.subject', 'Neues Passwort fuer {{app}}')).status).toBe(200);
    const before = server.outbox().length;
    expect((await server.client().post('/api/password/recover', { email: 'lena@example.com' })).status).toBe(200);
    const mail = decodedMail(server.outbox().at(-1) ?? '');
    expect(server.outbox().length).toBe(before + 1);
    expect(mail).toContain('Wir haben eine Anfrage zum Zuruecksetzen erhalten.');
    expect(mail).toContain('Neues Passwort fuer');

    // Someone who chose nothing reads the default (English) mail.
    await registerUser(server, 'otto@example.com');
    await server.client().post('/api/password/recover', { email: 'otto@example.com' });
    const english = decodedMail(server.outbox().at(-1) ?? '');
    expect(english).toContain('We received a request to reset the password of your account.');

    // Back to the app's language: null.
    const cleared = await pick('');
    expect(cleared.json().data.relationships.settings.data.attributes.language).toBeNull();
  });

  it('deleting a language sends its readers back to the default', async () => {
    const pt = await idOf('pt-BR');
    const pick = await user.request('PATCH', '/api/user/settings', { name: 'language', value: 'pt-BR' });
    expect(pick.status).toBe(200);
    expect((await user.get('/api/config')).json().locale).toBe('pt-BR');
    expect((await admin.request('DELETE', `/api/admin/languages/${pt}`)).status).toBe(204);
    expect((await user.get('/api/user')).json().data.relationships.settings.data.attributes.language).toBeNull();
    expect((await user.get('/api/config')).json().locale).toBe('en');
    expect((await server.client().get('/translations/pt-BR')).status).toBe(404);
    expect((await admin.request('DELETE', `/api/admin/languages/${pt}`)).status).toBe(404);
  });
});
