// The words a buyer may use for a listing that its text may not hold: its languages' codes, own names and other
// English names ("es", "español", "Castilian"), its countries' codes, other names and people ("MX", "Mexican"),
// and the everyday names of what one record is ("X-ray", "call centre"). Added to the indexed text, so the API,
// the pages and the page's script find them alike. Public values only.
import { LANGUAGE_ALIASES } from '../language-aliases.ts';
import { countryName, geographyCountries } from '../countries.ts';
import { languageCode } from '../languages.ts';
import type { DataType } from '../vocabulary.ts';

const DATA_TYPE_TERMS: Record<DataType, string> = {
  call_audio: 'phone telephone call centre contact centre customer service',
  meeting_audio: 'meetings conference calls',
  telehealth_audio: 'telemedicine doctor patient consultations',
  voicemail_audio: 'voicemail messages',
  ct_study: 'CT scan computed tomography',
  mr_study: 'MRI scan magnetic resonance',
  radiograph: 'X-ray radiography',
  mammogram: 'mammography breast screening',
  ultrasound_study: 'ultrasound sonography echo',
  pet_ct_study: 'PET CT scan',
  whole_slide_image: 'pathology histopathology digital slides',
};

// People and other names of the countries the catalogue holds listings from (ICU's English has no demonyms).
const COUNTRY_TERMS: Record<string, string> = {
  'United States': 'USA America American US',
  'United Kingdom': 'UK Britain British England NHS',
  Mexico: 'Mexican Latin America',
  Brazil: 'Brazilian Latin America',
  Germany: 'German DACH',
  Austria: 'Austrian DACH',
  Spain: 'Spanish',
  France: 'French',
  Belgium: 'Belgian',
  Netherlands: 'Dutch Holland',
  Sweden: 'Swedish Nordic Scandinavian',
  Norway: 'Norwegian Nordic Scandinavian',
  India: 'Indian',
  China: 'Chinese',
  Japan: 'Japanese',
  'South Korea': 'Korean Korea',
  Philippines: 'Filipino Philippine',
  Australia: 'Australian',
  'United Arab Emirates': 'UAE Emirati Gulf GCC',
  'Saudi Arabia': 'Saudi KSA Gulf GCC',
};

const isoCodes = new Map<string, string>();
function countryCode(name: string): string | undefined {
  if (!isoCodes.size) {
    for (let a = 65; a <= 90; a += 1)
      for (let b = 65; b <= 90; b += 1) {
        const code = String.fromCharCode(a, b);
        const found = countryName(code);
        if (found && !isoCodes.has(found)) isoCodes.set(found, code);
      }
  }
  return isoCodes.get(name);
}

function languageTerms(name: string): string[] {
  const code = languageCode(name);
  if (!code) return [];
  const own = new Intl.DisplayNames([code], { type: 'language', fallback: 'none' }).of(code);
  const aliases = Object.entries(LANGUAGE_ALIASES)
    .filter(([, target]) => target === code)
    .map(([alias]) => alias);
  return [code, ...(own && own !== name ? [own] : []), ...aliases];
}

/** A listing's languages as a buyer may name them: English names, codes, own names, other names. */
export function languageWords(languages: readonly string[] | null): string {
  return (languages ?? []).flatMap((name) => [name, ...languageTerms(name)]).join(' ');
}

/** The extra words one listing is found by, besides its languages. */
export function searchTerms(listing: { geography: string; data_type: DataType }): string {
  const countries = geographyCountries(listing.geography);
  return [
    ...countries.flatMap((country) => [countryCode(country) ?? '', COUNTRY_TERMS[country] ?? '']),
    DATA_TYPE_TERMS[listing.data_type],
  ]
    .filter(Boolean)
    .join(' ');
}
