import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { logout } from '../../features/auth/auth.api';
import { useConfig } from '../../lib/config';
import { hideProgress, showProgress } from '../../lib/popups';

/** Spec §9: signing out that takes longer than this shows the progress popup. */
export const SIGN_OUT_PROGRESS_AFTER_MS = 300;

/**
 * Spec §4: logout clears user data, marks the session unauthorised, then Homepage or SignIn.
 * A full page load does all three at once; a client-side navigation would race the guards
 * (the router updates in a transition, the session flag at once) and add a ?redirect=.
 */
export function useSignOut() {
  const { t } = useTranslation();
  const config = useConfig();
  return async () => {
    const slow = setTimeout(
      () => showProgress(t('nav.signing_out'), t('nav.signing_out_wait')),
      SIGN_OUT_PROGRESS_AFTER_MS,
    );
    try {
      await logout();
    } catch {
      clearTimeout(slow);
      hideProgress();
      toast.error(t('errors.generic'));
      return;
    }
    // The popup (if shown) stays until the next page replaces this one.
    window.location.replace(config.allowHomepage ? '/' : '/sign-in');
  };
}
