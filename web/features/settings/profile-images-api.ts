import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProfileImageKind, ProfileImageResponse } from '../../../common/contracts/profile-images';
import { profileImagesEndpoints } from '../../../common/endpoints/profile-images';
import type { ErrorBody } from '../../../common/errors';
import { ApiError } from '../../lib/api';
import { clientOf } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';

const profileImages = clientOf(profileImagesEndpoints);
/** The operations of each kind of picture: its upload (sent here, not by the client) and its removal. */
const OPERATIONS = {
  avatar: { set: profileImagesEndpoints.setAvatar, remove: profileImages.removeAvatar },
  cover: { set: profileImagesEndpoints.setCover, remove: profileImages.removeCover },
} as const;

const IMAGES_KEY = ['profile', 'images'] as const;

/** The caller's avatar and cover URLs (the session carries the avatar, but not the cover). */
export function useProfileImages(enabled = true) {
  return useQuery({
    queryKey: IMAGES_KEY,
    queryFn: () => profileImages.images(),
    enabled,
  });
}

/** The avatar sits in the session user (`image`); the cover in anything under ['profile']. */
function rereadPictures(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: ['session'] }),
    client.invalidateQueries({ queryKey: ['profile'] }),
  ]);
}

/** PUTs the picture as the raw body with XMLHttpRequest, because fetch cannot report upload progress. */
function putImage(kind: ProfileImageKind, image: Blob, onProgress: (share: number) => void) {
  return new Promise<ProfileImageResponse>((resolve, reject) => {
    const request = new XMLHttpRequest();
    const { method, path } = OPERATIONS[kind].set;
    request.open(method, path);
    request.setRequestHeader('content-type', image.type || 'application/octet-stream');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as (ProfileImageResponse & Partial<ErrorBody>) | null;
      if (request.status >= 200 && request.status < 300 && body) return resolve(body);
      const fallback = request.status === 429 ? 'RATE_LIMITED' : 'INTERNAL_ERROR';
      reject(new ApiError(request.status, body?.code ?? fallback, body?.params, body?.fields));
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK'));
    request.send(image);
  });
}

/**
 * Uploading and removing one kind of picture. `progress` is the uploaded share (0 to 1) while sending,
 * null otherwise. Afterwards the session and the profile queries are read again.
 */
export function useProfileImage(kind: ProfileImageKind) {
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useMutation({
    mutationFn: (image: Blob) => {
      setProgress(0);
      return putImage(kind, image, setProgress);
    },
    onSettled: async () => {
      setProgress(null);
      await rereadPictures(client);
    },
  });
  const remove = useMutation({
    mutationFn: () => OPERATIONS[kind].remove(),
    onSettled: () => rereadPictures(client),
  });
  return { upload, remove, progress };
}

/**
 * What a picture card does: a picked file waits in the crop dialog until saved or cancelled; a file
 * refused before upload, and a failed removal, become `error`; success says so in a toast.
 */
export function useProfileImageEditor(kind: ProfileImageKind) {
  const { t } = useTranslation();
  const { upload, remove, progress } = useProfileImage(kind);
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const editor = {
    removing: remove.isPending,
    error: refusal ?? remove.error,
    handlePick(picked: File) {
      setRefusal(null);
      remove.reset();
      upload.reset();
      setFile(picked);
    },
    handleRefuse(reason: string) {
      setRefusal(new ApiError(0, reason));
    },
    handleSave(image: Blob) {
      upload.mutate(image, {
        onSuccess: () => {
          setFile(null);
          showToast('success', t(`profileImages.${kind}.saved`));
        },
      });
    },
    handleCancel() {
      setFile(null);
      upload.reset();
    },
    handleRemove() {
      setRefusal(null);
      remove.mutate(undefined, { onSuccess: () => showToast('success', t(`profileImages.${kind}.removed`)) });
    },
  };
  return {
    ...editor,
    /** What the crop dialog is given by either card. */
    cropDialog: {
      file,
      saving: upload.isPending,
      progress,
      error: upload.error,
      onSave: editor.handleSave,
      onCancel: editor.handleCancel,
    },
  };
}
