import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROME, CHROME_FLAGS, ensureChromium } from '../lib/chromium.js';
import { seedFilesScreen } from '../lib/files-screen.js';
import { diagnosisOptions, prepareDataDir, startOurServer, type OurServer } from '../lib/our-server.js';
import { freePort, removeTempDir, startProcess, tempDir, waitForHttp, type Proc } from '../lib/proc.js';
import { absolute, type CaseContext, type CaseResult, type Row } from '../lib/report.js';

async function startChrome(dir: string): Promise<{ port: number; proc: Proc }> {
  const port = await freePort();
  const proc = startProcess('chromium', CHROME, [
    ...CHROME_FLAGS,
    `--remote-debugging-port=${port}`,
    `--user-data-dir=${path.join(dir, 'chrome-profile')}`,
    'about:blank',
  ]);
  await waitForHttp(`http://127.0.0.1:${port}/json/version`, proc);
  return { port, proc };
}

interface Audit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  details?: { type?: string; items?: Record<string, unknown>[] };
}

interface LighthouseRun {
  page: string;
  /** Where the page ended: a signed-in page that ends on /sign-in measured the wrong screen. */
  finalPage: string;
  preset: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  failing: { category: string; id: string; title: string; score: number | null; displayValue?: string }[];
  metrics: Record<string, string | undefined>;
  scripts?: { url: string; transferSize: number; resourceSize: number }[];
}

async function runLighthouse(
  url: string,
  port: number,
  preset: 'mobile' | 'desktop',
  cookie: string | null,
): Promise<LighthouseRun> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const audits = lhr.audits as Record<string, Audit>;
  const failing: LighthouseRun['failing'] = [];
  for (const [category, c] of Object.entries(lhr.categories)) {
    for (const ref of c.auditRefs) {
      const audit = audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      // Weighted audits move the score; the others (insights, diagnostics) say why.
      const kind = ref.weight > 0 ? category : `${category} insight`;
      failing.push({
        category: kind,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
      });
    }
  }
  const metric = (id: string) => audits[id]?.displayValue;
  const network = audits['network-requests']?.details?.items ?? [];
  return {
    page: new URL(url).pathname,
    finalPage: new URL(lhr.finalDisplayedUrl).pathname,
    preset,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    failing,
    metrics: {
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      si: metric('speed-index'),
    },
    scripts: network
      .filter((r) => r.resourceType === 'Script' || r.resourceType === 'Stylesheet')
      .map((r) => ({ url: String(r.url), transferSize: Number(r.transferSize), resourceSize: Number(r.resourceSize) })),
  };
}

export async function webQualityCase(
  context: CaseContext,
): Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>> {
  ensureChromium((line) => context.log(line));
  const dataDir = tempDir('web-quality');
  const stops: (() => Promise<void>)[] = [];
  try {
    await prepareDataDir(dataDir, async () => undefined);
    const ours: OurServer = await startOurServer(dataDir, diagnosisOptions(context, 'web-quality'));
    stops.push(() => ours.stop());
    const client = await ours.signedIn();
    stops.push(async () => client.close());
    await seedFilesScreen(client);

    const runs: LighthouseRun[] = [];
    const pages: [string, string | null][] = [
      [`${ours.url}/sign-in`, null],
      [`${ours.url}/platform/files`, client.cookieHeader()],
    ];
    for (const [url, cookie] of pages) {
      for (const preset of ['mobile', 'desktop'] as const) {
        // A fresh browser for every run: Lighthouse keeps cookies between runs, and a cookie the
        // page set in the browser's jar (XSRF-TOKEN) replaces the session cookie sent as a header.
        const chrome = await startChrome(path.join(dataDir, `chrome-${runs.length}`));
        let run: LighthouseRun;
        try {
          run = await runLighthouse(url, chrome.port, preset, cookie);
        } finally {
          await chrome.proc.stop();
        }
        if (run.finalPage !== run.page) {
          throw new Error(
            `Lighthouse on ${run.page} (${preset}) ended on ${run.finalPage}: it measured another screen`,
          );
        }
        runs.push(run);
        context.log(
          `${run.page} ${preset}: performance ${run.performance}, accessibility ${run.accessibility}` +
            ` (FCP ${run.metrics.fcp}, LCP ${run.metrics.lcp}, TBT ${run.metrics.tbt}, CLS ${run.metrics.cls})`,
        );
        for (const f of run.failing)
          context.log(`  ${f.category}: ${f.title}${f.displayValue ? ` — ${f.displayValue}` : ''}`);
      }
    }
    const rows: Row[] = runs.flatMap((r) => [
      absolute('web quality', `${r.page} ${r.preset}: performance`, 'pts', r.performance, {
        on: 'ours',
        kind: 'min',
        value: 95,
      }),
      absolute('web quality', `${r.page} ${r.preset}: accessibility`, 'pts', r.accessibility, {
        on: 'ours',
        kind: 'min',
        value: 95,
      }),
    ]);
    return {
      rows,
      facts: {
        lighthouse: 'npm lighthouse, default (mobile) and desktop configs',
        chrome: CHROME,
        runs: runs.map((r) => ({
          ...r,
          scripts: r.page === '/platform/files' && r.preset === 'desktop' ? r.scripts : undefined,
        })),
      },
      notes: [
        '/platform/files is audited signed in (the session cookie as an extra header), with 4 folders and 6 images.',
      ],
    };
  } finally {
    for (const stop of stops.reverse()) await stop();
    removeTempDir(dataDir);
  }
}
