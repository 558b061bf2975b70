import { once } from 'node:events';
import http from 'node:http';
import { E2E_RECAPTCHA_PORT } from './env.js';

/**
 * A stand-in for Google's reCAPTCHA v3 (and the Google tag and AdSense scripts) on loopback: `/recaptcha/api.js` defines `grecaptcha`
 * (whose token names its site key and action) and draws a badge where Google's would be;
 * `/recaptcha/api/siteverify` answers each token with the test's `score`. Nothing leaves the machine.
 */
export interface FakeRecaptcha {
  secret: string;
  score: number;
  /** The `render` site key of each script load. */
  scriptLoads: string[];
  /** Each verification: the action the token was made for, and the secret sent. */
  verified: Array<{ action: string; secret: string }>;
  /** Loads of the fake Google tag (`/gtag/js`) and AdSense (`/adsense/adsbygoogle.js`), as path and query. */
  tagLoads: string[];
  close(): Promise<void>;
}

const SCRIPT = `
window.grecaptcha = {
  ready: function (callback) { setTimeout(callback, 0); },
  execute: function (siteKey, options) { return Promise.resolve('fake|' + siteKey + '|' + options.action); },
};
(function () {
  var badge = document.createElement('div');
  badge.className = 'grecaptcha-badge';
  badge.textContent = 'reCAPTCHA';
  badge.style.cssText = 'position:fixed;right:0;bottom:14px;width:256px;height:60px;background:#f9f9f9;box-shadow:0 0 5px gray;z-index:2000';
  document.body.appendChild(badge);
})();
`;

export async function startFakeRecaptcha(secret: string): Promise<FakeRecaptcha> {
  const fake = {
    secret,
    score: 0.9,
    scriptLoads: [] as string[],
    verified: [] as FakeRecaptcha['verified'],
    tagLoads: [] as string[],
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname === '/recaptcha/api.js') {
      fake.scriptLoads.push(url.searchParams.get('render') ?? '');
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(SCRIPT);
      return;
    }
    // The analytics and ads scripts the cookie banner gates (issue 16 point 6): counted, and harmless.
    if (req.method === 'GET' && (url.pathname === '/gtag/js' || url.pathname === '/adsense/adsbygoogle.js')) {
      fake.tagLoads.push(`${url.pathname}${url.search}`);
      res
        .writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' })
        .end('window.__fakeTag = true;');
      return;
    }
    if (req.method === 'POST' && url.pathname === '/recaptcha/api/siteverify') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const [kind, , action] = (form.get('response') ?? '').split('|');
        fake.verified.push({ action: action ?? '', secret: form.get('secret') ?? '' });
        const answer =
          form.get('secret') !== fake.secret
            ? { success: false, 'error-codes': ['invalid-input-secret'] }
            : kind !== 'fake'
              ? { success: false, 'error-codes': ['invalid-input-response'] }
              : { success: true, action, score: fake.score, hostname: '127.0.0.1' };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
      return;
    }
    res.writeHead(404).end();
  });
  server.listen(E2E_RECAPTCHA_PORT, '127.0.0.1');
  await once(server, 'listening');
  return Object.assign(fake, {
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}
