import { appConfig, homepageResponse, pageResource } from '@filestore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';

/** Issue 16 points 4 and 6: the admin's legal pages and the homepage's settings, sanitised on the way out. */
describe('site pages and homepage', () => {
  let server: TestServer;
  let admin: TestClient;
  let user: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
    user = await registerUser(server, 'user@example.com', 'user-password-1', '10.7.0.1');
  });
  afterAll(() => server.close());

  it('keeps the admin pages API from visitors (401) and users (403)', async () => {
    const visitor = server.client('10.7.0.2');
    for (const [method, url, body] of [
      ['GET', '/api/admin/pages', undefined],
      ['GET', '/api/admin/pages/cookie-policy', undefined],
      ['PATCH', '/api/admin/pages/cookie-policy', { title: 'Hacked' }],
      ['POST', '/api/admin/pages/preview', { content: 'x' }],
    ] as const) {
      expect((await visitor.request(method, url, body)).status, `${method} ${url}`).toBe(401);
      expect((await user.request(method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    expect((await server.client().get('/api/page/cookie-policy')).json().data.attributes.title).toBe('Cookie Policy');
  });

  it('lists the three pages and changes one column at a time or several at once', async () => {
    const list = (await admin.get('/api/admin/pages')).json();
    expect(list.data.map((p: { id: string }) => p.id)).toEqual(['cookie-policy', 'privacy-policy', 'terms-of-service']);

    const one = await admin.request('PATCH', '/api/admin/pages/terms-of-service', { name: 'title', value: 'Terms' });
    expect(one.status, one.body).toBe(200);
    expect(one.json().data.attributes.title).toBe('Terms');

    const many = await admin.request('PATCH', '/api/admin/pages/cookie-policy', {
      title: 'Cookies here',
      content: '## What we keep\n\nA **session** cookie. See [privacy](/page/privacy-policy).',
      visibility: true,
    });
    expect(many.status, many.body).toBe(200);
    const page = pageResource.parse(many.json()).data.attributes;
    expect(page.content).toContain('## What we keep');
    expect(page.content_html).toContain('<h2>What we keep</h2>');
    expect(page.content_html).toContain('<strong>session</strong>');
    expect(page.content_html).toContain('<a href="/page/privacy-policy">privacy</a>');
  });

  it('refuses bad input with 422 naming the field, and an unknown page with 404', async () => {
    const empty = await admin.request('PATCH', '/api/admin/pages/cookie-policy', { name: 'title', value: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.json().errors).toHaveProperty('title');
    const visibility = await admin.request('PATCH', '/api/admin/pages/cookie-policy', {
      name: 'visibility',
      value: 'yes',
    });
    expect(visibility.status).toBe(422);
    expect(visibility.json().errors).toHaveProperty('visibility');
    const long = await admin.request('PATCH', '/api/admin/pages/cookie-policy', { content: 'x'.repeat(100_001) });
    expect(long.status).toBe(422);
    expect((await admin.request('PATCH', '/api/admin/pages/cookie-policy', { name: 'slug', value: 'x' })).status).toBe(
      422,
    );
    expect((await admin.request('PATCH', '/api/admin/pages/nope', { title: 'x' })).status).toBe(404);
    expect((await admin.get('/api/admin/pages/nope')).status).toBe(404);
  });

  it('never lets a script, an event handler or a javascript: link out of Markdown', async () => {
    const evil = [
      '# Hi <script>alert(1)</script>',
      '[click](javascript:alert(2)) and [data](data:text/html;base64,PHNjcmlwdD4=)',
      '<img src=x onerror="alert(3)"> <iframe src="https://evil.example"></iframe>',
      '<a href="JaVaScRiPt:alert(4)">x</a> <p onclick="alert(5)">p</p>',
      '[out](https://example.com)',
    ].join('\n\n');
    const res = await admin.request('PATCH', '/api/admin/pages/privacy-policy', { content: evil });
    expect(res.status, res.body).toBe(200);
    const fromPage = (await server.client().get('/api/page/privacy-policy')).json().data.attributes.content_html;
    const fromPreview = (await admin.post('/api/admin/pages/preview', { content: evil })).json().data.content_html;
    for (const html of [fromPage, fromPreview] as string[]) {
      expect(html).not.toMatch(/<script|javascript:|onerror|onclick|<iframe|<img|data:text/i);
      expect(html).toContain(
        '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">out</a>',
      );
    }
  });

  it('hides a hidden page from visitors (404) and the footer, not from the admin', async () => {
    const hide = await admin.request('PATCH', '/api/admin/pages/terms-of-service', {
      name: 'visibility',
      value: false,
    });
    expect(hide.status).toBe(200);
    expect((await server.client().get('/api/page/terms-of-service')).status).toBe(404);
    expect((await user.get('/api/page/terms-of-service')).status).toBe(404);
    expect((await admin.get('/api/page/terms-of-service')).status).toBe(200);
    const config = appConfig.strict().parse((await server.client().get('/api/config')).json());
    expect(config.legal).toEqual([
      { slug: 'cookie-policy', title: 'Cookies here' },
      { slug: 'privacy-policy', title: 'Privacy Policy' },
    ]);
    await admin.request('PATCH', '/api/admin/pages/terms-of-service', { name: 'visibility', value: true });
    expect((await server.client().get('/api/page/terms-of-service')).status).toBe(200);
  });

  it('serves the homepage sections from settings, cleaned, and leaves out the ones turned off', async () => {
    const home = async () => homepageResponse.parse((await server.client().get('/api/homepage')).json()).data;
    const stored = async (name: string) => (await admin.get('/api/admin/settings')).json().data[name];
    // The admin types plain text with **the accented words**; the page gets the accent span.
    expect(await stored('header_title')).toBe('Your files, **safely stored** and easy to share');
    expect((await home()).header.title).toBe(
      'Your files, <span class="text-theme">safely stored</span> and easy to share',
    );

    const set = (name: string, value: unknown) => admin.request('PATCH', '/api/admin/settings', { name, value });
    expect((await set('header_title', 'Hello **world** <script>alert(1)</script>& <friends>')).status).toBe(200);
    expect(
      (await set('header_description', '[x](javascript:alert(1)) [docs](https://example.com/a?b=1&c=2) 1 < 2')).status,
    ).toBe(200);
    expect(
      (await set('footer_content', '<img src=x onerror=alert(1)>© <a href="https://example.com">Us</a>')).status,
    ).toBe(200);
    expect((await set('section_features', false)).status).toBe(200);
    const data = await home();
    expect(data.header.title).toBe('Hello <span class="text-theme">world</span> &amp;');
    expect(data.header.description).toBe(
      '[x](javascript:alert(1)) <a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">docs</a> 1 &lt; 2',
    );
    expect(data.features).toBeNull();
    expect(data.featureBoxes).toHaveLength(3);
    const config = (await server.client().get('/api/config')).json();
    expect(config.footerContent).not.toMatch(/img|onerror/);
    expect(config.footerContent).toContain('href="https://example.com"');
    // The admin reads back what was stored: plain text, any HTML typed turned into its plain form.
    expect(await stored('header_title')).toBe('Hello **world** &');
    expect(await stored('footer_content')).toBe('© [Us](https://example.com)');
  });

  it('reads copy stored as HTML before issue 41 into plain text, keeping its accent', async () => {
    await server.ctx.db.execute(sql`
      insert into settings (name, value) values
        ('features_title', ${JSON.stringify('Made for <span class="text-theme">teams</span> &amp; <b>you</b>')}::jsonb)
      on conflict (name) do update set value = excluded.value`);
    expect((await admin.get('/api/admin/settings')).json().data.features_title).toBe('Made for **teams** & **you**');
    expect(
      (await admin.request('PATCH', '/api/admin/settings', { name: 'section_features', value: true })).status,
    ).toBe(200);
    const home = homepageResponse.parse((await server.client().get('/api/homepage')).json()).data;
    expect(home.features?.title).toBe(
      'Made for <span class="text-theme">teams</span> &amp; <span class="text-theme">you</span>',
    );
  });

  it('reads old copy whose only HTML is an escaped character (an ampersand, a quote) as its plain text', async () => {
    // Before issue 41 every value was cleaned to HTML when written: "Upload & share" was stored as
    // "Upload &amp; share", with no tag in it. Read as plain text, the page escaped it once more.
    await server.ctx.db.execute(sql`
      insert into settings (name, value) values
        ('header_description', ${JSON.stringify('Upload &amp; share, 1 &lt; 2 &quot;fast&quot;')}::jsonb),
        ('footer_content', ${JSON.stringify('© 2026 Acme &amp; Co.')}::jsonb)
      on conflict (name) do update set value = excluded.value`);
    const settings = (await admin.get('/api/admin/settings')).json().data;
    expect(settings.header_description).toBe('Upload & share, 1 < 2 "fast"');
    expect(settings.footer_content).toBe('© 2026 Acme & Co.');
    const home = homepageResponse.parse((await server.client().get('/api/homepage')).json()).data;
    expect(home.header.description).toBe('Upload &amp; share, 1 &lt; 2 "fast"');
    expect(appConfig.parse((await server.client().get('/api/config')).json()).footerContent).toBe(
      '© 2026 Acme &amp; Co.',
    );
  });

  it('refuses bad homepage, analytics and ads values with 422 naming the setting', async () => {
    for (const [name, value] of [
      ['header_title', 'x'.repeat(201)],
      ['section_get_started', 'maybe'],
      ['google_analytics', 'not an id'],
      ['adsense_client_id', 'pub-123'],
      ['adsense_banner_01', '12ab'],
    ] as const) {
      const res = await admin.request('PATCH', '/api/admin/settings', { name, value });
      expect(res.status, name).toBe(422);
      expect(res.json().errors, name).toHaveProperty(name);
    }
  });

  it('publishes analytics and ads in the config only once configured', async () => {
    const config = async () => appConfig.strict().parse((await server.client().get('/api/config')).json());
    expect((await config()).analytics.googleTagId).toBeNull();
    expect((await config()).adsense.clientId).toBeNull();
    const set = (name: string, value: unknown) => admin.request('PATCH', '/api/admin/settings', { name, value });
    expect((await set('google_analytics', 'G-ABC123XYZ')).status).toBe(200);
    expect((await set('adsense_client_id', 'ca-pub-1234567890123456')).status).toBe(200);
    expect((await set('adsense_banner_02', '1234567890')).status).toBe(200);
    // A publisher id without AdSense switched on shows no ads.
    expect((await config()).adsense.clientId).toBeNull();
    expect((await set('allowed_adsense', true)).status).toBe(200);
    const after = await config();
    expect(after.analytics.googleTagId).toBe('G-ABC123XYZ');
    expect(after.adsense).toMatchObject({ clientId: 'ca-pub-1234567890123456', banner02: '1234567890' });
    expect((await set('google_analytics', '')).status).toBe(200);
    expect((await config()).analytics.googleTagId).toBeNull();
  });
});
