import { DEFAULT_COUNTRY } from '../../common/constants';
import { type TvFreeVideo, tvFormSchema } from '../../common/contracts/tv';
import { emptyPhoneNumber, type PhoneNumberValue, phoneNumberToE164 } from '../components/phone-number-input';
import { zodValidator } from '../lib/forms';

/** What the TV form holds: the contract's fields, with the file itself and a typed phone. */
export interface TvValues {
  file: File | null;
  video: { title: string; description: string; keywordsString: string; youtubeUrl: string };
  owner: {
    name: string;
    email: string;
    phone: PhoneNumberValue;
    country: string | null;
    instagram: string;
    dob: string;
  };
  /** The PNG data URL, or '' while not signed. */
  signature: string;
  isPolicyAgreed: boolean;
}

/** An empty form; the country is Cyprus (SPEC 3) until changed. */
export function emptyTvValues(): TvValues {
  return {
    file: null,
    video: { title: '', description: '', keywordsString: '', youtubeUrl: '' },
    owner: {
      name: '',
      email: '',
      phone: emptyPhoneNumber(DEFAULT_COUNTRY),
      country: DEFAULT_COUNTRY,
      instagram: '',
      dob: '',
    },
    signature: '',
    isPolicyAgreed: false,
  };
}

const ownerOf = (values: TvValues) => {
  const { phone, country, ...owner } = values.owner;
  return { ...owner, phoneNumber: phoneNumberToE164(phone) ?? '', country: country ?? '' };
};

/** The contract's field names that the form holds differently: the typed phone and the file itself. */
const FORM_FIELDS: Record<string, string> = { 'owner.phoneNumber': 'owner.phone', 'video.fileName': 'file' };

/** The form field of a contract field (from the form's own check or the server's refusal). */
export const formFieldOf = (field: string) => FORM_FIELDS[field] ?? field;

const validate = zodValidator(tvFormSchema);
/** The shared contract's checks, on the form's fields. */
export function validateTv(values: TvValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(validate({ ...values, owner: ownerOf(values) })))
    errors[formFieldOf(field)] ??= message;
  return errors;
}

/** The createFreeVideo body (SPEC 7) for a checked form. */
export function toFreeVideo(videoId: string, values: TvValues): TvFreeVideo {
  return {
    videoId,
    video: { ...values.video, fileName: values.file?.name ?? '' },
    owner: ownerOf(values),
    isPolicyAgreed: true,
  };
}
