import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useLocation } from '../../app/routing';
import { useConfig } from '../../lib/config';
import { cn } from '../../ui/cn';
import { Logo } from '../../ui/Logo';
import { ThemeToggle } from '../user/ThemeToggle';
import { wizardSteps } from './setup.api';

function StepIndicator() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = Math.max(
    0,
    wizardSteps.findIndex((s) => s.path === pathname),
  );
  return (
    <nav aria-label={t('setup.progress')} className="mb-8">
      <p className="mb-3 text-sm font-medium text-neutral-600 sm:hidden dark:text-neutral-400">
        {t('setup.step_of', {
          current: current + 1,
          total: wizardSteps.length,
          name: t(wizardSteps[current]?.key ?? ''),
        })}
      </p>
      <ol className="flex items-center gap-2">
        {wizardSteps.map((step, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li
              key={step.path}
              aria-current={active ? 'step' : undefined}
              className="flex min-w-0 flex-1 items-center gap-2 last:flex-none"
            >
              <span
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold transition',
                  done && 'bg-accent-strong text-white dark:bg-accent dark:text-neutral-950',
                  active && 'bg-accent/15 text-accent-strong ring-2 ring-accent dark:text-accent',
                  !done && !active && 'bg-neutral-100 text-neutral-500 dark:bg-neutral-800 dark:text-neutral-400',
                )}
              >
                {done ? <Check className="size-4" aria-hidden /> : index + 1}
              </span>
              <span
                className={cn(
                  // Whole words: the connectors give way, never the names (the longest is "Environment").
                  'hidden shrink-0 text-sm font-medium whitespace-nowrap sm:block',
                  active ? 'text-neutral-900 dark:text-white' : 'text-neutral-500 dark:text-neutral-400',
                )}
              >
                {t(step.key)}
              </span>
              {index < wizardSteps.length - 1 && (
                <span
                  aria-hidden
                  className={cn('h-px min-w-3 flex-1', done ? 'bg-accent' : 'bg-neutral-200 dark:bg-neutral-800')}
                />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Frame of every wizard step: header, step indicator and a raised card. */
export function WizardLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <div className="min-h-dvh bg-neutral-50 dark:bg-neutral-950">
      <header className="mx-auto flex max-w-3xl items-center justify-between px-5 py-5">
        <span className="flex items-center gap-3">
          <Logo name={config.appName} />
          <span className="rounded-full bg-neutral-200/70 px-2.5 py-0.5 text-xs font-semibold text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300">
            {t('setup.badge')}
          </span>
        </span>
        <ThemeToggle saveToServer={false} />
      </header>
      <main className="mx-auto max-w-3xl px-4 pb-16 sm:px-5">
        <StepIndicator />
        <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 sm:p-8 dark:bg-neutral-900 dark:ring-neutral-800">
          <h1 className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">{title}</h1>
          <p className="mt-2 mb-7 text-[15px] leading-6 text-neutral-600 dark:text-neutral-400">{description}</p>
          {children}
        </section>
      </main>
    </div>
  );
}

export function WizardActions({ children }: { children: ReactNode }) {
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 border-t border-neutral-200 pt-6 sm:flex-row sm:justify-end dark:border-neutral-800">
      {children}
    </div>
  );
}
