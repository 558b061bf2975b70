import http from 'node:http';

/** Small pieces the payment fakes share (fake-paypal.ts, fake-paystack.ts). */
export const readBody = (req: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

export const sendJson = (res: http.ServerResponse, status: number, body?: unknown) => {
  if (body === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A provider's approval page: one button that posts back to the same address. */
export const approvalPage = (res: http.ServerResponse, title: string, button: string, summary: string) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(summary)}</p>` +
      `<form method="post"><button type="submit">${escapeHtml(button)}</button></form></main></body></html>`,
  );
};

export const redirect = (res: http.ServerResponse, location: string) => {
  res.writeHead(303, { location });
  res.end();
};
