import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  postMultipart,
  registerUser,
  startTestServer,
  uploadFile,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { readSettings } from '../settings/index.js';
import { BLOB_DELETIONS_JOB } from '../storage/index.js';

const png = (width = 400, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.5 } } })
    .withExif({ IFD0: { Copyright: 'exif-must-go' } })
    .png()
    .toBuffer();

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

describe('settings tabs: appearance, environment, others (issue 16 point 3)', () => {
  let server: TestServer;
  let admin: TestClient;
  let user: TestClient;
  let visitor: TestClient;
  let smtp: SMTPServer;
  let smtpPort = 0;
  const received: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
    user = await registerUser(server);
    visitor = server.client();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, done) {
        if (auth.username === 'mailer' && auth.password === 'smtp-pass-123') done(null, { user: 'mailer' });
        else done(new Error('Invalid username or password'));
      },
      onData(stream: SMTPServerDataStream, _session, done: () => void) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push(data);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  const patch = (name: string, value: unknown) => admin.request('PATCH', '/api/admin/settings', { name, value });
  const uploadImage = (client: TestClient, key: string, content: Buffer, contentType = 'image/png') =>
    postMultipart(server, client, `/api/admin/settings/images/${key}`, {}, { field: 'image', content, contentType });

  it('answers 401 to a visitor and 403 to a user on every new endpoint', async () => {
    const image = await png();
    for (const [client, status] of [
      [visitor, 401],
      [user, 403],
    ] as const) {
      expect((await uploadImage(client, 'app_logo', image)).status).toBe(status);
      expect((await client.request('DELETE', '/api/admin/settings/images/app_logo')).status).toBe(status);
      expect((await client.get('/api/admin/environment')).status).toBe(status);
      expect((await client.request('PUT', '/api/admin/environment/storage', { driver: 'local' })).status).toBe(status);
      expect((await client.request('PUT', '/api/admin/environment/mail', { driver: 'outbox' })).status).toBe(status);
    }
    expect((await readSettings(server.ctx.db)).app_logo).toBeNull();
  });

  describe('others and the registry', () => {
    it.each([
      ['app_color', 'red'],
      ['app_color', 5],
      ['contact_email', 'not-an-email'],
      ['google_analytics', 'tracking'],
      ['upload_limit', -1],
      ['upload_limit', 'ten'],
      ['chunk_size', 2],
      ['default_max_storage_amount', 0],
      ['default_max_team_member', 1.5],
      ['subscription_type', 'lifetime'],
      ['mimetypes_blacklist', ['exe', 'not a type!']],
      ['mimetypes_blacklist', 'exe'],
      ['storage_limitation', 'maybe'],
    ])('refuses %s = %j with 422 naming the setting', async (name, value) => {
      const res = await patch(name, value);
      expect(res.status).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation.failed', errors: { [name]: [expect.any(String)] } });
    });

    it('refuses an unknown key with 422 naming it, and an image key written as text', async () => {
      const unknown = await patch('app_colour', '#ffffff');
      expect(unknown.status).toBe(422);
      expect(unknown.json()).toMatchObject({
        code: 'settings.unknown_key',
        message: expect.stringContaining('app_colour'),
      });
      const image = await patch('app_logo', '../../etc/passwd');
      expect(image.status).toBe(422);
      expect(image.json().errors).toHaveProperty('app_logo');
    });

    it('stores the others tab and the public configuration follows', async () => {
      expect((await patch('contact_email', 'Help@Example.com')).json().data.contact_email).toBe('help@example.com');
      expect((await patch('google_analytics', 'g-ab12cd34ef')).json().data.google_analytics).toBe('G-AB12CD34EF');
      expect((await patch('google_analytics', '')).json().data.google_analytics).toBeNull();
      expect((await patch('subscription_type', 'fixed')).status).toBe(200);
      expect((await patch('chunk_size', '8')).status).toBe(200);
      expect((await patch('mimetypes_blacklist', ['.EXE', 'text/html, php'])).json().data.mimetypes_blacklist).toEqual([
        'exe',
        'text/html',
        'php',
      ]);
      const config = (await visitor.get('/api/config')).json();
      expect(config).toMatchObject({
        contactEmail: 'help@example.com',
        subscriptionType: 'fixed',
        chunkSize: 8_000_000,
        mimetypesBlacklist: ['exe', 'text/html', 'php'],
      });
      expect((await patch('subscription_type', 'none')).status).toBe(200);
    });

    it('applies the default storage limit and blocked types to uploads at once', async () => {
      expect((await patch('storage_limitation', true)).status).toBe(200);
      expect((await patch('default_max_storage_amount', 1)).status).toBe(200);
      expect((await user.get('/api/user/storage')).json().data.attributes.capacity).toBe(1_000_000_000);
      const blocked = await uploadFile(server, user, { name: 'run.exe', content: 'MZ-not-really' });
      expect(blocked.status).toBe(422);
      expect(blocked.json().code).toBe('upload.type_blocked');
      expect((await patch('mimetypes_blacklist', [])).status).toBe(200);
      expect((await uploadFile(server, user, { name: 'run.exe', content: 'MZ-not-really' })).status).toBe(201);
      expect((await patch('default_max_storage_amount', 5)).status).toBe(200);
    });
  });

  describe('appearance images', () => {
    it('draws a logo again, serves it publicly, puts it in the configuration and the page, and deletes the old one', async () => {
      const first = await uploadImage(admin, 'app_logo', await png(2000, 1000));
      expect(first.status).toBe(200);
      const firstUrl = first.json().data.url as string;
      expect(firstUrl).toMatch(/^\/api\/appearance\/[0-9a-f-]{36}\.webp$/);

      const served = await server.app.inject({ method: 'GET', url: firstUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', height: 128, width: 256 });
      expect(served.rawPayload.includes(Buffer.from('exif-must-go'))).toBe(false);

      expect((await visitor.get('/api/config')).json().logos.main).toBe(firstUrl);

      const second = await uploadImage(admin, 'app_logo', await png());
      const secondUrl = second.json().data.url as string;
      expect(secondUrl).not.toBe(firstUrl);
      // The replaced image is gone at once for readers, and its blob through the deletion outbox.
      expect((await server.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
      await server.ctx.jobs.drain([BLOB_DELETIONS_JOB]);
      const firstKey = `appearance/${firstUrl.split('/').pop()}`;
      expect(await server.ctx.storage.head(firstKey)).toBeNull();

      const removed = await admin.request('DELETE', '/api/admin/settings/images/app_logo');
      expect(removed.json().data).toMatchObject({ name: 'app_logo', value: null, url: null });
      expect((await server.app.inject({ method: 'GET', url: secondUrl })).statusCode).toBe(404);
    });

    it.each([
      ['app_favicon', 'png', 64, 64],
      ['app_touch_icon', 'png', 180, 180],
      ['app_og_image', 'jpeg', 1200, 630],
    ])('draws %s as %s %ix%i', async (key, format, width, height) => {
      const res = await uploadImage(admin, key, await png(500, 300));
      expect(res.status).toBe(200);
      const served = await server.app.inject({ method: 'GET', url: res.json().data.url });
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format, width, height });
    });

    it('puts the favicon, touch icon, og image and theme colour in the HTML shell', async () => {
      expect((await patch('app_title', 'Acme <Files>')).status).toBe(200);
      expect((await patch('app_color', '#aa3300')).status).toBe(200);
      const config = (await visitor.get('/api/config')).json();
      const page = await server.app.inject({ method: 'GET', url: '/sign-in' });
      const html = page.body;
      expect(html).toContain(`<link rel="icon" type="image/png" href="${config.logos.favicon}">`);
      expect(html).toContain(`<link rel="apple-touch-icon" href="${config.logos.touchIcon}">`);
      expect(html).toMatch(new RegExp(`<meta property="og:image" content="http://[^"]+${config.logos.ogImage}">`));
      expect(html).toContain('<meta property="og:title" content="Acme &lt;Files&gt;">');
      expect(html).toContain('<meta name="theme-color" content="#aa3300">');
    });

    it('refuses an SVG with script, a non-image and an oversized file, keeping the current image', async () => {
      const before = (await readSettings(server.ctx.db)).app_favicon;
      const svg = await uploadImage(admin, 'app_favicon', SVG, 'image/svg+xml');
      expect(svg.status).toBe(422);
      expect(svg.json()).toMatchObject({
        code: 'appearance.not_an_image',
        errors: { app_favicon: [expect.any(String)] },
      });
      const text = await uploadImage(admin, 'app_favicon', Buffer.from('hello, not an image'), 'image/png');
      expect(text.json().code).toBe('appearance.not_an_image');
      // A PNG signature over a body that does not decode.
      const broken = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(200)]);
      expect((await uploadImage(admin, 'app_favicon', broken)).json().code).toBe('appearance.not_an_image');
      const huge = Buffer.concat([await png(), Buffer.alloc(6 * 1024 * 1024)]);
      const tooLarge = await uploadImage(admin, 'app_favicon', huge);
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.json().code).toBe('appearance.too_large');
      expect((await uploadImage(admin, 'app_nothing', await png())).status).toBe(422);
      expect((await readSettings(server.ctx.db)).app_favicon).toBe(before);
    });
  });

  describe('environment', () => {
    it('shows storage and mail as chosen, without secrets', async () => {
      const res = await admin.get('/api/admin/environment');
      expect(res.status).toBe(200);
      expect(res.json().data).toMatchObject({
        storage: { driver: 'local', fromEnv: false, s3: null },
        mail: { driver: 'outbox', fromEnv: false, smtp: null },
      });
    });

    const smtpBody = (password?: string) => ({
      driver: 'smtp',
      smtp: {
        host: '127.0.0.1',
        port: smtpPort,
        username: 'mailer',
        ...(password === undefined ? {} : { password }),
        encryption: 'none',
        from: 'files@example.com',
      },
    });

    it('refuses SMTP whose test message fails, and keeps the outbox', async () => {
      const res = await admin.request('PUT', '/api/admin/environment/mail', smtpBody('wrong-password'));
      expect(res.status).toBe(422);
      expect(res.json().code).toBe('environment.mail_failed');
      expect(server.ctx.mailer.driver).toBe('outbox');
    });

    it('sends a real test message over SMTP, then uses it, sealed at rest and never shown', async () => {
      const before = received.length;
      const res = await admin.request('PUT', '/api/admin/environment/mail', smtpBody('smtp-pass-123'));
      expect(res.status).toBe(200);
      expect(received.length).toBe(before + 1);
      expect(received.at(-1)).toContain('To: admin@example.com');
      expect(res.json().data.mail).toMatchObject({ driver: 'smtp', smtp: { host: '127.0.0.1', passwordSet: true } });
      expect(res.body).not.toContain('smtp-pass-123');
      expect((await admin.get('/api/admin/environment')).body).not.toContain('smtp-pass-123');
      const saved = readFileSync(path.join(server.dataDir, 'config.json'), 'utf8');
      expect(saved).not.toContain('smtp-pass-123');
      expect(JSON.parse(saved).mail.smtp.password).toMatch(/^v1\./);
      expect(server.ctx.mailer.driver).toBe('smtp');

      // The password in use is kept when none is typed, on the same host.
      expect((await admin.request('PUT', '/api/admin/environment/mail', smtpBody())).status).toBe(200);
      expect(received.length).toBe(before + 2);
      expect((await admin.request('PUT', '/api/admin/environment/mail', { driver: 'outbox' })).status).toBe(200);
      expect(server.ctx.mailer.driver).toBe('outbox');
    });

    it('refuses S3 credentials that do not work, by a real request, and keeps local storage', async () => {
      const res = await admin.request('PUT', '/api/admin/environment/storage', {
        driver: 's3',
        s3: {
          endpoint: 'http://127.0.0.1:9',
          region: 'us-east-1',
          bucket: 'nothing',
          key: 'k',
          secret: 'super-s3-secret',
        },
      });
      expect(res.status).toBe(422);
      expect(res.json().code).toBe('environment.storage_unreachable');
      expect(res.body).not.toContain('super-s3-secret');
      expect(server.ctx.storage.name).toBe('local');
    });

    it('names validation errors of the storage form', async () => {
      const res = await admin.request('PUT', '/api/admin/environment/storage', { driver: 's3', s3: { bucket: 'x' } });
      expect(res.status).toBe(422);
      expect(res.json().code).toBe('validation.failed');
    });

    const s3 = process.env.TEST_S3_ENDPOINT
      ? {
          endpoint: process.env.TEST_S3_ENDPOINT,
          region: process.env.TEST_S3_REGION ?? 'us-east-1',
          bucket: process.env.TEST_S3_BUCKET ?? 'filestore-test',
          key: process.env.TEST_S3_ACCESS_KEY ?? '',
          secret: process.env.TEST_S3_SECRET_KEY ?? '',
        }
      : null;

    it.skipIf(!s3)('switches to S3 after a typed confirmation when files would be left behind, and back', async () => {
      const { CreateBucketCommand, HeadBucketCommand, S3Client } = await import('@aws-sdk/client-s3');
      const client = new S3Client({
        endpoint: s3!.endpoint,
        region: s3!.region,
        forcePathStyle: true,
        credentials: { accessKeyId: s3!.key, secretAccessKey: s3!.secret },
      });
      await client
        .send(new HeadBucketCommand({ Bucket: s3!.bucket }))
        .catch(() => client.send(new CreateBucketCommand({ Bucket: s3!.bucket })));
      client.destroy();
      const body = { driver: 's3', s3: s3! };
      const wrongSecret = await admin.request('PUT', '/api/admin/environment/storage', {
        driver: 's3',
        s3: { ...s3!, secret: 'not-the-secret' },
      });
      expect(wrongSecret.json().code).toBe('environment.storage_unreachable');

      const unconfirmed = await admin.request('PUT', '/api/admin/environment/storage', body);
      expect(unconfirmed.status).toBe(409);
      expect(unconfirmed.json()).toMatchObject({
        code: 'environment.confirmation_required',
        details: { confirm: s3!.bucket, storedObjects: expect.any(Number) },
      });
      expect(server.ctx.storage.name).toBe('local');

      const res = await admin.request('PUT', '/api/admin/environment/storage', { ...body, confirm: s3!.bucket });
      expect(res.status).toBe(200);
      expect(res.json().data.storage).toMatchObject({ driver: 's3', s3: { bucket: s3!.bucket, secretSet: true } });
      expect(res.body).not.toContain(s3!.secret);
      expect(server.ctx.storage.name).toBe('s3');
      expect(readFileSync(path.join(server.dataDir, 'config.json'), 'utf8')).not.toContain(s3!.secret);
      // New uploads go to the bucket at once, no restart.
      expect((await uploadFile(server, user, { name: 'in-s3.txt', content: 'hello s3' })).status).toBe(201);

      const back = await admin.request('PUT', '/api/admin/environment/storage', { driver: 'local', confirm: 'local' });
      expect(back.status).toBe(200);
      expect(server.ctx.storage.name).toBe('local');
    });
  });
});
