import { Box, Container, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import type { SessionUser } from '../../../common/contracts/session';
import { useRouteNames } from '../../lib/route-title';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/translation';
import { dismiss, useUpload } from '../../lib/uploads';
import { UnfinishedUploads } from './unfinished-uploads';
import { UploadDone } from './upload-done';
import { UploadForm } from './upload-form';
import { UploadProgress } from './upload-progress';
import { initialUploadValues, type UploadValues, validateUpload } from './upload-values';

/** /videos/upload (SPEC 2.6, 4.6): the submission form, then the upload's progress, then 'Completed'. */
export function UploadPage() {
  const { user } = useSession();
  // RequireVerified around the route lets only a verified user in.
  return user ? <UploadScreen user={user} /> : null;
}

function UploadScreen({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [title] = useRouteNames();
  const [uploadId, setUploadId] = useState<string | null>(null);
  const entry = useUpload(uploadId);
  const form = useForm<UploadValues>({ initialValues: initialUploadValues(user), validate: validateUpload });
  // A cancelled upload leaves no entry: back to the form, as it was filled in.
  const stage = !entry ? 'form' : entry.status === 'completed' ? 'uploaded' : 'uploading';

  // The form is long and the other stages short: show the new stage from its top, and say so.
  useEffect(() => {
    if (stage === 'form') return;
    window.scrollTo({ top: 0 });
    document.querySelector<HTMLElement>('[data-stage-heading]')?.focus();
  }, [stage]);

  const handleAnother = () => {
    if (uploadId) dismiss(uploadId);
    setUploadId(null);
    form.reset();
  };

  return (
    <Container size="md" py="xl">
      <Title order={1} mb="xs">
        {title}
      </Title>
      {stage === 'form' && (
        <Text c="dimmed" mb="lg">
          {t('upload.intro')}
        </Text>
      )}
      {stage === 'form' && <UnfinishedUploads onResumed={setUploadId} />}
      {/* Hidden, not unmounted, while uploading: a cancel returns to the form as it was. */}
      <Box hidden={stage !== 'form'}>
        <UploadForm form={form} onStarted={setUploadId} />
      </Box>
      {stage === 'uploading' && entry && <UploadProgress entry={entry} />}
      {stage === 'uploaded' && entry && <UploadDone entry={entry} onAnother={handleAnother} />}
    </Container>
  );
}
