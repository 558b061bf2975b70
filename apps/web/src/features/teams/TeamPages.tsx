import { FolderOpen, UserCheck, Users } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { Link } from '../../app/routing';
import { ComingSoon } from '../../ui/ComingSoon';
import { PublicLayout, primaryLinkClass, StatusMessage } from '../pages/PublicLayout';

/** Team folders are not built yet: the screen says what they will do and what works meanwhile. */
export function TeamFoldersPage() {
  const { t } = useTranslation();
  return (
    <ComingSoon
      icon={<Users className="size-8" aria-hidden />}
      badge={t('soon.badge')}
      title={t('teams.soon_title')}
      description={t('teams.soon_description')}
      hint={t('teams.soon_hint')}
      action={
        <Link to="/platform/files" className={primaryLinkClass}>
          <FolderOpen className="size-4" aria-hidden />
          {t('teams.soon_action')}
        </Link>
      }
    />
  );
}

export function SharedWithMePage() {
  const { t } = useTranslation();
  return (
    <ComingSoon
      icon={<UserCheck className="size-8" aria-hidden />}
      badge={t('soon.badge')}
      title={t('shared_with_me.soon_title')}
      description={t('shared_with_me.soon_description')}
      hint={t('shared_with_me.soon_hint')}
    />
  );
}

/** /team-folder-invitation/:id — accepting invitations arrives with team folders. */
export function TeamInvitationPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <StatusMessage
        icon={<Users className="size-8" aria-hidden />}
        title={t('teams.invitation_title')}
        description={t('teams.invitation_unavailable')}
        action={
          <Link to="/sign-in" className={primaryLinkClass}>
            {t('auth.sign_in.submit')}
          </Link>
        }
      />
    </PublicLayout>
  );
}
