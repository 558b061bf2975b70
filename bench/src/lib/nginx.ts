import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDebianPackages, freePort, startProcess, waitForHttp, type Proc } from './proc.js';

/**
 * Debian's nginx, started by the benchmark (never the system service) with a config of its own in a
 * temp folder, on a free loopback port, serving `root` with sendfile.
 */
export async function startNginx(
  root: string,
  workDir: string,
  log: (line: string) => void,
): Promise<{ url: string; proc: Proc }> {
  ensureDebianPackages([{ pkg: 'nginx', binary: 'nginx' }], log);
  const port = await freePort();
  const prefix = path.join(workDir, 'nginx');
  mkdirSync(path.join(prefix, 'temp'), { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `# Debian's defaults (worker_processes auto, sendfile on, tcp_nopush on), in a private prefix.
daemon off;
user root;
worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  default_type application/octet-stream;
  client_body_temp_path ${prefix}/temp/body;
  proxy_temp_path ${prefix}/temp/proxy;
  fastcgi_temp_path ${prefix}/temp/fastcgi;
  uwsgi_temp_path ${prefix}/temp/uwsgi;
  scgi_temp_path ${prefix}/temp/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { }
    location = /ping { return 200; }
  }
}
`,
  );
  const binary = '/usr/sbin/nginx';
  const proc = startProcess('nginx', binary, ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')]);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/ping`, proc);
  return { url, proc };
}
