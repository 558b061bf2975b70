import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
}

export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-6 py-16 text-center">
      <div className="mb-5 flex size-16 items-center justify-center rounded-2xl bg-accent/10 text-accent-strong dark:bg-accent/15 dark:text-accent">
        {icon}
      </div>
      <h2 className="text-lg font-semibold text-neutral-900 dark:text-neutral-100">{title}</h2>
      <p className="mt-2 text-sm leading-6 text-neutral-600 dark:text-neutral-400">{description}</p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
