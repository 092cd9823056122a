import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { PrivacyPolicy, PrivacyPolicyInput, TermsInfo } from '../../../common/contracts/site-documents';
import { TERMS_MAX_BYTES } from '../../../common/contracts/site-documents';
import { FileNotFoundError, type Storage } from '../../adapters/storage/storage';
import { AppError, notFound } from '../../errors';
import { appSettingsRepository } from '../../repositories/app-settings.repository';
import { auditLogRepository } from '../../repositories/audit-log.repository';
import { type Executor, inTransaction } from '../../repositories/executor';
import { renderSampleTerms } from './sample-terms';

/** Where the terms of service live in storage (SPEC 7, 9). */
export const TERMS_PATH = 'public/terms_of_service.pdf';
const TERMS_UPLOADED_AT = 'terms_uploaded_at';
const PRIVACY_KEYS = { en: 'privacy_policy_en', el: 'privacy_policy_el' } as const;
/** Where the web app reads the current terms (our own origin, so the page may show it in a frame). */
const TERMS_FILE_URL = '/api/terms/file';

/** Where and since when the terms are read; the date is in the address, so a new upload is a new URL. */
const termsInfoOf = (uploadedAt: Date | null): TermsInfo => ({
  url: uploadedAt ? `${TERMS_FILE_URL}?v=${uploadedAt.getTime()}` : null,
  uploadedAt: uploadedAt?.toISOString() ?? null,
  maxBytes: TERMS_MAX_BYTES,
});

/**
 * The site's documents: the terms of service (a PDF an admin uploads) and the privacy policy (Markdown an
 * admin edits, per language). Both are read by anyone; only admins change them (the routes' policy).
 */
export function siteDocumentsService(deps: {
  db: Executor;
  storage: Storage;
  now: () => Date;
  log?: { error: (details: object, message: string) => void };
}) {
  return {
    /** When the current terms were uploaded, or null when there are none yet. */
    async termsUploadedAt(): Promise<Date | null> {
      const row = await appSettingsRepository(deps.db).get(TERMS_UPLOADED_AT);
      if (typeof row?.value !== 'string') return null;
      const date = new Date(row.value);
      return Number.isNaN(date.getTime()) ? null : date;
    },

    /** Where the current terms are read and when they were uploaded (none yet: no URL). */
    async termsInfo(): Promise<TermsInfo> {
      return termsInfoOf(await this.termsUploadedAt());
    },

    /**
     * Replaces the terms with `bytes` (the raw request body) when they are a PDF by their content (not by
     * name or declared type) and within the size limit. The date and the audit row are written in one
     * transaction that commits only once the file is stored; a refused or failed upload leaves the
     * previous terms as they were.
     */
    async uploadTerms(actorId: string, bytes: unknown): Promise<TermsInfo> {
      if (!Buffer.isBuffer(bytes)) throw new AppError('NOT_A_PDF', 415);
      if (bytes.length > TERMS_MAX_BYTES) {
        throw new AppError('TERMS_TOO_LARGE', 413, { maxMb: TERMS_MAX_BYTES / 1024 / 1024 });
      }
      const type = await fileTypeFromBuffer(bytes);
      if (type?.mime !== 'application/pdf') throw new AppError('NOT_A_PDF', 415);
      const uploadedAt = await inTransaction(deps.db, async (trx) => {
        const settings = appSettingsRepository(trx);
        const previous = await settings.get(TERMS_UPLOADED_AT);
        const uploadedAt = deps.now();
        await settings.set(TERMS_UPLOADED_AT, uploadedAt.toISOString(), actorId);
        await auditLogRepository(trx).record({
          actorId,
          action: 'terms.upload',
          subjectType: 'terms_of_service',
          subjectId: TERMS_PATH,
          before: previous ? { uploadedAt: previous.value } : null,
          after: { uploadedAt: uploadedAt.toISOString(), bytes: bytes.length },
        });
        // Last, so a storage failure rolls the date and the audit row back; the drivers replace a file
        // whole (written beside, then renamed; S3 puts are atomic), so the old terms stay until then.
        try {
          await deps.storage.put(TERMS_PATH, bytes, 'application/pdf');
        } catch (error) {
          deps.log?.error({ err: error }, 'could not store the terms of service');
          throw new AppError('TERMS_UPLOAD_FAILED', 503);
        }
        return uploadedAt;
      });
      return termsInfoOf(uploadedAt);
    },

    /**
     * A fresh install's terms: the sample (sample-terms.ts) when no terms were ever published, so the
     * links of sign-up and the upload agreement lead somewhere; an admin's upload replaces it. Runs at
     * every start and does nothing once any terms exist; a race of two instances stores the same file.
     */
    async publishSampleTermsIfNone(): Promise<boolean> {
      if ((await this.termsUploadedAt()) || (await deps.storage.size(TERMS_PATH)) !== null) return false;
      await deps.storage.put(TERMS_PATH, await renderSampleTerms(), 'application/pdf');
      await appSettingsRepository(deps.db).set(TERMS_UPLOADED_AT, deps.now().toISOString(), null);
      return true;
    },

    /** The stored terms; 404 when none were uploaded. */
    async readTerms(): Promise<{ stream: Readable; size: number }> {
      const size = await deps.storage.size(TERMS_PATH);
      if (size === null) throw notFound();
      try {
        return { stream: await deps.storage.read(TERMS_PATH), size };
      } catch (error) {
        if (error instanceof FileNotFoundError) throw notFound();
        throw error;
      }
    },

    /** The privacy policy in both languages, and when it last changed. */
    async privacyPolicy(): Promise<PrivacyPolicy> {
      const settings = appSettingsRepository(deps.db);
      const [en, el] = await Promise.all([settings.get(PRIVACY_KEYS.en), settings.get(PRIVACY_KEYS.el)]);
      const text = (row: typeof en) => (typeof row?.value === 'string' ? row.value : '');
      const dates = [en?.updatedAt, el?.updatedAt].filter((d): d is Date => d instanceof Date);
      return {
        en: text(en),
        el: text(el),
        updatedAt: dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))).toISOString() : null,
      };
    },

    /** Saves both languages and the audit row (before and after) in one transaction. */
    async updatePrivacyPolicy(actorId: string, input: Required<PrivacyPolicyInput>): Promise<PrivacyPolicy> {
      await inTransaction(deps.db, async (trx) => {
        const settings = appSettingsRepository(trx);
        const [en, el] = await Promise.all([settings.get(PRIVACY_KEYS.en), settings.get(PRIVACY_KEYS.el)]);
        await settings.set(PRIVACY_KEYS.en, input.en, actorId);
        await settings.set(PRIVACY_KEYS.el, input.el, actorId);
        await auditLogRepository(trx).record({
          actorId,
          action: 'privacy.update',
          subjectType: 'privacy_policy',
          before: { en: en?.value ?? null, el: el?.value ?? null },
          after: { en: input.en, el: input.el },
        });
      });
      return this.privacyPolicy();
    },
  };
}
