import { useTranslation } from '../../../lib/i18n';
import { Spinner } from '../../../ui/Spinner';
import { cn } from '../../../ui/cn';
import { useShareQr } from './sharing.api';

/**
 * The server's SVG shown as an image: an <img> never runs scripts or touches the page, so the
 * markup is never injected. Black on white in both themes, so every camera reads it.
 */
export function QrCode({ token, size = 160, className }: { token: string; size?: number; className?: string }) {
  const { t } = useTranslation();
  const qr = useShareQr(token);
  return (
    <div
      className={cn(
        'flex shrink-0 items-center justify-center rounded-xl bg-white p-2 ring-1 ring-neutral-200 dark:ring-0',
        className,
      )}
      style={{ width: size + 16, height: size + 16 }}
    >
      {qr.data ? (
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(qr.data)}`}
          alt={t('sharing.qr_alt')}
          width={size}
          height={size}
          className="size-full"
        />
      ) : qr.isError ? (
        <p className="px-2 text-center text-xs text-neutral-500">{t('sharing.qr_failed')}</p>
      ) : (
        <Spinner label={t('common.loading')} className="size-5 text-neutral-400" />
      )}
    </div>
  );
}
