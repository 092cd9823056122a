import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrivacyPolicyInput, TermsInfo } from '../../../common/contracts/site-documents';
import { siteDocumentsEndpoints } from '../../../common/endpoints/site-documents';
import type { ErrorBody } from '../../../common/errors';
import { ApiError } from '../../lib/api';
import { clientOf } from '../../lib/api-client';

const siteDocuments = clientOf(siteDocumentsEndpoints);

const TERMS_KEY = ['terms'] as const;
const PRIVACY_KEY = ['privacy'] as const;

export function useTermsInfo() {
  return useQuery({ queryKey: TERMS_KEY, queryFn: ({ signal }) => siteDocuments.terms({}, { signal }) });
}

export function usePrivacyPolicy() {
  return useQuery({
    queryKey: PRIVACY_KEY,
    queryFn: ({ signal }) => siteDocuments.privacy({}, { signal }),
  });
}

/**
 * PUTs the PDF as the raw body (the server checks by its bytes that it is one): not JSON, so past the
 * typed client, to the table's path.
 */
async function putTerms(file: File): Promise<TermsInfo> {
  const { path, method } = siteDocumentsEndpoints.uploadTerms;
  let response: Response;
  try {
    // The bytes, read first: a file the browser can no longer read fails here, not as a network error.
    const bytes = await file.arrayBuffer();
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/pdf' },
      body: bytes,
    });
  } catch {
    throw new ApiError(0, 'NETWORK');
  }
  const body = (await response.json().catch(() => null)) as (TermsInfo & Partial<ErrorBody>) | null;
  if (response.ok && body) return body;
  const fallback = response.status === 429 ? 'RATE_LIMITED' : 'INTERNAL_ERROR';
  throw new ApiError(response.status, body?.code ?? fallback, body?.params, body?.fields);
}

export function useUploadTerms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putTerms,
    onSuccess: (info) => client.setQueryData(TERMS_KEY, info),
  });
}

export function useSavePrivacyPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PrivacyPolicyInput) => siteDocuments.savePrivacy({ body }),
    onSuccess: (saved) => client.setQueryData(PRIVACY_KEY, saved),
  });
}
