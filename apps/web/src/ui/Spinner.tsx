import { LoaderCircle } from 'lucide-react';
import { cn } from './cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <LoaderCircle
      className={cn('size-4 animate-spin', className)}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'status' : undefined}
    />
  );
}

export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-neutral-500 dark:text-neutral-400">
      <Spinner className="size-6" label={label} />
    </div>
  );
}
