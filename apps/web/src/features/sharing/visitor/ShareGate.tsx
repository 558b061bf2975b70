import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { Navigate, useParams } from '../../../app/routing';
import { isApiError } from '../../../lib/api';
import { NotFoundPage } from '../../pages/NotFoundPage';
import { LinkExpiredPage, LinkLoadFailed, LinkLoading, LinkRemovedPage } from './LinkFrame';
import { shareKeys, useShare, type PublicShare } from './share.api';

export type OpenShare = PublicShare & { item: NonNullable<PublicShare['item']> };

export const sharePaths = {
  entry: (token: string) => `/share/${encodeURIComponent(token)}`,
  authenticate: (token: string) => `/share/${encodeURIComponent(token)}/authenticate`,
  files: (token: string) => `/share/${encodeURIComponent(token)}/files`,
  file: (token: string) => `/share/${encodeURIComponent(token)}/file`,
};

/** Codes that mean the link itself changed: its details are read again and the page follows them. */
const LINK_CODES = new Set(['share.locked', 'share.expired', 'share.revoked', 'not_found']);

/**
 * Called when a listing or a change through the link fails: an expired, revoked or re-locked link
 * turns the page into its expired, not-found or password page instead of a broken listing.
 */
export function useShareLinkError(token: string): (error: unknown) => void {
  const client = useQueryClient();
  return useCallback(
    (error: unknown) => {
      if (isApiError(error) && (LINK_CODES.has(error.code) || error.status === 410)) {
        void client.invalidateQueries({ queryKey: shareKeys.detail(token) });
      }
    },
    [client, token],
  );
}

/**
 * The states every share page shares (spec §2, reference §5.4): unknown → NotFound, removed by its
 * owner → "removed", expired → its page, protected and locked → the password page; otherwise the page itself.
 */
export function ShareGate({ children }: { children: (share: OpenShare, token: string) => ReactNode }) {
  const { token = '' } = useParams();
  const query = useShare(token);
  if (query.isPending) return <LinkLoading />;
  if (query.isError) {
    const { error } = query;
    if (isApiError(error, 'share.locked')) return <Navigate to={sharePaths.authenticate(token)} replace />;
    if (isApiError(error) && error.status === 404) return <NotFoundPage />;
    if (isApiError(error, 'share.revoked')) return <LinkRemovedPage />;
    if (isApiError(error) && error.status === 410) return <LinkExpiredPage kind="share" error={error} />;
    return <LinkLoadFailed error={error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const share = query.data;
  if (share.protected && !share.unlocked) return <Navigate to={sharePaths.authenticate(token)} replace />;
  if (!share.item) return <NotFoundPage />;
  return <>{children({ ...share, item: share.item }, token)}</>;
}

/** /share/{token}: on to the folder or the file. */
export function ShareEntryPage() {
  return (
    <ShareGate>
      {(share, token) => (
        <Navigate to={share.type === 'folder' ? sharePaths.files(token) : sharePaths.file(token)} replace />
      )}
    </ShareGate>
  );
}
