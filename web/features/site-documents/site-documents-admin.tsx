import { Divider, Stack } from '@mantine/core';
import { PrivacyEditor } from './privacy-editor';
import { TermsUploadCard } from './terms-upload-card';

/** The admin's part of the site's documents: the terms of service upload and the privacy policy editor. */
export function SiteDocumentsAdmin() {
  return (
    <Stack gap="xl">
      <TermsUploadCard />
      <Divider />
      <PrivacyEditor />
    </Stack>
  );
}
