import { Moon, Sun } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { IconButton } from '../../ui/Button';
import { useIsDark, useTheme } from '../../lib/theme';
import { useSession } from '../../lib/session';
import { useUpdateSetting } from './user.api';

/** Spec §4: switches dark and light; saved to the server unless on a public page. */
export function ThemeToggle({ saveToServer, className }: { saveToServer: boolean; className?: string }) {
  const { t } = useTranslation();
  const isDark = useIsDark();
  const setMode = useTheme((s) => s.setMode);
  const authenticated = useSession((s) => s.authenticated);
  const updateSetting = useUpdateSetting(() => toast.error(t('errors.settings_not_saved')));
  const toggle = () => {
    const next = isDark ? 'light' : 'dark';
    setMode(next);
    if (saveToServer && authenticated) updateSetting({ name: 'theme_mode', value: next });
  };
  return (
    <IconButton label={t('theme.toggle')} aria-pressed={isDark} onClick={toggle} className={className}>
      {isDark ? <Sun className="size-5" aria-hidden /> : <Moon className="size-5" aria-hidden />}
    </IconButton>
  );
}
