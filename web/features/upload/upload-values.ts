import { DEFAULT_COUNTRY } from '../../../common/constants';
import type { VideoLocation } from '../../../common/contracts/location';
import type { SessionUser } from '../../../common/contracts/session';
import { type VideoSubmission, videoSubmissionBody } from '../../../common/contracts/video-submission';
import { splitPhone } from '../../../common/phone';
import { emptyLocation, locationForSubmission } from '../../components/location-value';
import {
  emptyPhoneNumber,
  type PhoneNumberValue,
  phoneNumberToE164,
} from '../../components/phone-number-input';
import { zodValidator } from '../../lib/forms';

/** What the submission form holds: the contract's fields, with the file itself and a typed phone. */
export interface UploadValues {
  file: File | null;
  title: string;
  description: string;
  keywords: string;
  externalUrl: string;
  /** Shooting date (YYYY-MM-DD) and optional time (HH:MM), '' while not given. */
  date: string;
  time: string;
  location: VideoLocation;
  ownerName: string;
  ownerEmail: string;
  ownerPhone: PhoneNumberValue;
  ownerCountry: string | null;
  ownerInstagram: string;
  ownerDob: string;
  /** The PNG data URL, or '' while not signed. */
  signature: string;
  isPolicyAgreed: boolean;
}

/** An empty form, with the owner's details taken from the account: the creator is usually the owner. */
export function initialUploadValues(user: SessionUser): UploadValues {
  const country = user.account?.country ?? DEFAULT_COUNTRY;
  return {
    file: null,
    title: '',
    description: '',
    keywords: '',
    externalUrl: '',
    date: '',
    time: '',
    location: emptyLocation(),
    ownerName: user.account?.name ?? '',
    ownerEmail: user.email,
    ownerPhone: (user.phoneNumber && splitPhone(user.phoneNumber)) || emptyPhoneNumber(country),
    ownerCountry: country,
    ownerInstagram: user.account?.instagram ?? '',
    ownerDob: '',
    signature: '',
    isPolicyAgreed: false,
  };
}

/** The request body for POST /api/videos; checked by validateUpload first. */
export function toSubmission(values: UploadValues): VideoSubmission {
  const { file, ownerPhone, ownerCountry, date, time, location, ...rest } = values;
  return {
    ...rest,
    date: date || null,
    time: (date && time) || null,
    location: locationForSubmission(location),
    ownerPhone: phoneNumberToE164(ownerPhone) ?? '',
    ownerCountry: ownerCountry ?? '',
    isPolicyAgreed: values.isPolicyAgreed as true,
    fileName: file?.name ?? '',
    fileSize: file?.size ?? 0,
  };
}

/** The contract's field for a form field; the file is one field here and two (name, size) there. */
export function formField(contractField: string): string {
  return contractField === 'fileName' || contractField === 'fileSize' ? 'file' : contractField;
}

const checkSubmission = zodValidator(videoSubmissionBody);

/** The form's validator: the shared contract, its messages (i18n keys) put on the form's fields. */
export function validateUpload(values: UploadValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(checkSubmission(toSubmission(values)))) {
    errors[formField(field)] ??= message;
  }
  return errors;
}
