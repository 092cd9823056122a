import { useMutation } from '@tanstack/react-query';
import type { AbuseReportCreated, AbuseReportInput } from '../../../common/contracts/abuse';
import { api } from '../../lib/api';

export function useSendAbuseReport() {
  return useMutation({
    mutationFn: (report: AbuseReportInput) =>
      api<AbuseReportCreated>('/api/abuse-reports', { method: 'POST', body: report }),
  });
}
