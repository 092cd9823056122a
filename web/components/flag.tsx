import gb from 'flag-icons/flags/4x3/gb.svg';
import gr from 'flag-icons/flags/4x3/gr.svg';
import { LANGUAGE_FLAGS, type Language } from '../../common/constants';

const FLAG_IMAGES: Record<string, string> = { gb, gr };

/** The flag that stands for a language (gb for English, gr for Greek). */
export function Flag({ language, size = 20 }: { language: Language; size?: number }) {
  const code = LANGUAGE_FLAGS[language];
  return (
    <img
      src={FLAG_IMAGES[code]}
      alt=""
      width={size}
      height={(size * 3) / 4}
      style={{ borderRadius: 2, display: 'block', boxShadow: '0 0 0 1px rgba(0,0,0,.08)' }}
      data-flag={code}
    />
  );
}
