import { useMutation } from '@tanstack/react-query';
import type { AbuseReportInput } from '../../../common/contracts/abuse';
import { abuseEndpoints } from '../../../common/endpoints/abuse';
import { clientOf } from '../../lib/api-client';

const abuse = clientOf(abuseEndpoints);

export function useSendAbuseReport() {
  return useMutation({
    mutationFn: (report: AbuseReportInput) => abuse.report({ body: report }),
  });
}
