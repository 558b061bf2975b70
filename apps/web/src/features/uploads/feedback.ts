import type { AppConfig } from '@filestore/contract';
import { translator } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { showAlert } from '../../lib/popups';
import type { CheckResult, UploadFailure, UploadTask } from '../../lib/upload';

const t = (key: string, options?: Record<string, unknown>) => translator.t(key, options);

/** Spec §5: metered and fixed plans say uploading is paused, none says the limit is reached. */
export function showUploadDisabled(config: Pick<AppConfig, 'subscriptionType'>, reason?: string | null): void {
  const key = config.subscriptionType === 'none' ? 'files.upload_limit_exceeded' : 'files.upload_disabled';
  showAlert(t(`${key}_title`), reason ?? t(`${key}_description`));
}

/** What the pre-checks refused, said once per kind. */
export function reportRefusals(result: CheckResult<unknown>, config: Pick<AppConfig, 'uploadLimitFormatted'>): void {
  for (const name of result.empty) {
    toast.error(t('upload.empty_file', { name }), { description: t('upload.empty_file_hint') });
  }
  if (result.blocked.length > 0) {
    const types = [...new Set(result.blocked.map((b) => b.type))].join(', ');
    showAlert(t('upload.blocked_title'), t('upload.blocked_message', { type: types, count: result.blocked.length }));
  } else if (result.tooLarge.length > 0) {
    showAlert(
      t('upload.too_large_title'),
      t('upload.too_large_message', { limit: config.uploadLimitFormatted ?? '', count: result.tooLarge.length }),
    );
  }
}

/** Client-side codes (a file put back after a reload that can't be read) have their own texts. */
const LOCAL_CODES: Record<string, string> = {
  'upload.source_changed': 'upload.failed_source_changed',
  'upload.unreadable': 'upload.failed_unreadable',
};

/**
 * What went wrong with one file, in words: a stable code's translation (a bulk request's per-file
 * refusal carries one), else the server's own message, else "failed".
 */
export function failureText(failure: UploadFailure, fallback: string): string {
  if (failure.status === 0) return t('errors.network');
  const local = failure.code ? LOCAL_CODES[failure.code] : undefined;
  if (local) return t(local);
  if (failure.code) return t(`errors.${failure.code}`, { defaultValue: failure.message ?? fallback });
  return fallback;
}

/** Spec §8: the popup for a file the server refused or that kept failing. */
export function reportFailure(
  task: UploadTask,
  failure: UploadFailure,
  config: Pick<AppConfig, 'uploadLimitFormatted' | 'subscriptionType'>,
): void {
  switch (failure.kind) {
    case 'quota':
      showAlert(t('upload.quota_title'), t('errors.upload.quota_exceeded'));
      return;
    case 'type': {
      const type = typeof failure.details.type === 'string' ? failure.details.type : null;
      showAlert(
        t('upload.blocked_title'),
        type ? t('upload.blocked_message', { type, count: 1 }) : t('upload.blocked_server', { name: task.name }),
      );
      return;
    }
    case 'too_large': {
      const limit =
        typeof failure.details.limit_formatted === 'string'
          ? failure.details.limit_formatted
          : config.uploadLimitFormatted;
      showAlert(
        t('upload.too_large_title'),
        limit ? t('upload.too_large_message', { limit, count: 1 }) : t('errors.upload.too_large'),
      );
      return;
    }
    case 'refused':
      if (failure.code === 'upload.restricted') {
        showUploadDisabled(config, failure.message);
        return;
      }
      showAlert(t('upload.refused_title'), failure.message ?? t('errors.auth.unauthenticated'));
      return;
    default:
      showAlert(t('upload.failed_title', { name: task.name }), failureText(failure, t('errors.generic')));
  }
}
