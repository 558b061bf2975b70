import { useConfig } from '../../lib/config';
import { Trans } from '../../lib/i18n';

const link = 'underline underline-offset-2 hover:text-neutral-700 dark:hover:text-neutral-200';

/**
 * The line Google asks for when its floating badge is hidden. The badge is hidden because on a
 * phone it sits over the form's last lines; this notice goes under the form instead (ADR 0036).
 * Nothing while the human check is off.
 */
export function HumanCheckNotice() {
  const { recaptcha } = useConfig();
  if (!recaptcha.allowed) return null;
  return (
    <>
      <style href="human-check-badge" precedence="default">
        {'.grecaptcha-badge{visibility:hidden}'}
      </style>
      <p className="text-center text-xs leading-5 text-neutral-500 dark:text-neutral-400" data-human-check>
        <Trans
          i18nKey="human_check.notice"
          components={{
            privacy: <a href="https://policies.google.com/privacy" target="_blank" rel="noreferrer" className={link} />,
            terms: <a href="https://policies.google.com/terms" target="_blank" rel="noreferrer" className={link} />,
          }}
        />
      </p>
    </>
  );
}
