import { UserCheck, Users } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { Link } from '../../app/routing';
import { EmptyState } from '../../ui/EmptyState';
import { PublicLayout, primaryLinkClass, StatusMessage } from '../pages/PublicLayout';

export function TeamFoldersPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<Users className="size-8" aria-hidden />}
      title={t('teams.empty_title')}
      description={t('teams.empty_description')}
    />
  );
}

export function SharedWithMePage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<UserCheck className="size-8" aria-hidden />}
      title={t('shared_with_me.empty_title')}
      description={t('shared_with_me.empty_description')}
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
