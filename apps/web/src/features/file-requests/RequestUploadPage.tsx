import { useQueryClient } from '@tanstack/react-query';
import { CircleCheckBig, FolderOpen } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useParams } from '../../app/routing';
import { isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/forms';
import { showAlert } from '../../lib/popups';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { FileBrowser } from '../files/browser/FileBrowser';
import { FilesSourceProvider } from '../files/browser/source';
import { useBrowser } from '../files/browser/store';
import { NotFoundPage } from '../pages/NotFoundPage';
import { LinkExpiredPage, LinkLoadFailed, LinkLoading, LinkTopBar } from '../sharing/visitor/LinkFrame';
import { LinkOverlays } from '../sharing/visitor/LinkOverlays';
import { LinkToolbar } from '../sharing/visitor/LinkToolbar';
import { useUploadsStarted } from '../uploads/upload-signal';
import { useCloseRequest, useFileRequest, requestKeys, type FileRequest } from './request.api';
import {
  DoneDialog,
  ownerOfRequest,
  RequestDropArea,
  RequestFilledPage,
  RequestIntro,
  RequestThanksPage,
} from './RequestParts';
import { requestSource } from './request-source';

/** A closed or expired request answers 410 to its calls: read its status again, the page follows. */
function useRequestLinkError(token: string) {
  const client = useQueryClient();
  return useCallback(
    (error: unknown) => {
      if (isApiError(error) && (error.status === 410 || error.code === 'request.closed')) {
        void client.invalidateQueries({ queryKey: requestKeys.detail(token) });
      }
    },
    [client, token],
  );
}

/** How many items the request's folder holds, next to the heading. */
function UploadedCount({ atRoot }: { atRoot: boolean }) {
  const { t } = useTranslation();
  const count = useBrowser((s) => s.folder?.attributes.items);
  if (!atRoot || !count) return null;
  return (
    <span
      aria-label={t('files.items_count', { count })}
      className="ml-2 inline-flex min-w-6 items-center justify-center rounded-full bg-neutral-100 px-2 align-[2px] text-xs font-semibold text-neutral-600 tabular-nums dark:bg-neutral-800 dark:text-neutral-300"
    >
      {count}
    </span>
  );
}

/** True while files are still on their way: the engine loads with the first upload. */
function useUploading(): () => Promise<boolean> {
  const started = useUploadsStarted();
  return useCallback(async () => {
    if (!started) return false;
    const { uploads } = await import('../uploads/upload-store');
    return uploads.getSnapshot().active;
  }, [started]);
}

function ActiveRequest({
  request,
  token,
  onFinished,
}: {
  request: FileRequest;
  token: string;
  onFinished: () => void;
}) {
  const { t } = useTranslation();
  const { id } = useParams();
  const onLinkError = useRequestLinkError(token);
  const rootName = t('public.request_root');
  const source = useMemo(
    () => requestSource(token, request, rootName, onLinkError),
    [token, request, rootName, onLinkError],
  );
  const close = useCloseRequest(token);
  const uploading = useUploading();
  const [confirming, setConfirming] = useState(false);
  const owner = ownerOfRequest(request);
  const folderId = id && id !== request.attributes.folder_id ? id : null;

  const askDone = async () => {
    if (await uploading()) {
      showAlert(t('public.still_uploading_title'), t('public.still_uploading'));
      return;
    }
    setConfirming(true);
  };
  const finish = () =>
    close.mutateAsync().then(
      () => {
        setConfirming(false);
        onFinished();
      },
      (error: unknown) => {
        setConfirming(false);
        onLinkError(error);
        showAlert(t('files.action_failed'), errorMessage(t, error));
      },
    );

  const doneButton = (
    <Button
      onClick={() => void askDone()}
      className="min-h-12 w-full"
      icon={<CircleCheckBig className="size-4.5" aria-hidden />}
    >
      {t('public.done')}
    </Button>
  );

  return (
    <FilesSourceProvider source={source}>
      <div className="flex min-h-page flex-col bg-neutral-50 lg:h-dvh dark:bg-neutral-950">
        <LinkTopBar />
        <main
          id="content"
          className="mx-auto grid w-full max-w-7xl flex-1 gap-4 p-3 sm:gap-6 sm:p-6 lg:min-h-0 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]"
        >
          <section className="flex flex-col gap-6 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 sm:p-7 lg:overflow-y-auto dark:bg-neutral-900 dark:ring-neutral-800">
            <RequestIntro request={request} />
            <RequestDropArea />
            <div className="mt-auto hidden space-y-2 lg:block">
              {doneButton}
              <p className="text-center text-xs leading-5 text-neutral-500 dark:text-neutral-400">
                {t('public.done_hint', { name: owner.name })}
              </p>
            </div>
          </section>
          <section
            aria-labelledby="uploaded-heading"
            className="flex h-[min(70dvh,40rem)] min-h-0 flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-neutral-200 lg:h-auto dark:bg-neutral-900 dark:ring-neutral-800"
          >
            <div className="@container flex shrink-0 items-center gap-2 border-b border-neutral-200 py-2 pr-2 pl-5 dark:border-neutral-800">
              <h2
                id="uploaded-heading"
                className="min-w-0 flex-1 truncate font-semibold text-neutral-900 dark:text-white"
              >
                {t('public.uploaded_so_far')}
                <UploadedCount atRoot={!folderId} />
              </h2>
              <LinkToolbar uploadButton={false} />
            </div>
            <FileBrowser
              kind="folder"
              context="files"
              folderId={folderId}
              label={t('public.uploaded_so_far')}
              empty={
                <EmptyState
                  icon={<FolderOpen className="size-8" aria-hidden />}
                  title={t(folderId ? 'files.folder_empty_title' : 'public.nothing_uploaded')}
                  description={t('public.nothing_uploaded_hint')}
                />
              }
            />
          </section>
        </main>
        <div className="sticky bottom-[calc(var(--upload-panel-height,0px)+var(--overlay-bottom,0px))] z-10 border-t border-neutral-200 bg-white/95 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur lg:hidden dark:border-neutral-800 dark:bg-neutral-900/95">
          {doneButton}
        </div>
        <DoneDialog
          open={confirming}
          onOpenChange={setConfirming}
          ownerName={owner.name}
          busy={close.isPending}
          onConfirm={() => void finish()}
        />
        <LinkOverlays />
      </div>
    </FilesSourceProvider>
  );
}

/**
 * /request/{token}/upload/{id?} (spec §2, reference §7): an active request takes files into its
 * folder; a filled or expired one says so; an unknown token is NotFound.
 */
export function RequestUploadPage() {
  const { token = '' } = useParams();
  const query = useFileRequest(token);
  const [finished, setFinished] = useState(false);
  if (!token) return <NotFoundPage />;
  if (query.isPending) return <LinkLoading />;
  if (query.isError) {
    const { error } = query;
    if (isApiError(error) && error.status === 404) return <NotFoundPage />;
    if (isApiError(error) && error.status === 410) return <LinkExpiredPage kind="request" error={error} />;
    return <LinkLoadFailed error={error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const request = query.data;
  const owner = ownerOfRequest(request);
  if (finished) return <RequestThanksPage owner={owner} />;
  if (request.attributes.status === 'filled') return <RequestFilledPage owner={owner} />;
  if (request.attributes.status === 'expired') return <LinkExpiredPage kind="request" owner={owner} />;
  return <ActiveRequest request={request} token={token} onFinished={() => setFinished(true)} />;
}
