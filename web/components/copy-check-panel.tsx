import { PossibleCopyFlag, useCopyCheck } from './possible-copy';

/**
 * The video page's "possible copy" flag for staff: shown only when the check of the frames found an
 * earlier video (nothing to say otherwise: the "From the file" card says the check ran).
 */
export function CopyCheckPanel({ videoId, title }: { videoId: string; title: string }) {
  const check = useCopyCheck(videoId);
  const copy = check.data?.possibleCopy;
  if (!copy) return null;
  return (
    <PossibleCopyFlag
      videoId={videoId}
      title={title}
      playbackUrl={check.data?.playbackUrl ?? null}
      copy={copy}
    />
  );
}
