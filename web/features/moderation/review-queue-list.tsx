import { PagedList } from '../../components/paged-list';
import { useTranslation } from '../../lib/translation';
import { useReviewQueue } from './api';
import { ReviewCard } from './review-card';

/** The videos waiting for review, oldest first, with a button for the next page. */
export function ReviewQueueList() {
  const { t } = useTranslation();
  return (
    <PagedList
      query={useReviewQueue()}
      empty={t('moderation.queue.empty')}
      renderItem={(item) => <ReviewCard item={item} />}
    />
  );
}
