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

const validate = zodValidator(tvFormSchema);
/** The shared contract's checks; a phone error belongs to the phone input. */
export function validateTv(values: TvValues): Record<string, string> {
  const errors = validate({ ...values, owner: ownerOf(values) });
  const { 'owner.phoneNumber': phone, ...rest } = errors;
  return phone ? { ...rest, 'owner.phone': phone } : rest;
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
