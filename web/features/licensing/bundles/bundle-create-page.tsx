import { Alert, Checkbox, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Collection } from '../../../../common/contracts/collections';
import { LICENSE_BUNDLE_MAX_CLIPS } from '../../../../common/contracts/licenses';
import { buildPath, ROUTES } from '../../../../common/routes';
import { BackLink } from '../../../components/back-link';
import { FormError } from '../../../components/form-error';
import { RequireVerified } from '../../../components/require-access';
import { mayLicenseClip, useCollection } from '../../../lib/collections-api';
import { useSession } from '../../../lib/session';
import { useTranslation } from '../../../lib/translation';
import { useLicenseRequestDraft } from '../license-request-draft';
import { LicenseRequestForm } from '../license-steps';
import { useCreateLicenseBundle } from './bundle-api';

/**
 * /me/collections/{id}/license (issue 34): one license request for several clips of a collection. The
 * buyer ticks the clips (every clip they may license, at first), then fills the four steps of a single
 * request once: one type, one usage, one billing address. Each clip gets its own price; one checkout
 * pays them all, on the page the buyer lands on.
 */
export function BundleCreatePage() {
  const { t } = useTranslation();
  const { collectionId = '' } = useParams();
  const collection = useCollection(collectionId);
  // As a single clip's license page: the server takes requests from verified members only.
  return (
    <RequireVerified>
      <Container size="md" py="xl">
        <Stack gap="lg">
          <BackLink to={buildPath(ROUTES.myCollection, { collectionId })}>
            {collection.data?.name ?? t('routes.myCollection')}
          </BackLink>
          {collection.isPending ? (
            <Skeleton h={320} radius="lg" />
          ) : collection.isError ? (
            <FormError error={collection.error} />
          ) : (
            <BundleForm collection={collection.data} />
          )}
        </Stack>
      </Container>
    </RequireVerified>
  );
}

function BundleForm({ collection }: { collection: Collection }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const offered = collection.items
    .filter((item) => mayLicenseClip(item, user?.id))
    .slice(0, LICENSE_BUNDLE_MAX_CLIPS);
  const [chosen, setChosen] = useState<string[]>(() => offered.map((item) => item.video.id));
  const [noneChosen, setNoneChosen] = useState(false);
  const create = useCreateLicenseBundle(collection.id, chosen);
  const draft = useLicenseRequestDraft(create, (bundle) =>
    buildPath(ROUTES.myLicenseBundle, { bundleId: bundle.id }),
  );
  if (!user) return null;
  const titles = offered.filter((item) => chosen.includes(item.video.id)).map((item) => item.video.title);
  const submit = () => (chosen.length === 0 ? setNoneChosen(true) : draft.submit());

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('licensing.bundle.createTitle')}</Title>
        <Text c="dimmed">{t('licensing.bundle.createSubtitle', { name: collection.name })}</Text>
      </Stack>
      {offered.length === 0 ? (
        <Alert color="gray">
          {t('licensing.bundle.nothingToLicense')}{' '}
          <Text component={Link} to={ROUTES.videos} fw={600} c="teal.8">
            {t('collections.browse')}
          </Text>
        </Alert>
      ) : (
        <>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Checkbox.Group
              label={t('licensing.bundle.clipsLabel')}
              description={t('licensing.bundle.clipsChosen', { count: chosen.length, total: offered.length })}
              error={noneChosen ? t('licensing.errors.clipsRequired') : null}
              value={chosen}
              onChange={(ids) => {
                setNoneChosen(false);
                setChosen(ids);
              }}
            >
              <Stack gap="xs" mt="sm">
                {offered.map((item) => (
                  <Checkbox
                    key={item.video.id}
                    value={item.video.id}
                    label={item.video.title}
                    styles={{ label: { overflowWrap: 'anywhere' } }}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            {collection.items.length > offered.length && (
              <Text size="sm" c="dimmed" mt="sm">
                {t('licensing.bundle.notOffered', { count: collection.items.length - offered.length })}
              </Text>
            )}
          </Paper>
          <LicenseRequestForm draft={{ ...draft, submit }} user={user} videoTitles={titles} />
        </>
      )}
    </Stack>
  );
}
