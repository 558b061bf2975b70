import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { logout } from '../../features/auth/auth.api';
import { useConfig } from '../../lib/config';

/**
 * Spec §4: logout clears user data, marks the session unauthorised, then Homepage or SignIn.
 * A full page load does all three at once; a client-side navigation would race the guards
 * (the router updates in a transition, the session flag at once) and add a ?redirect=.
 */
export function useSignOut() {
  const { t } = useTranslation();
  const config = useConfig();
  return async () => {
    try {
      await logout();
    } catch {
      toast.error(t('errors.generic'));
      return;
    }
    window.location.replace(config.allowHomepage ? '/' : '/sign-in');
  };
}
