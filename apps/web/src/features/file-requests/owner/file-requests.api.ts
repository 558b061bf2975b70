import { type FileRequestResource, type CreateFileRequest } from '@filestore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshFiles } from '../../files/refresh';

export type FileRequest = FileRequestResource['data'];

/** POST /api/file-request: 201 with the request; its folder is made at once, so the listings refresh. */
export function useCreateFileRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateFileRequest) =>
      (await api.post<FileRequestResource>('/api/file-request', body)).data,
    onSettled: () => refreshFiles(client),
  });
}
