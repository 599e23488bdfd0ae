import type { AmlBody } from '@cove/contracts';

export interface AmlInput {
  full_name: string;
  date_of_birth: string;
  address: string;
  country: string;
  tax_id: string;
}

export const emptyAml: AmlInput = { full_name: '', date_of_birth: '', address: '', country: '', tax_id: '' };

export type AmlErrors = Partial<Record<keyof AmlInput, string>>;

/** What is missing before the form may go; the server checks the age and the rest again. */
export function checkAml(input: AmlInput): AmlErrors {
  const errors: AmlErrors = {};
  if (input.full_name.trim().length < 3) errors.full_name = 'Enter your full legal name.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.date_of_birth)) errors.date_of_birth = 'Enter your date of birth.';
  if (input.address.trim().length < 5) errors.address = 'Enter your full address.';
  if (!/^[A-Z]{2}$/.test(input.country)) errors.country = 'Choose your country.';
  return errors;
}

export function amlBodyOf(input: AmlInput): AmlBody {
  const taxId = input.tax_id.trim();
  return {
    full_name: input.full_name.trim(),
    date_of_birth: input.date_of_birth,
    address: input.address.trim(),
    country: input.country,
    ...(taxId ? { tax_id: taxId } : {}),
  };
}
