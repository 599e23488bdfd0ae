import type { DiscoverQueryParams, Gender as ProfileGender } from '@cove/contracts';

/** The spec's gender switches: male, female and other (sent as trans). */
export type Gender = 'male' | 'female' | 'other';
const sentAs: Record<Gender, ProfileGender> = { male: 'male', female: 'female', other: 'trans' };
export type DiscoverTab = 'featured' | 'everyone' | 'nearby';

export interface DiscoverFilters {
  tab: DiscoverTab;
  query: string;
  genders: Record<Gender, boolean>;
  /** The invite code the person signed up with: its creator comes first (docs/rules.md, `code_used`). */
  codeUsed?: string | null;
}

export const discoverTabs: { id: DiscoverTab; label: string }[] = [
  { id: 'featured', label: 'Featured' },
  { id: 'everyone', label: 'Everyone' },
  { id: 'nearby', label: 'Nearby' },
];

export const genderLabels: Record<Gender, string> = { female: 'Women', male: 'Men', other: 'Trans' };

/** Gender choices persist in this browser. */
export const genderStorageKey = 'discover-gender';
export const allGenders: Record<Gender, boolean> = { male: true, female: true, other: true };

export function loadGenders(storage: Storage = window.localStorage): Record<Gender, boolean> {
  try {
    const saved = JSON.parse(storage.getItem(genderStorageKey) ?? 'null') as Partial<
      Record<Gender, unknown>
    > | null;
    if (!saved) return allGenders;
    return {
      male: saved.male !== false,
      female: saved.female !== false,
      other: saved.other !== false,
    };
  } catch {
    return allGenders;
  }
}

export function saveGenders(genders: Record<Gender, boolean>, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(genderStorageKey, JSON.stringify(genders));
  } catch {
    // Storage blocked: the choice lasts for this visit only.
  }
}

/** The spec's discover page size. */
const pageSize = 20;

/**
 * The first page's query: featured unless another tab is chosen, nearby sent as type=near, only
 * the genders switched on (none of them when all are), and the person's invite code when they have one.
 */
export function discoverQuery(f: DiscoverFilters): DiscoverQueryParams {
  const genders = (Object.keys(f.genders) as Gender[]).filter((g) => f.genders[g]).map((g) => sentAs[g]);
  return {
    offset: 0,
    limit: pageSize,
    featured: f.tab === 'featured' ? 'true' : 'false',
    q: f.query.trim() || undefined,
    type: f.tab === 'nearby' ? 'near' : undefined,
    gender: genders.length === 3 ? undefined : genders.join(','),
    code_used: f.codeUsed ?? undefined,
  };
}
